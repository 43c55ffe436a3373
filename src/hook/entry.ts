/**
 * The hook's fast entry point, bundled by scripts/bundle.mjs into dist/hook.cjs, which `agent-context init`
 * installs: `node /abs/dist/hook.cjs [hook]` as a PreToolUse command hook. It serves one call (./serve.ts)
 * and exits 0. Nothing runs at import time beyond module evaluation of what the call needs: heavy models
 * (the on-read model, pointer matching) are not bundled but load from dist/ beside this file when a call
 * needs them (./dist-module.ts).
 */
import { serveHook } from "./serve.js";

// Read when a call imports from dist/ (./dist-module.ts), not before: the bundle's URL costs a pathToFileURL.
Object.defineProperty(globalThis, "__agentContextBase", { configurable: true, get: () => import.meta.url });
void serveHook();
