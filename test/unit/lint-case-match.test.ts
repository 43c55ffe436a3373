/**
 * import-missing's letter-case near miss (src/lint/rules/import-missing.ts caseInsensitiveMatch) with a
 * listing cache shared across calls, as one lint run shares it: the same answers as without one.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { caseInsensitiveMatch } from "../../src/lint/rules/import-missing.js";

const root = mkdtempSync(join(tmpdir(), "ac-case-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("case-insensitive near misses", () => {
  it("a_shared_listing_cache_gives_the_answers_of_fresh_listings", () => {
    mkdirSync(join(root, "Docs"));
    writeFileSync(join(root, "Docs/Guide.md"), "g\n");
    writeFileSync(join(root, "Docs/other.md"), "o\n");
    const asks = [
      "Docs/Guide.md",
      "docs/guide.md",
      "DOCS/OTHER.MD",
      "Docs/missing.md",
      "docs/Guide.md/x",
      "Docs/other.md",
      "nodir/a.md",
    ].map((p) => join(root, p));
    const cache = new Map();
    const shared = asks.map((p) => caseInsensitiveMatch(p, cache));
    const fresh = asks.map((p) => caseInsensitiveMatch(p));
    expect(shared).toEqual(fresh);
    expect(shared).toEqual([
      null,
      join(root, "Docs/Guide.md"),
      join(root, "Docs/other.md"),
      null,
      null,
      null,
      null,
    ]);
    // A file added after the first listing is not seen through the cache (one lint run reads one state).
    writeFileSync(join(root, "Docs/New.md"), "n\n");
    expect(caseInsensitiveMatch(join(root, "docs/new.md"))).toBe(join(root, "Docs/New.md"));
  });
});
