// Makes `npm start` and `npm test` work on a fresh clone: installs the locked dependencies with
// `npm ci` (which never rewrites package-lock.json) when node_modules is missing, older than
// package-lock.json, or lacks one of the project's own packages. devDependencies are always
// included: `npm start` builds the pages, and the build tools are devDependencies, so an install
// that omitted them (NODE_ENV=production, `--omit=dev`) is redone (docs/decisions/0009).
// Plain JS: it runs before tsx exists.
import { execSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";

const installed = "node_modules/.package-lock.json";
const manifest = JSON.parse(readFileSync("package.json", "utf8"));
const wanted = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
const missing = wanted.filter((name) => !existsSync(`node_modules/${name}/package.json`));
const stale = !existsSync(installed) || statSync(installed).mtimeMs < statSync("package-lock.json").mtimeMs;
if (stale || missing.length > 0) {
  const why = !existsSync("node_modules")
    ? "no node_modules yet: a fresh clone"
    : stale
      ? "node_modules is older than package-lock.json"
      : `missing ${missing.join(", ")}`;
  process.stderr.write(`installing the locked dependencies (npm ci: ${why})...\n`);
  // NODE_ENV=production would make npm omit devDependencies, whatever the flag says of it.
  const env = { ...process.env, NODE_ENV: "development", npm_config_omit: "", npm_config_include: "dev" };
  execSync("npm ci --include=dev --no-audit --no-fund", { stdio: "inherit", env });
}
