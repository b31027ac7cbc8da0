// Makes `npm start` and `npm test` work on a fresh clone: installs the locked dependencies when
// node_modules is missing or older than package-lock.json. Plain JS: it runs before tsx exists.
// `npm install`, not `npm ci`: the registry this project can reach lacks Biome's binaries for other
// platforms, so the lockfile cannot list them and `npm ci` rejects it as out of sync; `npm install`
// keeps the locked versions and skips optional packages the registry does not have.
import { execSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";

const installed = "node_modules/.package-lock.json";
const stale = !existsSync(installed) || statSync(installed).mtimeMs < statSync("package-lock.json").mtimeMs;
if (stale) {
  process.stderr.write("installing the locked dependencies (npm install)...\n");
  execSync("npm install --no-audit --no-fund", { stdio: "inherit" });
}
