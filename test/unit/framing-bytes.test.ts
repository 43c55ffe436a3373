/**
 * `framingBytes` (issue 27 item 1) in the paths the end-to-end test does not take: Gemini CLI's flat import
 * format and its just-in-time context, Copilot CLI's nested memory attached on read. In each, the same
 * repository in a short and a long folder gives the same `bytes`, and `bytes + framingBytes` is the text as
 * sent.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copilotCli } from "../../src/agents/copilot-cli/index.js";
import { geminiCli } from "../../src/agents/gemini-cli/index.js";
import type { ContextItem, Snapshot } from "../../src/model/index.js";
import { removeFixtures, writeFixture } from "../support/fixture.js";

afterAll(removeFixtures);

const DEEP = "a-longer-folder/with/more/levels/before/the/repository";

/** The repository at the fixture root and again under a longer path; both roots. */
function twoCheckouts(files: Record<string, string>): [string, string] {
  const short = writeFixture({ files, git: ["."] });
  const spread = Object.fromEntries(Object.entries(files).map(([k, v]) => [`${DEEP}/${k}`, v]));
  const longer = writeFixture({ files: spread, git: [DEEP] }, "ac-fx-longer-checkout-name-");
  mkdirSync(join(longer, DEEP), { recursive: true });
  return [short, join(longer, DEEP)];
}

const numbers = (items: readonly ContextItem[]) => items.map((i) => [i.path, i.bytes, i.charged]);

function asSent(items: readonly ContextItem[], texts: ReadonlyMap<string, string>): void {
  for (const i of items.filter((x) => x.importedBy === null))
    expect(i.bytes + (i.framingBytes ?? 0)).toBe(Buffer.byteLength(texts.get(i.path) ?? ""));
}

describe("framingBytes keeps bytes the same in every checkout", () => {
  it("gemini_cli_flat_imports_name_each_file_by_its_absolute_path_outside_bytes", () => {
    const roots = twoCheckouts({
      ".gemini/settings.json": '{"context":{"importFormat":"flat"}}',
      "GEMINI.md": "Top. @docs/a.md\n",
      "docs/a.md": "A. @./b.md\n",
      "docs/b.md": "B.\n",
    });
    const snaps = roots.map((root) => geminiCli.launch({ root })) as [Snapshot, Snapshot];
    for (const s of snaps) {
      asSent(s.items, s.texts);
      expect(s.texts.get("GEMINI.md")).toContain(`--- File: ${join(s.root, "docs/b.md")} ---`);
    }
    expect(numbers(snaps[1].items)).toEqual(numbers(snaps[0].items));
    const framing = snaps.map((s) => s.items[0]?.framingBytes ?? 0);
    expect(framing[1]).toBeGreaterThan(framing[0] as number);
  });

  it("gemini_cli_just_in_time_context_charges_the_same_bytes_in_every_checkout", () => {
    const roots = twoCheckouts({
      "GEMINI.md": "root\n",
      "pkg/GEMINI.md": "pkg @./gone.md\n",
      "pkg/a.ts": "",
    });
    const reads = roots.map((root) => {
      const s = geminiCli.launch({ root });
      const r = geminiCli.onDemand?.(s).read(join(root, "pkg/a.ts"));
      asSent(r?.items ?? [], r?.texts ?? new Map());
      return r?.items ?? [];
    });
    expect(reads[0]?.length).toBe(1);
    expect(numbers(reads[1] ?? [])).toEqual(numbers(reads[0] ?? []));
  });

  it("copilot_cli_nested_memory_attached_on_read_leaves_its_imports_absolute_sources_out_of_bytes", () => {
    const roots = twoCheckouts({
      "AGENTS.md": "root\n",
      "pkg/AGENTS.md": "pkg: see @notes.md\n",
      "pkg/notes.md": "Notes.\n",
      "pkg/a.ts": "",
    });
    const reads = roots.map((root) => {
      const s = copilotCli.launch({ root });
      const r = copilotCli.onDemand?.(s).read(join(root, "pkg/a.ts"));
      asSent(r?.items ?? [], r?.texts ?? new Map());
      return r?.items ?? [];
    });
    expect(reads[0]?.map((i) => [i.path, i.framingBytes])).toEqual([
      ["pkg/AGENTS.md", Buffer.byteLength(join(roots[0], "pkg/notes.md"))],
    ]);
    expect(numbers(reads[1] ?? [])).toEqual(numbers(reads[0] ?? []));
  });
});
