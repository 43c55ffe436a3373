/**
 * `npm run conformance:fuzz -- [--agent claude-code|gemini-cli|copilot-cli] --cases N --seed S [--release R] [--from K | --indexes I,J,...] [--concurrency C] [--no-shrink]
 * [--json FILE] [--show] [--found]`: runs the differential test for any number of cases and prints the counts per release and
 * each kind of disagreement as a shrunk, ready-to-paste fixture. Exit 1 on a disagreement, 2 on bad usage.
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { removeFixtures } from "../../support/fixture.js";
import { type FuzzAgent, fuzzAgent, fuzzAgents } from "./agents.js";
import { campaignCases, runCampaign, summary } from "./campaign.js";
import { foundAsCase } from "./found.js";
import { checkCase, pool } from "./run.js";

const USAGE = `usage: npm run conformance:fuzz -- [--agent ${fuzzAgents()
  .map((f) => f.model.id)
  .join(
    "|",
  )}] --cases N --seed S [--release R] [--from K | --indexes I,J,...] [--concurrency C] [--no-shrink] [--shrink-budget N] [--json FILE] [--show] [--print] [--found]`;

function fail(msg: string): never {
  process.stderr.write(`${msg}\n${USAGE}\n`);
  process.exit(2);
}

let values: Record<string, string | boolean | undefined>;
try {
  ({ values } = parseArgs({
    options: {
      agent: { type: "string", default: "claude-code" },
      cases: { type: "string", default: "20" },
      seed: { type: "string", default: "1" },
      from: { type: "string", default: "0" },
      indexes: { type: "string" },
      release: { type: "string" },
      concurrency: { type: "string", default: "3" },
      "no-shrink": { type: "boolean", default: false },
      "shrink-budget": { type: "string", default: "80" },
      json: { type: "string" },
      show: { type: "boolean", default: false },
      found: { type: "boolean", default: false },
      print: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
    strict: true,
  }));
} catch (e) {
  fail((e as Error).message);
}
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const int = (name: string, min: number): number => {
  const v = Number(values[name]);
  if (!Number.isInteger(v) || v < min) fail(`--${name} must be an integer ≥ ${min} (got ${values[name]})`);
  return v;
};
const cases = int("cases", 1);
const from = int("from", 0);
const concurrency = int("concurrency", 1);
const shrinkBudget = int("shrink-budget", 0);
const agent: FuzzAgent | undefined = fuzzAgent(String(values.agent));
if (!agent)
  fail(
    `--agent ${values.agent}: one of ${fuzzAgents()
      .map((f) => f.model.id)
      .join(", ")}`,
  );
const release = values.release as string | undefined;
const pinned = agent.releases();
if (release && !pinned.includes(release))
  fail(`--release ${release}: pinned releases are ${pinned.join(", ")}`);
const seed = String(values.seed);
const indexes = values.indexes
  ? String(values.indexes)
      .split(",")
      .map((x) => Number(x.trim()))
  : undefined;
if (indexes?.some((i) => !Number.isInteger(i) || i < 0))
  fail(`--indexes must list integers ≥ 0 (got ${values.indexes})`);

if (values.found) {
  // The pinned cases of found.ts: does the CLI still do what they say, and does the model agree?
  const found = agent.found;
  const results = await pool(found, concurrency, (c) => checkCase(foundAsCase(c), { keep: true, agent }));
  let bad = 0;
  found.forEach((c, i) => {
    const v = results[i] as Awaited<ReturnType<typeof checkCase>>;
    const rel = (p: string) => (p.startsWith(`${v.root}/`) ? p.slice(v.root.length + 1) : p);
    const launch = v.cli?.launch.map((l) => rel(l.path));
    const reads = v.cli?.reads.map((t) => t.map((l) => rel(l.path)));
    const cliOk =
      JSON.stringify(launch) === JSON.stringify(c.expect) &&
      JSON.stringify(reads) === JSON.stringify(c.expectReads);
    const ok = !v.error && cliOk && (c.open ? v.diffs.length > 0 : v.diffs.length === 0);
    if (!ok) bad++;
    process.stdout.write(`${ok ? "ok" : "FAIL"} ${c.name}${c.open ? " (open: the model disagrees)" : ""}\n`);
    if (v.error) process.stdout.write(`    harness error: ${v.error}\n`);
    if (!cliOk)
      process.stdout.write(`    the CLI: launch ${JSON.stringify(launch)}, reads ${JSON.stringify(reads)}\n`);
    for (const d of v.diffs) process.stdout.write(`    ${d}\n`);
  });
  removeFixtures();
  process.exit(bad ? 1 : 0);
}

if (values.print) {
  // Both sides' whole observations of each case (root shown as <R>), for triage.
  const list = campaignCases({
    agent,
    seed,
    cases,
    from,
    ...(indexes ? { indexes } : {}),
    ...(release ? { release } : {}),
  });
  for (const c of list) {
    const v = await checkCase(c, { agent });
    const out = JSON.stringify(
      { seed: c.seed, error: v.error, diffs: v.diffs, cli: v.cli, model: v.model },
      null,
      1,
    );
    process.stdout.write(`${out.replaceAll(v.root, "<R>")}\n`);
  }
  process.exit(0);
}

if (values.show) {
  const list = campaignCases({
    agent,
    seed,
    cases,
    from,
    ...(indexes ? { indexes } : {}),
    ...(release ? { release } : {}),
  });
  process.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
  process.exit(0);
}

const result = await runCampaign({
  agent,
  seed,
  cases: indexes?.length ?? cases,
  from,
  ...(indexes ? { indexes } : {}),
  concurrency,
  shrink: !values["no-shrink"],
  shrinkBudget,
  ...(release ? { release } : {}),
  onCase: (v, done) => {
    const state = v.error ? "ERROR" : v.diffs.length ? "DISAGREE" : "ok";
    process.stdout.write(
      `[${done}/${indexes?.length ?? cases}] ${v.case.seed} ${v.case.release} ${state} ${v.ms} ms\n`,
    );
    if (v.diffs.length) for (const d of v.diffs.slice(0, 3)) process.stdout.write(`    ${d}\n`);
  },
  log: (l) => process.stdout.write(`${l}\n`),
});
process.stdout.write(`\n${summary(result, { agent, seed, cases, from, ...(indexes ? { indexes } : {}) })}\n`);
if (values.json) {
  writeFileSync(
    String(values.json),
    `${JSON.stringify(
      {
        agent: agent.model.id,
        seed,
        from,
        cases,
        counts: result.counts,
        ms: result.ms,
        findings: result.findings.map(({ fixture: _f, ...f }) => f),
        disagreements: result.verdicts
          .filter((v) => v.diffs.length)
          .map((v) => ({ seed: v.case.seed, release: v.case.release, diffs: v.diffs })),
        errors: result.verdicts.filter((v) => v.error).map((v) => ({ seed: v.case.seed, error: v.error })),
      },
      null,
      2,
    )}\n`,
  );
}
process.exit(result.findings.length ? 1 : 0);
