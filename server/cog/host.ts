import fs from 'node:fs';
import os from 'node:os';

/**
 * Which pids this process can see: the host name, plus on Linux the boot
 * (a cloned machine or a reboot is another) and the pid namespace (two
 * containers on one host, even sharing its host name, are two).
 */
export function hostKey(): string {
  const parts = [os.hostname()];
  try {
    parts.push(fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim());
    parts.push(fs.readlinkSync('/proc/self/ns/pid'));
  } catch {
    // Not Linux: the host name alone.
  }
  return parts.join(' ');
}

/** Whether a process of this host with that pid is running (EPERM: someone else's, running). */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
