import { describe, expect, it } from 'vitest';
import { outermost, sandboxInvocation, SERVER_ROOT, type SandboxSpec } from './sandbox.js';

const spec: SandboxSpec = {
  bwrap: '/usr/bin/bwrap',
  setpriv: '/usr/bin/setpriv',
  user: { uid: 2_000_007, gid: 2_000_007 },
  folder: '/srv/cairn/node/servers/abc',
  readOnly: ['/opt/cairn/node-agent/launchers', '/opt/cairn/node-agent/node_modules', '/opt/cairn/node-agent/node_modules/.pnpm', '/opt/cairn/node-agent'],
  hidden: ['/opt/cairn/node-agent/data', '/var/lib/elsewhere'],
  tmpBytes: 64 * 1024 * 1024,
  env: { PATH: '/usr/bin:/bin', CAIRN_PORT: '25600' },
  seccomp: Buffer.alloc(8),
};

/** The value following each occurrence of `flag` (for two-value flags, the pair). */
function values(argv: string[], flag: string, count = 1): string[][] {
  return argv.flatMap((arg, i) => (arg === flag ? [argv.slice(i + 1, i + 1 + count)] : []));
}

describe('the sandbox command line', () => {
  const { argv, inputs } = sandboxInvocation(spec, '/usr/bin/node', ['launcher.cjs']);
  const beforeCommand = argv.slice(0, argv.indexOf('--'));

  it('gives the server new PID, IPC and UTS namespaces, its own session, and dies with the agent', () => {
    for (const flag of ['--unshare-pid', '--unshare-ipc', '--unshare-uts', '--die-with-parent', '--new-session', '--clearenv']) expect(beforeCommand).toContain(flag);
    // The network stays the host's: players must reach the game port.
    expect(beforeCommand).not.toContain('--unshare-net');
  });

  it('mounts only the server folder read-write, at /server, and starts there', () => {
    expect(values(argv, '--bind', 2)).toEqual([[spec.folder, SERVER_ROOT]]);
    expect(values(argv, '--chdir')).toEqual([[SERVER_ROOT]]);
    expect(values(argv, '--dev-bind', 2)).toEqual([]);
  });

  it('shows the runtime read-only, nested paths once, and covers the agent data inside them', () => {
    const readOnly = values(argv, '--ro-bind', 2).map(([source]) => source);
    expect(readOnly).toContain('/usr');
    expect(readOnly).toContain('/opt/cairn/node-agent');
    expect(readOnly).not.toContain('/opt/cairn/node-agent/launchers');
    expect(values(argv, '--tmpfs').flat()).toEqual(['/tmp', '/opt/cairn/node-agent/data']);
    for (const secret of ['/etc/shadow', '/etc/gshadow', '/etc/sudoers', '/etc/ssh', '/root', '/home', '/var', '/etc/passwd', '/']) expect(readOnly).not.toContain(secret);
  });

  it('makes the folders on the way to a runtime kept under /tmp world-readable, inside the private /tmp', () => {
    const { argv: nested } = sandboxInvocation({ ...spec, readOnly: ['/tmp/tools-x/jdk17'] }, '/tmp/tools-x/jdk17/bin/java', []);
    const made = values(nested, '--dir').flat();
    expect(made).toContain('/tmp/tools-x');
    expect(made).not.toContain('/tmp');
    expect(nested.indexOf('/tmp')).toBeLessThan(nested.indexOf('/tmp/tools-x'));
    expect(nested[nested.indexOf('/tmp/tools-x') - 2]).toBe('0755');
  });

  it('hands the environment over only through --setenv, and /etc/passwd names the server user', () => {
    expect(values(argv, '--setenv', 2)).toEqual([
      ['PATH', '/usr/bin:/bin'],
      ['CAIRN_PORT', '25600'],
    ]);
    expect(values(argv, '--ro-bind-data', 2)).toEqual([
      ['3', '/etc/passwd'],
      ['4', '/etc/group'],
    ]);
    expect(inputs[0]).toContain('server:x:2000007:2000007:');
    expect(inputs[1]).toContain('server:x:2000007:');
    expect(values(argv, '--seccomp')).toEqual([['5']]);
    expect(inputs[2]).toBe(spec.seccomp);
  });

  it('drops to the server user with no capabilities and no way to gain any before the runtime starts', () => {
    const command = argv.slice(argv.indexOf('--') + 1);
    expect(command).toEqual([
      '/usr/bin/setpriv',
      '--reuid=2000007',
      '--regid=2000007',
      '--clear-groups',
      '--inh-caps=-all',
      '--bounding-set=-all',
      '--no-new-privs',
      '--',
      '/usr/bin/node',
      'launcher.cjs',
    ]);
  });
});

describe('outermost', () => {
  it('keeps a path once and drops those inside another', () => {
    expect(outermost(['/a/b', '/a', '/a/b/c', '/ab', '/a/'])).toEqual(['/a', '/ab']);
  });
});
