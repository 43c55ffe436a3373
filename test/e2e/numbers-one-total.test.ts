/**
 * One total everywhere (issue 27 item 2), as a property over the differential test's generated
 * repositories: for each agent, the built CLI's `cap` (JSON and Markdown), `explain` and `report` give the
 * same total and the same per-file numbers for the same launch. An import inlined into its importer's block
 * (Gemini CLI, Copilot CLI) is listed but counted once, in that block.
 */
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fuzzAgent } from "../conformance/fuzz/agents.js";
import type { FuzzCase } from "../conformance/fuzz/generate.js";
import { writeCase } from "../conformance/fuzz/run.js";
import { agentContext } from "../support/cli-run.js";
import { removeFixtures } from "../support/fixture.js";
import { commit, git, tempRepo } from "./cap-helpers.js";

const CASES = Number(process.env.AGENT_CONTEXT_TOTALS_CASES ?? 5);
const ALL_KINDS = [
  "memory",
  "import",
  "rule",
  "skill",
  "command",
  "subagent",
  "output-style",
  "auto-memory",
  "extension",
];

const home = realpathSync(mkdtempSync(join(tmpdir(), "ac-totals-home-")));
afterAll(() => {
  removeFixtures();
  rmSync(home, { recursive: true, force: true });
});

async function cli(args: string[], cwd: string): Promise<string> {
  const r = await agentContext(args, { env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home }, cwd });
  expect(r.status, `${args.join(" ")}: ${r.stderr}`).not.toBe(2);
  return r.stdout;
}

interface Item {
  path: string;
  kind: string;
  bytes: number;
  charged: boolean;
  countedIn?: string;
}
interface CapRun {
  cwd: string;
  total: number;
  items: Item[];
  overhead: { bytes: number; charged: boolean }[];
}
interface ReportLaunch {
  cwd: string;
  total: number;
  files: { path: string; bytes: number; charged: boolean }[];
  filesOmitted: number;
  cells: { leaf: boolean; bytes: number; kind: string }[];
}

const fileNumbers = (xs: readonly { path: string; bytes: number; charged: boolean }[]) =>
  xs.map((i) => [i.path, i.bytes, i.charged]);

/** Which agent's generator makes its cases (Codex reads the AGENTS.md files of Claude Code's generator). */
const GENERATOR: Record<string, string> = {
  "claude-code": "claude-code",
  codex: "claude-code",
  "gemini-cli": "gemini-cli",
  "copilot-cli": "copilot-cli",
};

