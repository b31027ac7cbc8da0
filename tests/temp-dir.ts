import { accessSync, constants, statfsSync } from "node:fs";

/**
 * Where the tests keep their throwaway files: the test PostgreSQL's cluster and every database
 * cloned in it, the copies of the project, the published files, Chromium's profiles. On this
 * project's machines the disk is ext4 mounted with `discard` over a virtual block device, and its
 * file system calls were most of the run's system time, the test PostgreSQL's above all; in memory
 * they cost almost nothing (BENCHMARKS.md, issue 31, point 3; decision 0056).
 *
 * So the tests use `/dev/shm` when it is a memory file system the tests may write to, with room
 * to spare; otherwise the system's temporary directory, as before. A `TMPDIR` set by whoever runs
 * the tests wins.
 */

/** A memory file system's magic number (statfs(2)). */
const TMPFS_MAGIC = 0x01021994;
/** The most the suite holds at once is well under this (two installs of the project, a cluster). */
const ROOM_NEEDED = 4 * 2 ** 30;
const IN_MEMORY = "/dev/shm";

/** `/dev/shm` if the tests may keep their files there, or undefined. */
export function memoryTempDir(dir = IN_MEMORY): string | undefined {
  try {
    const stats = statfsSync(dir);
    if (stats.type !== TMPFS_MAGIC || stats.bavail * stats.bsize < ROOM_NEEDED) return undefined;
    accessSync(dir, constants.W_OK);
    return dir;
  } catch {
    return undefined;
  }
}

/** Points `TMPDIR` (read by `os.tmpdir()` in this process and every child) at the memory file system. */
export function keepTempFilesInMemory(env: NodeJS.ProcessEnv = process.env): void {
  if (env.TMPDIR) return;
  const dir = memoryTempDir();
  if (dir !== undefined) env.TMPDIR = dir;
}
