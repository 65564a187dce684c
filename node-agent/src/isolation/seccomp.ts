/**
 * A seccomp filter (classic BPF, as bwrap's --seccomp takes it) that closes the kernel interfaces
 * a game server never needs and most kernel exploits start from: new namespaces (above all user
 * namespaces, which would make the server "root" in one of its own), mounting, keyrings, BPF,
 * perf events, userfaultfd, io_uring, kexec and modules. They fail with EPERM; clone3 fails with
 * ENOSYS so the C library falls back to clone, whose flags can be checked. Everything else is
 * allowed. Only x86-64 is described; elsewhere the agent runs without the filter and says so.
 */

const EPERM = 1;
const ENOSYS = 38;

// Classic BPF opcodes.
const LD_W_ABS = 0x20;
const JEQ_K = 0x15;
const JGE_K = 0x35;
const JSET_K = 0x45;
const RET_K = 0x06;

const RET_ALLOW = 0x7fff0000;
const RET_ERRNO = 0x00050000;
const RET_KILL_PROCESS = 0x80000000;

// Offsets in struct seccomp_data.
const NR = 0;
const ARCH = 4;
const ARG0_LOW = 16;

const AUDIT_ARCH_X86_64 = 0xc000003e;
/** x32 system calls on x86-64 carry this bit; none is needed, so all are refused. */
const X32_SYSCALL_BIT = 0x40000000;

const CLONE_NAMESPACE_FLAGS =
  0x00020000 /* NEWNS */ | 0x02000000 /* NEWCGROUP */ | 0x04000000 /* NEWUTS */ | 0x08000000 /* NEWIPC */ | 0x10000000 /* NEWUSER */ | 0x20000000 /* NEWPID */ | 0x40000000 /* NEWNET */ | 0x00000080; /* NEWTIME */

const X86_64 = {
  clone: 56,
  clone3: 435,
  refused: {
    unshare: 272,
    setns: 308,
    mount: 165,
    umount2: 166,
    pivot_root: 155,
    open_tree: 428,
    move_mount: 429,
    fsopen: 430,
    fsconfig: 431,
    fsmount: 432,
    fspick: 433,
    mount_setattr: 442,
    keyctl: 250,
    add_key: 248,
    request_key: 249,
    bpf: 321,
    perf_event_open: 298,
    userfaultfd: 323,
    io_uring_setup: 425,
    io_uring_enter: 426,
    io_uring_register: 427,
    kexec_load: 246,
    kexec_file_load: 320,
    init_module: 175,
    finit_module: 313,
    delete_module: 176,
    open_by_handle_at: 304,
    swapon: 167,
    swapoff: 168,
    reboot: 169,
    acct: 163,
  },
};

/** The system calls the filter refuses, by name (for the docs and the tests). */
export const REFUSED_SYSCALLS = [...Object.keys(X86_64.refused), 'clone with namespace flags', 'clone3'];

function instruction(code: number, k: number, jt = 0, jf = 0): Buffer {
  const buffer = Buffer.alloc(8);
  buffer.writeUInt16LE(code, 0);
  buffer.writeUInt8(jt, 2);
  buffer.writeUInt8(jf, 3);
  buffer.writeUInt32LE(k >>> 0, 4);
  return buffer;
}

/** The compiled filter for this machine, or undefined where no table of system calls is known. */
export function seccompFilter(arch: string = process.arch): Buffer | undefined {
  if (arch !== 'x64') return undefined;
  const refused = Object.values(X86_64.refused);
  const program: Buffer[] = [
    instruction(LD_W_ABS, ARCH),
    // Another architecture's system calls (32-bit int 0x80 on x86-64): killed outright.
    instruction(JEQ_K, AUDIT_ARCH_X86_64, 1, 0),
    instruction(RET_K, RET_KILL_PROCESS),
    instruction(LD_W_ABS, NR),
    instruction(JGE_K, X32_SYSCALL_BIT, 0, 1),
    instruction(RET_K, RET_ERRNO | EPERM),
    instruction(JEQ_K, X86_64.clone3, 0, 1),
    instruction(RET_K, RET_ERRNO | ENOSYS),
  ];
  // Each refused call jumps, when equal, to the shared EPERM answer at the very end.
  refused.forEach((nr, index) => program.push(instruction(JEQ_K, nr, refused.length - index + 3, 0)));
  program.push(
    instruction(JEQ_K, X86_64.clone, 0, 2),
    instruction(LD_W_ABS, ARG0_LOW),
    instruction(JSET_K, CLONE_NAMESPACE_FLAGS, 1, 0),
    instruction(RET_K, RET_ALLOW),
    instruction(RET_K, RET_ERRNO | EPERM),
  );
  return Buffer.concat(program);
}
