/**
 * A fuzz campaign: generate cases for seeds `SEED:0 .. SEED:N-1`, check each against the real CLI with
 * limited concurrency, shrink one case per kind of disagreement, and summarise per release. Used by the
 * vitest file (a fixed list of seeds) and by `npm run conformance:fuzz` (any number).
 */
import type { FuzzAgent } from "./agents.js";
import type { FuzzCase } from "./generate.js";
import { checkCase, claudeAgent, pool, type Verdict } from "./run.js";
import { formatFixture, shrink, signature } from "./shrink.js";

export interface CampaignOptions {
  /** The agent (default Claude Code). */
  agent?: FuzzAgent;
  seed: string;
  cases: number;
  /** Index of the first case (default 0). */
  from?: number;
  /** Run exactly these case indexes instead of `from .. from+cases-1` (e.g. a run's disagreements again). */
  indexes?: readonly number[];
  /** Run every case on this release (default: one pinned release drawn per case). */
  release?: string;
  /** Releases to draw from (default: every pinned release). */
  releases?: readonly string[];
  /** CLI runs in flight (default 3: the machine has 2 cores). */
  concurrency?: number;
  /** Shrink disagreements (default true) with at most this many CLI runs per shrink (default 80). */
  shrink?: boolean;
  shrinkBudget?: number;
  /** Called after each case. */
  onCase?: (v: Verdict, done: number) => void;
  log?: (line: string) => void;
}

/** One kind of disagreement: its first case, shrunk, as a fixture. */
export interface Finding {
  signature: string;
  seeds: string[];
  release: string;
  diffs: string[];
  shrunk?: FuzzCase;
  fixture?: string;
  shrinkRuns?: number;
}

export interface CampaignResult {
  verdicts: Verdict[];
  /** Per release: cases, agreements, disagreements, harness errors. */
  counts: Record<string, { cases: number; agree: number; disagree: number; errors: number }>;
  findings: Finding[];
  ms: number;
}

/** The cases of a campaign (deterministic). */
export function campaignCases(
  o: Pick<CampaignOptions, "agent" | "seed" | "cases" | "from" | "indexes" | "release" | "releases">,
): FuzzCase[] {
  const agent = o.agent ?? claudeAgent;
  const releases = o.releases ?? agent.releases();
  const from = o.from ?? 0;
  const indexes = o.indexes ?? Array.from({ length: o.cases }, (_, i) => from + i);
  return indexes.map((i) =>
    agent.generate(`${o.seed}:${i}`, { releases, ...(o.release ? { release: o.release } : {}) }),
  );
}

/** Runs a campaign. */
export async function runCampaign(o: CampaignOptions): Promise<CampaignResult> {
  const t0 = Date.now();
  const log = o.log ?? (() => {});
  const agent = o.agent ?? claudeAgent;
  const cases = campaignCases(o);
  let done = 0;
  const verdicts = await pool(cases, o.concurrency ?? 3, async (c) => {
    const v = await checkCase(c, { agent });
    o.onCase?.(v, ++done);
    return v;
  });
  const counts: CampaignResult["counts"] = {};
  for (const v of verdicts) {
    const k = v.case.release;
    counts[k] ??= { cases: 0, agree: 0, disagree: 0, errors: 0 };
    const n = counts[k];
    n.cases++;
    if (v.error) n.errors++;
    else if (v.diffs.length) n.disagree++;
    else n.agree++;
  }
  const bySig = new Map<string, Finding>();
  for (const v of verdicts) {
    if (v.error || v.diffs.length === 0) continue;
    const sig = `${v.case.release}|${signature(v.diffs[0] as string)}`;
    const f = bySig.get(sig);
    if (f) f.seeds.push(v.case.seed);
    else bySig.set(sig, { signature: sig, seeds: [v.case.seed], release: v.case.release, diffs: v.diffs });
  }
  const findings = [...bySig.values()];
  if (o.shrink ?? true) {
    for (const f of findings) {
      const first = verdicts.find((v) => v.case.seed === f.seeds[0]) as Verdict;
      const want = signature(first.diffs[0] as string);
      log(`shrinking ${first.case.seed} (${first.case.release}): ${first.diffs[0]}`);
      const s = await shrink(
        first.case,
        async (c) => {
          const v = await checkCase(c, { agent });
          return !v.error && v.diffs.some((d) => signature(d) === want);
        },
        { budget: o.shrinkBudget ?? 80, parallel: o.concurrency ?? 3 },
      );
      const v = await checkCase(s.case, { agent });
      f.shrunk = s.case;
      f.shrinkRuns = s.runs;
      if (v.cli) {
        f.diffs = v.diffs;
        f.fixture = formatFixture(s.case, v.root, v.cli, v.diffs);
      }
    }
  }
  return { verdicts, counts, findings, ms: Date.now() - t0 };
}

/** The campaign's summary as text: counts per release, then each kind of disagreement with its fixture. */
export function summary(
  r: CampaignResult,
  o: Pick<CampaignOptions, "agent" | "seed" | "cases" | "from" | "indexes">,
): string {
  const title = (o.agent ?? claudeAgent).model.name;
  const which = o.indexes ? o.indexes.join(",") : `${o.from ?? 0}..${(o.from ?? 0) + o.cases - 1}`;
  const lines = [`differential test: seed ${o.seed}, cases ${which}, ${Math.round(r.ms / 1000)} s`];
  for (const [rel, n] of Object.entries(r.counts)) {
    lines.push(
      `  ${title} ${rel}: ${n.cases} cases, ${n.agree} agree, ${n.disagree} disagree, ${n.errors} harness errors`,
    );
  }
  for (const v of r.verdicts.filter((x) => x.error)) lines.push(`  harness error ${v.case.seed}: ${v.error}`);
  for (const f of r.findings) {
    lines.push(
      "",
      `disagreement on ${f.release} (${f.seeds.length} cases: ${f.seeds.slice(0, 8).join(" ")}${f.seeds.length > 8 ? " …" : ""})`,
    );
    for (const d of f.diffs.slice(0, 6)) lines.push(`  ${d}`);
    if (f.fixture) lines.push(`  shrunk in ${f.shrinkRuns} runs; as a named fixture:`, f.fixture);
  }
  return lines.join("\n");
}
