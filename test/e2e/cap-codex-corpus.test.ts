/**
 * The built CLI and the corpus table script on ../shared/corpus (skipped when the corpus is absent).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { CORPUS_DIR as CORPUS } from "../../scripts/corpus.mjs";

const CLI = resolve("dist/cli/main.js");

describe.skipIf(!existsSync(CORPUS))("codex on the corpus through the CLI", () => {
  it("open_mercato_all_cwds_flags_every_chain_over_32_kib_and_exits_1", () => {
    const r = spawnSync(
      process.execPath,
      [CLI, "cap", `${CORPUS}/open-mercato__open-mercato`, "--agent", "codex", "--all-cwds", "--json"],
      { encoding: "utf8" },
    );
    expect(r.status).toBe(1);
    const runs = JSON.parse(r.stdout) as {
      cwd: string;
      ok: boolean;
      items: { fileBytes: number; truncatedBytes: number }[];
      truncated: { totalLostBytes: number } | null;
    }[];
    expect(runs.length).toBeGreaterThan(30);
    for (const run of runs) {
      const onDisk = run.items.reduce((s, i) => s + i.fileBytes, 0);
      expect(run.truncated !== null, run.cwd).toBe(onDisk > 32768);
      if (run.truncated) {
        expect(run.ok).toBe(false);
        expect(run.items.reduce((s, i) => s + i.truncatedBytes, 0)).toBe(run.truncated.totalLostBytes);
      }
    }
  });

  it("docs_codex_corpus_md_is_what_the_script_prints", () => {
    const r = spawnSync(process.execPath, ["scripts/codex-corpus.mjs", CORPUS], { encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(readFileSync("docs/codex-corpus.md", "utf8"));
  });
});
