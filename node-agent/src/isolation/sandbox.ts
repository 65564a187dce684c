import { existsSync, lstatSync, readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';

/** Where a server sees its own folder, its working directory and home. */
export const SERVER_ROOT = '/server';

export interface SandboxUser {
  uid: number;
  gid: number;
}

export interface SandboxSpec {
  bwrap: string;
  setpriv: string;
  user: SandboxUser;
  /** The server folder on the host, mounted read-write at SERVER_ROOT. */
  folder: string;
  /** Host paths (files or folders) the runtime needs, visible read-only at the same place. */
  readOnly: string[];
  /** Host paths that must never be visible (the agent's data): covered by an empty tmpfs should a read-only path hold them. */
  hidden: string[];
  /** Size of the private /tmp (it counts against the server's memory). */
  tmpBytes: number;
  env: Record<string, string>;
  /** A compiled seccomp filter (see seccomp.ts), or undefined where none is known. */
  seccomp: Buffer | undefined;
}

/** Descriptors (after stdio) bwrap reads /etc/passwd, /etc/group and the seccomp filter from. */
const PASSWD_FD = 3;
const GROUP_FD = 4;
const SECCOMP_FD = 5;

/**
 * The parts of the host's /etc a JVM or Node needs: name resolution, certificates, time zones,
 * the dynamic loader's cache and Debian's alternatives and JDK configuration. Nothing with
 * credentials (shadow, ssh, sudoers, the host's own passwd) is among them.
 */
function etcAllowlist(): string[] {
  const fixed = ['hosts', 'resolv.conf', 'nsswitch.conf', 'host.conf', 'gai.conf', 'localtime', 'timezone', 'ssl', 'ca-certificates', 'pki', 'alternatives', 'ld.so.cache', 'ld.so.conf', 'ld.so.conf.d', 'mime.types'];
  let names: string[] = [];
  try {
    names = readdirSync('/etc').filter((name) => /^java(-\d+)?(-openjdk)?$|^java-\d+-openjdk$/.test(name));
  } catch {
    // no /etc to read: nothing to add
  }
  return [...fixed, ...names].map((name) => `/etc/${name}`).filter((file) => existsSync(file));
}

/**
 * The top-level system folders, as the host has them: a merged-/usr host has /bin, /lib… as
 * links into /usr (recreated as links), an older one has them as folders (mounted read-only).
 */
function systemFolders(): string[] {
  const args = ['--ro-bind', '/usr', '/usr'];
  for (const top of ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32']) {
    const stat = lstatSync(top, { throwIfNoEntry: false });
    if (!stat) continue;
    if (stat.isSymbolicLink()) args.push('--symlink', readlinkSync(top), top);
    else if (stat.isDirectory()) args.push('--ro-bind', top, top);
  }
  return args;
}

/**
 * Folders bwrap must create on the way to the mount points (made world-readable: bwrap would
 * make them 0700, and the server's user could not walk to its own runtime). Folders inside
 * another mount already exist there; the private /tmp is mounted first, empty, so a runtime kept
 * under it needs its folders made inside it.
 */
function parentFolders(destinations: string[], mounted: string[]): string[] {
  const folders = new Set<string>();
  for (const destination of destinations) {
    for (let dir = path.dirname(destination); dir !== '/' && dir !== '/tmp'; dir = path.dirname(dir)) {
      if (mounted.some((mount) => dir === mount || dir.startsWith(`${mount}/`))) break;
      folders.add(dir);
    }
  }
  return [...folders].sort((a, b) => a.split('/').length - b.split('/').length);
}

/** /etc/passwd and /etc/group inside the sandbox: root, the server's user and nobody. */
function identityFiles(user: SandboxUser): { passwd: string; group: string } {
  return {
    passwd: `root:x:0:0:root:/:/usr/sbin/nologin\nserver:x:${user.uid}:${user.gid}:game server:${SERVER_ROOT}:/usr/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n`,
    group: `root:x:0:\nserver:x:${user.gid}:\nnogroup:x:65534:\n`,
  };
}

/** Read-only paths minus those already inside another one (a nested mount would add nothing). */
export function outermost(paths: string[]): string[] {
  const sorted = [...new Set(paths.map((p) => path.resolve(p)))].sort((a, b) => a.length - b.length);
  const kept: string[] = [];
  for (const candidate of sorted) {
    if (!kept.some((outer) => candidate === outer || candidate.startsWith(`${outer}/`))) kept.push(candidate);
  }
  return kept;
}

/**
 * The bubblewrap command line that runs `command` as the server's own user in a private view:
 * new mount, PID, IPC and UTS namespaces (the host's network is kept so players reach the game
 * port), an empty root with /usr and the listed runtime paths read-only, the server folder
 * read-write at /server, a private /tmp, a minimal /dev and a /proc that shows only the sandbox.
 * bwrap runs as root to build the view; setpriv inside then drops to the server's user and group
 * with no capabilities left and no way to gain any (no_new_privs), before the runtime starts.
 * --die-with-parent takes the whole sandbox down if the agent dies.
 */
function bwrapArgs(spec: SandboxSpec, command: string, args: string[]): string[] {
  const etc = etcAllowlist();
  const readOnly = outermost(spec.readOnly);
  // Only what lies inside a read-only path needs covering: anything else is not in the view at all.
  const covered = spec.hidden.map((p) => path.resolve(p)).filter((p) => readOnly.some((ro) => p === ro || p.startsWith(`${ro}/`)));
  const destinations = [...etc, '/etc/passwd', '/etc/group', ...readOnly, ...covered];
  const folders = parentFolders(destinations, ['/usr', ...readOnly]);
  const out = [
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--unshare-cgroup-try',
    '--hostname',
    'cairn-server',
    '--die-with-parent',
    '--new-session',
    '--clearenv',
    ...Object.entries(spec.env).flatMap(([key, value]) => ['--setenv', key, value]),
    ...systemFolders(),
    // Before the runtime paths: a JDK kept under /tmp must stay visible on top of it.
    '--perms',
    '1777',
    '--size',
    String(spec.tmpBytes),
    '--tmpfs',
    '/tmp',
    ...folders.flatMap((folder) => ['--perms', '0755', '--dir', folder]),
    ...etc.flatMap((file) => ['--ro-bind', file, file]),
    '--perms',
    '0644',
    '--ro-bind-data',
    String(PASSWD_FD),
    '/etc/passwd',
    '--perms',
    '0644',
    '--ro-bind-data',
    String(GROUP_FD),
    '/etc/group',
    ...readOnly.flatMap((p) => ['--ro-bind', p, p]),
    ...covered.flatMap((p) => ['--tmpfs', p]),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--bind',
    spec.folder,
    SERVER_ROOT,
    ...(spec.seccomp ? ['--seccomp', String(SECCOMP_FD)] : []),
    '--chdir',
    SERVER_ROOT,
    '--',
    spec.setpriv,
    `--reuid=${spec.user.uid}`,
    `--regid=${spec.user.gid}`,
    '--clear-groups',
    '--inh-caps=-all',
    '--bounding-set=-all',
    '--no-new-privs',
    '--',
    command,
    ...args,
  ];
  return out;
}

/** How to run bwrap for `command`: its arguments, and what its descriptors 3, 4 (and 5) must carry. */
export function sandboxInvocation(spec: SandboxSpec, command: string, args: string[]): { argv: string[]; inputs: Array<string | Buffer> } {
  const { passwd, group } = identityFiles(spec.user);
  return { argv: bwrapArgs(spec, command, args), inputs: spec.seccomp ? [passwd, group, spec.seccomp] : [passwd, group] };
}
