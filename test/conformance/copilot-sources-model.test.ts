/**
 * The Copilot CLI model against the recorded sources cases (test/conformance/sources.fixtures.ts, re-recorded
 * live by sources-cli.test.ts): for every copilot-cli case the model's skill, command and custom-agent items
 * hold exactly the recorded entry texts in the recorded order, each item's bytes being its entry plus the
 * list's separator (and, for an agent, its `,"NAME"` in the agent_type enum). In process, no CLI: the case's
 * files are written as the live test writes them and the model runs in the user view (HOME's
 * `.copilot`), as the CLI ran; the fresh-clone view must list the repository's entries alone.
 */
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copilotCli } from "../../src/agents/copilot-cli/index.js";
import type { Snapshot } from "../../src/model/index.js";
import { type ListId, SOURCES_CASES } from "./sources.fixtures.js";
import { type Laid, layOut, modelLists, removeLaidOut } from "./sources-model-support.js";

const CASES = SOURCES_CASES.filter((c) => c.agent === "copilot-cli");
afterAll(removeLaidOut);

function run(cwd: string, laid: Laid, view: "user" | "fresh-clone"): Snapshot {
  return copilotCli.launch({
    root: laid.repo,
    cwd: join(laid.repo, cwd),
    ...(view === "user" ? { view: "user" as const, user: { home: laid.home, env: {} } } : {}),
  });
}

const check = (ok: boolean, what: string) => expect(ok, what).toBe(true);

describe("the copilot-cli model lists the recorded skills, commands and custom agents", () => {
  it("has_at_least_seven_copilot_cases", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(7);
  });

  for (const c of CASES) {
    it(c.name, () => {
      const laid = layOut(c);
      const snap = run(c.cwd ?? ".", laid, "user");
      const got = modelLists(snap, "copilot-cli", check);
      for (const list of ["copilot-cli.skills", "copilot-cli.agents"] as ListId[])
        expect(got[list] ?? [], list).toEqual((c.expected[list] ?? []).map((e) => e.text));
      for (const i of snap.items.filter((x) => x.kind === "subagent" && typeof x.extra?.entry === "string"))
        expect(i.extra?.enum).toBe(`,${JSON.stringify(i.extra?.name)}`);
      // The fresh-clone view: the repository's entries, none of HOME's.
      const fresh = modelLists(run(c.cwd ?? ".", laid, "fresh-clone"), "copilot-cli", check);
      for (const list of ["copilot-cli.skills", "copilot-cli.agents"] as ListId[])
        expect(fresh[list] ?? [], list).toEqual(
          (c.expected[list] ?? []).filter((e) => !e.source.startsWith("~/")).map((e) => e.text),
        );
    });
  }
});
