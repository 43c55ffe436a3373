/**
 * Where a module of the built package is, as a URL, for the hook's lazy imports. The bundled hook
 * (dist/hook.cjs) sets `globalThis.__agentContextBase` to its own URL, so `PATH` resolves next to it in
 * `dist/`; unbundled (dist/hook/*.js, as `agent-context hook` runs it, or the sources under test), it
 * resolves from this file's folder's parent. This keeps the bundle small: heavy models (YAML, gitignore
 * matching) load from the package only when a call needs them.
 * @param pathFromDist a module path relative to `dist/`, e.g. `pointers/hook-route.js`
 */
export function distModuleUrl(pathFromDist: string): string {
  const base = (globalThis as { __agentContextBase?: string }).__agentContextBase;
  return base ? new URL(`./${pathFromDist}`, base).href : new URL(`../${pathFromDist}`, import.meta.url).href;
}

/**
 * Imports a module of the built package ({@link distModuleUrl}). The bundled hook's code is compiled by its
 * loader (dist/hook.cjs, scripts/hook-loader.cjs) as a `vm.Script`, in which `import()` has no module loader
 * to call: that loader lends its own as `globalThis.__agentContextImport`. Elsewhere (dist/hook/*.js, tests)
 * this is a plain `import()`.
 * @param pathFromDist a module path relative to `dist/`, e.g. `pointers/hook-route.js`
 */
export function importDist(pathFromDist: string): Promise<unknown> {
  const url = distModuleUrl(pathFromDist);
  const lent = (globalThis as { __agentContextImport?: (url: string) => Promise<unknown> })
    .__agentContextImport;
  return lent ? lent(url) : import(url);
}
