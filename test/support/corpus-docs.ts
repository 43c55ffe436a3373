import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * Every `.md` file of the shared corpus (`../shared/corpus`), as `[path, text]` pairs in a stable order;
 * empty when the corpus is absent (the differential tests' other documents still run).
 */
export function corpusDocs(): [string, string][] {
  const out: [string, string][] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else if (n.endsWith(".md")) out.push([p, readFileSync(p, "utf8")]);
    }
  };
  try {
    walk(join(import.meta.dirname, "../../../shared/corpus"));
  } catch {
    // corpus absent: the other documents still run
  }
  return out;
}
