import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

/** Imports scripts/corpus.mjs in a fresh process with `env` and prints whether the corpus is present and the notice. */
function probe(env: Record<string, string | undefined>) {
  const code =
    'const m = await import("./scripts/corpus.mjs"); console.log(JSON.stringify({ present: m.corpusPresent(), dir: m.CORPUS_DIR, notice: m.corpusNotice() }));';
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", code], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...env },
    encoding: "utf8",
  });
  expect(r.stderr).toBe("");
  return JSON.parse(r.stdout) as { present: boolean; dir: string; notice: string };
}

describe("the notice for a missing corpus", () => {
  it("names_the_missing_directory_what_is_skipped_and_how_to_provide_it", () => {
    const p = probe({ AGENT_CONTEXT_CORPUS: "/nonexistent/corpus" });
    expect(p.present).toBe(false);
    const lines = p.notice.split("\n");
    expect(lines[1]).toBe("CORPUS TESTS SKIPPED: no corpus at /nonexistent/corpus");
    expect(p.notice).toContain("Looked for $AGENT_CONTEXT_CORPUS.");
    expect(p.notice).toContain(
      "test/corpus/,\n  test/conformance/*corpus* and test/e2e/*corpus* are skipped",
    );
    expect(p.notice).toContain("or set AGENT_CONTEXT_CORPUS=DIR.");
  });

  it("defaults_to_shared_corpus_beside_the_checkout", () => {
    const p = probe({});
    expect(p.dir).toBe(resolve(ROOT, "../shared/corpus"));
    expect(p.notice).toContain(
      `no corpus at ${resolve(ROOT, "../shared/corpus")}\n  Looked for ../shared/corpus beside this checkout.`,
    );
  });
});
