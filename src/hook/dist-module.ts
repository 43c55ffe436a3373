/**
 * Where a module of the built package is, as a URL, for the hook's lazy imports. The bundled hook
 * (dist/hook.cjs) sets `globalThis.__agentContextBase` to its own URL, so `PATH` resolves next to it in
 * `dist/`; unbundled (dist/hook/*.js, as `agent-context hook` runs it, or the sources under test), it
 * resolves from this file's folder's parent. This keeps the bundle small: heavy models (YAML, gitignore
 * matching) load from the package only when a call needs them.
 * @param pathFromDist a module path relative to `dist/`, e.g. `agents/claude-code/on-read.js`
 */
export function distModuleUrl(pathFromDist: string): string {
  const base = (globalThis as { __agentContextBase?: string }).__agentContextBase;
  return base ? new URL(`./${pathFromDist}`, base).href : new URL(`../${pathFromDist}`, import.meta.url).href;
}
