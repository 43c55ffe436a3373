/**
 * The hook's fast entry point, bundled by scripts/bundle.mjs into dist/hook.cjs, which `agent-context init`
 * installs: `node /abs/dist/hook.cjs [hook]` as a PreToolUse command hook. It serves one call (./serve.ts)
 * and exits 0. Nothing runs at import time beyond module evaluation of what the call needs: heavy models
 * (the on-read model, pointer matching) are not bundled but load from dist/ beside this file when a call
 * needs them (./dist-module.ts).
 */
import { serveHook } from "./serve.js";

(globalThis as { __agentContextBase?: string }).__agentContextBase = import.meta.url;
void serveHook();
