import childProcess from "node:child_process";
import { syncBuiltinESMExports } from "node:module";
import net from "node:net";
import { expect } from "vitest";

/**
 * The unit layer's guard (docs/decisions/0011-test-layers.md): a unit test uses no database, no
 * network and no child processes, so that the layer needs no PostgreSQL and runs in seconds. A test
 * that tests/layers.ts classified as unit but reaches for one of them fails here, saying which
 * layer it belongs to, instead of quietly slowing the fast loop or waiting on a database that this
 * layer never starts.
 */

function refuse(what: string, layer: "integration" | "process"): never {
  const file = expect.getState().testPath ?? "this test file";
  throw new Error(
    `${what} in the unit layer: ${file} belongs to the ${layer} layer. tests/layers.ts puts a test ` +
      "beside the code there when it imports one of the layer's markers; add the module it reached " +
      `this through to the ${layer} markers (docs/decisions/0011-test-layers.md).`,
  );
}

// Sockets: PostgreSQL, HTTP clients (fetch too) and servers all go through these two.
net.Socket.prototype.connect = function connect(): never {
  refuse("a network connection (a database, an HTTP request)", "integration");
};
net.Server.prototype.listen = function listen(): never {
  refuse("a listening server", "integration");
};

// Child processes: every way node:child_process starts one.
for (const name of ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"] as const) {
  Object.defineProperty(childProcess, name, {
    value: () => refuse(`a child process (child_process.${name})`, "process"),
    writable: true,
    configurable: true,
  });
}
// `import { spawn } from "node:child_process"` reads these live bindings: point them at the guards too.
syncBuiltinESMExports();
