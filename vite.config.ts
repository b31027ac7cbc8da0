import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The browser's build runs the pages on Preact's compatibility layer, the server's on React
 * (docs/decisions/0054-preact-in-the-browser.md): the same components, a third of the JavaScript.
 */
const browserRuntime = [
  { find: /^react$/, replacement: here("src/web/browser-runtime/react.js") },
  { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  resolve: isSsrBuild ? {} : { alias: browserRuntime },
}));
