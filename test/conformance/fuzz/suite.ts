/**
 * The vitest suite of one agent's differential test (gemini-fuzz.test.ts, copilot-fuzz.test.ts): a fixed
 * list of generated repositories (`SEED:0 .. SEED:N-1`) run through the pinned CLI and the model, which
 * must agree byte for byte at launch and after each tool call; then the agent's pinned found cases. A
 * disagreement prints the shrunk case, ready to paste into the agent's found-*.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeFixtures } from "../../support/fixture.js";
import type { FuzzAgent } from "./agents.js";
import { type CampaignResult, runCampaign, summary } from "./campaign.js";
import { foundAsCase } from "./found.js";
import { foundCaseTests } from "./found-suite.js";
import { checkCase, pool, type Verdict } from "./run.js";

export interface FuzzSuiteOptions {
  /** The run seed of the CI cases. */
  seed: string;
  /** How many cases (sized for the wall time the suite may take). */
  cases: number;
  /** CLI runs in flight. */
  concurrency: number;
  /** CLI runs a shrink may spend (a failing CI case is shrunk before it is reported). */
  shrinkBudget: number;
  /**
   * CI seeds whose disagreement is a documented open kind (seed → why): the test requires the
   * disagreement, so the day the model agrees it fails and asks for the entry to go.
   */
  open?: Record<string, string>;
  /** The campaign's time limit in ms (default 900,000: the long tier's campaigns need more). */
  timeoutMs?: number;
}

/** Declares the suite of `agent` (call at the top level of a test file). */
export function fuzzSuite(agent: FuzzAgent, o: FuzzSuiteOptions): void {
  let campaign: CampaignResult;
  const found = new Map<string, Verdict & { root: string }>();
  const releases = agent.releases();

  beforeAll(async () => {
    campaign = await runCampaign({
      agent,
      seed: o.seed,
      cases: o.cases,
      releases,
      concurrency: o.concurrency,
      shrinkBudget: o.shrinkBudget,
      // Only an unexpected disagreement is worth the CLI runs of a shrink.
      shrink: o.open === undefined || Object.keys(o.open).length === 0,
    });
    if (campaign.findings.length) console.log(summary(campaign, { agent, seed: o.seed, cases: o.cases }));
    const results = await pool(agent.found, o.concurrency, (c) =>
      checkCase(foundAsCase(c), { keep: true, agent }),
    );
    agent.found.forEach((c, i) => {
      found.set(c.name, results[i] as Verdict & { root: string });
    });
  }, o.timeoutMs ?? 900_000);

  afterAll(removeFixtures);

  describe(`${agent.model.name}: generated fixture repositories against the real cli`, () => {
    it("the_release_fuzzed_is_the_pinned_one_the_model_was_verified_on", () => {
      expect(releases.length).toBeGreaterThan(0);
      expect(agent.modelRelease(releases[0] as string)).toBe(releases[0]);
    });

    it.each(Array.from({ length: o.cases }, (_, i) => [`${o.seed}:${i}`, i] as const))(
      "generated_case_%s_loads_what_the_cli_loads_at_launch_and_on_each_tool_call",
      (seed, i) => {
        const v = campaign.verdicts[i] as Verdict;
        expect(v.error, `harness error: ${v.error}`).toBeUndefined();
        if (o.open?.[seed]) {
          expect(v.diffs.length, `${seed} now agrees: drop it from the open CI seeds`).toBeGreaterThan(0);
          return;
        }
        const f = campaign.findings.find((x) => x.seeds.includes(v.case.seed));
        expect(v.diffs, f?.fixture ? `shrunk fixture:\n${f.fixture}` : "").toEqual([]);
      },
    );
  });

  describe(`${agent.model.name}: cases the differential test found`, () => {
    // As before this suite was shared: its found cases pin the files, not the entries.
    for (const c of agent.found)
      foundCaseTests(c, () => found.get(c.name) as Verdict & { root: string }, { entries: false });
  });
}
