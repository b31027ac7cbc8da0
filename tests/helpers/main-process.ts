import { type ChildProcess, spawn } from "node:child_process";
import { readdir, readFile, readlink } from "node:fs/promises";
import net from "node:net";
import { parentPid } from "../../src/db/embedded.ts";

/**
 * `npm start`'s entry (src/main.ts) as a child process with `env` (and PATH) as its whole
 * environment, what it writes to stderr (and stdout, when asked) handed to `onOutput`.
 */
export function spawnMain(
  env: Record<string, string>,
  onOutput: (text: string) => void,
  options: { stdout?: boolean } = {},
): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ["ignore", options.stdout ? "pipe" : "ignore", "pipe"],
  });
  child.stdout?.on("data", (chunk) => onOutput(String(chunk)));
  child.stderr?.on("data", (chunk) => onOutput(String(chunk)));
  return child;
}

/** Whether something accepts connections on 127.0.0.1:port. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** A process and every process below it (Linux /proc). */
async function withDescendants(pid: number): Promise<number[]> {
  const pids = (await readdir("/proc")).filter((entry) => /^\d+$/.test(entry)).map(Number);
  const parents = await Promise.all(pids.map((each) => parentPid(each)));
  const found = [pid];
  for (let i = 0; i < found.length; i++) {
    pids.forEach((child, index) => {
      if (parents[index] === found[i]) found.push(child);
    });
  }
  return found;
}

/**
 * The TCP ports a process and its descendants listen on. What accepts on a port says little once
 * the port is free again: another test's server may take it; this asks the process itself.
 */
export async function listeningPorts(pid: number): Promise<Set<number>> {
  const sockets = new Set<string>();
  for (const each of await withDescendants(pid)) {
    const fds = await readdir(`/proc/${each}/fd`).catch(() => []);
    for (const fd of fds) {
      const target = await readlink(`/proc/${each}/fd/${fd}`).catch(() => "");
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode) sockets.add(inode);
    }
  }
  const ports = new Set<number>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    const lines = (await readFile(table, "utf8").catch(() => "")).split("\n").slice(1);
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      // local_address is "ADDR:PORT" in hex; state 0A is LISTEN; the inode is the tenth field.
      if (fields[3] !== "0A" || !sockets.has(fields[9] ?? "")) continue;
      ports.add(Number.parseInt(fields[1]?.split(":")[1] ?? "", 16));
    }
  }
  return ports;
}
