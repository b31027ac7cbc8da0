import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";

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
