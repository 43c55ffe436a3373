/**
 * `npm run conformance:recorded [-- --agent ID] [--list]`: holds today's models against the cases recorded
 * from the real CLIs for issue 31 (test/conformance/recorded/*.json, written by the conformance suites
 * copilot-user-layer, claude-edges, codex-edges and gemini-user-layer) and prints, per agent and area, how
 * many agree byte for byte. No CLI runs: each case is written again and the model computed on it. A CLI
 * input the model has no option for (a flag, a variable it does not read) is left out of the model's
 * input, as a user's `cap` would; the case then agrees only if the input changes nothing.
 */
import { recordedVerdicts, type Verdict } from "./agreement.js";

const argv = process.argv.slice(2);
const only = argv.includes("--agent") ? argv[argv.indexOf("--agent") + 1] : undefined;
const verdicts = recordedVerdicts(only, { diff: argv.includes("--diff") });
const groups = new Map<string, Verdict[]>();
for (const v of verdicts)
  groups.set(`${v.agent} — ${v.area}`, [...(groups.get(`${v.agent} — ${v.area}`) ?? []), v]);
for (const [k, vs] of groups) {
  console.log(`${k}: ${vs.filter((v) => v.agrees).length} of ${vs.length} agree`);
  if (argv.includes("--list"))
    for (const v of vs)
      console.log(`  ${v.agrees ? "ok  " : "DIFF"} ${v.name}${v.why ? ` (${v.why.slice(0, 160)})` : ""}`);
}
const agree = verdicts.filter((v) => v.agrees).length;
console.log(`all: ${agree} of ${verdicts.length} agree`);