describe("cap, explain and report give one total for the same launch", () => {
  for (const agent of Object.keys(GENERATOR)) {
    const fuzz = fuzzAgent(GENERATOR[agent] as string);
    if (!fuzz) throw new Error(`no fuzz agent for ${agent}`);
    for (let n = 0; n < CASES; n++) {
      const seed = `totals-${agent}:${n}`;
      it(`cap_explain_and_report_agree_on_${agent.replace("-", "_")}_seed_${n}`, async () => {
        const release = fuzz.releases()[0] as string;
        const c: FuzzCase = fuzz.generate(seed, { releases: [release], release });
        const w = writeCase(c);
        // Half the cases charge every kind: explain's launch total is then the cap's to the byte.
        const everyKind = n % 2 === 0;
        if (everyKind)
          writeFileSync(join(w.root, ".agent-context.json"), JSON.stringify({ charge: ALL_KINDS }));
        const place = [w.root, "--agent", agent, "--cwd", w.cwd];
        const cap = JSON.parse(await cli(["cap", ...place, "--json"], w.root)) as CapRun;
        const target = c.reads[0] ? join(w.root, c.reads[0]) : join(w.cwd, "x.ts");
        const explain = JSON.parse(
          await cli(["explain", relative(w.root, target), ...place, "--fresh-clone", "--json"], w.root),
        ) as { launch: Item[]; total: number; charged: number; overhead: { bytes: number }[] };

        // explain: the same items, the charged total beside its own, and its own total counts each byte once.
        expect(fileNumbers(explain.launch)).toEqual(fileNumbers(cap.items));
        expect(explain.charged).toBe(cap.total);
        const once = cap.items.filter((i) => i.countedIn === undefined);
        const notCharged = once.filter((i) => !i.charged).reduce((s, i) => s + i.bytes, 0);
        const overheadNotCharged = cap.overhead.filter((o) => !o.charged).reduce((s, o) => s + o.bytes, 0);
        expect(explain.total).toBe(cap.total + notCharged + overheadNotCharged);
        if (everyKind)
          expect(explain.total).toBe(
            cap.total + once.filter((i) => i.kind === "local").reduce((s, i) => s + i.bytes, 0),
          );
        // Every item counted in another names an item of the launch.
        for (const i of cap.items.filter((x) => x.countedIn !== undefined))
          expect(cap.items.some((x) => x.path === i.countedIn && x.countedIn === undefined)).toBe(true);

        // Markdown (the pull-request comment) prints the cap's total.
        const md = await cli(["cap", ...place, "--format", "markdown"], w.root);
        expect(md).toContain(`| ${cap.total.toLocaleString("en-US")} B |`);

        // report: each launch directory as cap --all-cwds measures it, total, files and treemap.
        const all = JSON.parse(
          await cli(["cap", w.root, "--agent", agent, "--all-cwds", "--json"], w.root),
        ) as CapRun[];
        const out = join(w.root, "..", `${seed.replace(/[^a-z0-9]/gi, "-")}.html`);
        await cli(["report", w.root, "--agent", agent, "--out", out], w.root);
        const html = readFileSync(out, "utf8");
        rmSync(out);
        const data = JSON.parse(
          /<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "{}",
        ) as { agents: { launches: ReportLaunch[] }[] };
        const launches = data.agents[0]?.launches ?? [];
        expect(launches.length).toBe(all.length);
        for (const run of all) {
          const rel = relative(w.root, run.cwd) || ".";
          const l = launches.find((x) => x.cwd === rel);
          expect(l, rel).toBeDefined();
          if (!l) continue;
          expect(l.total).toBe(run.total);
          if (l.filesOmitted === 0) expect(fileNumbers(l.files)).toEqual(fileNumbers(run.items));
          const drawn = l.cells.filter((x) => x.leaf).reduce((s, x) => s + x.bytes, 0);
          expect(drawn).toBe(run.total);
        }
      });
    }
  }
});

describe("explain counts an inlined import once, in its importer's block", () => {
  for (const agent of Object.keys(GENERATOR)) {
    it(`explain_totals_equal_cap_totals_with_inlined_imports_for_${agent.replace("-", "_")}`, async () => {
      const root = tempRepo();
      git(root, "init", "-q", "-b", "main");
      commit(
        root,
        {
          "CLAUDE.md": "Claude.\n@docs/style.md\n",
          "AGENTS.md": "Agents: see @docs/style.md and @docs/deep.md\n",
          "GEMINI.md": "Gemini.\n@./docs/style.md\n@docs/deep.md\n",
          "docs/style.md": "Style: short lines.\n",
          "docs/deep.md": "Deep: @./style.md\n",
        },
        "base",
      );
      const cap = JSON.parse(await cli(["cap", root, "--agent", agent, "--json"], root)) as CapRun;
      const j = JSON.parse(
        await cli(["explain", "docs/style.md", root, "--agent", agent, "--fresh-clone", "--json"], root),
      ) as { total: number; charged: number };
      expect([j.total, j.charged]).toEqual([cap.total, cap.total]);
      const text = await cli(["explain", "docs/style.md", root, "--agent", agent, "--fresh-clone"], root);
      expect(text).toMatch(
        new RegExp(`At launch \\(every (main )?session\\) — \\d+ files?, ${cap.total} bytes\n`),
      );
      if (agent === "gemini-cli" || agent === "copilot-cli")
        expect(cap.items.filter((i) => i.countedIn !== undefined).length).toBeGreaterThan(0);
    });
  }
});
