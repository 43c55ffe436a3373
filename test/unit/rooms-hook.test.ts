/**
 * Data flows one way (DESIGN.md, "Architecture"): agents/ → router/ → hook/. The agent models and the
 * router never import the hook room, so a hook change cannot change what `cap`, `explain` or `lint` say.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => join(dir, f));
}
const importsOf = (file: string) =>
  [...readFileSync(file, "utf8").matchAll(/(?:from|import\()\s*"([^"]+)"/g)].map((m) => m[1] as string);

describe("the hook room's place in the one-way flow", () => {
  it.each(["src/agents", "src/router", "src/shell", "src/pointers"])(
    "%s_never_imports_the_hook_room",
    (dir) => {
      const offenders = sources(dir).filter((f) => importsOf(f).some((i) => /(^|\/)hook\//.test(i)));
      expect(offenders).toEqual([]);
    },
  );
});
