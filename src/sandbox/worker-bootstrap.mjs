// Worker threads do not inherit the TypeScript loader that `tsx` registers on the main thread
// (Node 20), so the sandbox worker registers it itself before loading its TypeScript entry.
import { register } from "tsx/esm/api";

register();
await import("./worker-entry.ts");
