// Makes `npm start` and `npm test` work on a fresh clone: installs the locked dependencies when
// node_modules is missing or older than package-lock.json. Plain JS: it runs before tsx exists.
import { execSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";

const installed = "node_modules/.package-lock.json";
const stale = !existsSync(installed) || statSync(installed).mtimeMs < statSync("package-lock.json").mtimeMs;
if (stale) {
  process.stderr.write("installing dependencies (npm ci)...\n");
  execSync("npm ci --no-audit --no-fund", { stdio: "inherit" });
}
