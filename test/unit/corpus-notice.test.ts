import { resolve } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

afterEach(() => {
  vi.unstubAllEnvs();
});

/** Imports scripts/corpus.mjs afresh under `env` (it reads the environment once, when loaded). */
async function probe(env: Record<string, string | undefined>) {
  vi.stubEnv("AGENT_CONTEXT_CORPUS", env.AGENT_CONTEXT_CORPUS);
  vi.resetModules();
  const m = await import("../../scripts/corpus.mjs");
  return { present: m.corpusPresent(), dir: m.CORPUS_DIR, notice: m.corpusNotice() };
}

describe("the notice for a missing corpus", () => {
  it("names_the_missing_directory_what_is_skipped_and_how_to_provide_it", async () => {
    const p = await probe({ AGENT_CONTEXT_CORPUS: "/nonexistent/corpus" });
    expect(p.present).toBe(false);
    const lines = p.notice.split("\n");
    expect(lines[1]).toBe("CORPUS TESTS SKIPPED: no corpus at /nonexistent/corpus");
    expect(p.notice).toContain("Looked for $AGENT_CONTEXT_CORPUS.");
    expect(p.notice).toContain(
      "test/corpus/,\n  test/conformance/*corpus* and test/e2e/*corpus* are skipped",
    );
    expect(p.notice).toContain("or set AGENT_CONTEXT_CORPUS=DIR.");
  });

  it("defaults_to_shared_corpus_beside_the_checkout", async () => {
    const p = await probe({});
    expect(p.dir).toBe(resolve(ROOT, "../shared/corpus"));
    expect(p.notice).toContain(
      `no corpus at ${resolve(ROOT, "../shared/corpus")}\n  Looked for ../shared/corpus beside this checkout.`,
    );
  });
});
