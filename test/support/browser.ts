/**
 * Finds a Chromium for the browser tests: `$CHROMIUM_PATH`, else /usr/bin/chromium, else `chromium` (or
 * `chromium-browser`) on PATH. When none is found the browser tests skip with {@link BROWSER_SKIP_MESSAGE},
 * which names the Debian package to install.
 */
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/** Why the browser tests are skipped when no Chromium is found. */
export const BROWSER_SKIP_MESSAGE =
  "BROWSER TESTS SKIPPED: no Chromium found ($CHROMIUM_PATH, /usr/bin/chromium, chromium on PATH); install the Debian package `chromium` (apt-get install -y --no-install-recommends chromium) or set CHROMIUM_PATH";

function executable(p: string): boolean {
  try {
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The Chromium executable to launch, or null when there is none. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.CHROMIUM_PATH) return executable(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : null;
  if (executable("/usr/bin/chromium")) return "/usr/bin/chromium";
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (!dir) continue;
    for (const name of ["chromium", "chromium-browser"]) {
      const p = join(dir, name);
      if (executable(p)) return p;
    }
  }
  return null;
}
