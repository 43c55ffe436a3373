/**
 * `agent-context report` on the command line (the built CLI, real temp directories and git): the default
 * file and the printed path, bad input (one `agent-context:` line naming the thing, exit 2, no file, no
 * temp file), and the cap on what the treemap draws in a large repository.
 */
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_CELLS } from "../../src/report/html/collect.js";
import { cliRun as cli, embeddedData } from "./report-helpers.js";

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

function repo(files: Record<string, string>): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), "ac-report-cli-")));
  made.push(d);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(d, rel)), { recursive: true });
    writeFileSync(join(d, rel), text);
  }
  return d;
}

const SMALL = { "CLAUDE.md": "# Project\n\nBe brief.\n", ".claude/rules/style.md": "# Style\n\nTabs.\n" };

it("without_out_it_writes_agent_context_report_html_in_the_current_directory_and_prints_its_path", async () => {
  const r = repo(SMALL);
  const run = await cli(["report"], r);
  expect(run.code).toBe(0);
  expect(run.stdout).toBe(`${join(r, "agent-context-report.html")}\n`);
  const data = embeddedData(join(r, "agent-context-report.html"));
  expect(data.agents.map((a) => a.id)).toEqual(["claude-code"]);
  expect(data.agents[0]?.launches[0]?.total).toBe(
    Buffer.byteLength("# Project\n\nBe brief.", "utf8") + Buffer.byteLength("# Style\n\nTabs.", "utf8"),
  );
});

it("run_in_a_subdirectory_it_finds_the_root_upward_and_charges_against_the_repositorys_cap", async () => {
  // Issue 29: `report` was the one command that took the current directory as the root, so in a
  // subdirectory it ignored the repository's .agent-context.json and showed the default cap.
  const r = repo({ ...SMALL, ".agent-context.json": '{ "cap": 1234 }\n', "packages/api/README.md": "api\n" });
  const sub = join(r, "packages/api");
  const run = await cli(["report"], sub);
  expect(run.stderr).toBe("");
  expect(run.stdout).toBe(`${join(sub, "agent-context-report.html")}\n`);
  const data = embeddedData(join(sub, "agent-context-report.html")) as unknown as {
    agents: { launches: { cwd: string; cap: number; capSource: string }[] }[];
  };
  const root = data.agents[0]?.launches.find((l) => l.cwd === ".");
  expect(root?.cap).toBe(1234);
});

it("the_report_names_files_relative_to_the_repository_never_by_this_machines_absolute_path", async () => {
  // Issue 29: the cap's source was embedded as /abs/path/.agent-context.json; a report is shared.
  const r = repo({ ...SMALL, ".agent-context.json": '{ "cap": 1234 }\n' });
  expect((await cli(["report"], r)).code).toBe(0);
  const html = readFileSync(join(r, "agent-context-report.html"), "utf8");
  expect(html).toContain("(.agent-context.json)");
  expect(html).not.toContain(r);
});

describe("bad input is one agent-context line, exit 2, and no file", () => {
  const r = repo(SMALL);
  const out = join(r, "out.html");
  const cases: [string, string[], RegExp][] = [
    [
      "a_missing_dir",
      ["report", join(r, "nope"), "--out", out],
      /^agent-context: DIR .*nope: no such directory$/,
    ],
    [
      "a_dir_that_is_a_file",
      ["report", join(r, "CLAUDE.md"), "--out", out],
      /^agent-context: DIR .*CLAUDE\.md: not a directory$/,
    ],
    [
      "an_out_in_a_missing_directory",
      ["report", r, "--out", join(r, "missing/dir/r.html")],
      /^agent-context: --out .*missing\/dir\/r\.html: directory .*missing\/dir does not exist; create it or write elsewhere$/,
    ],
    [
      "an_out_that_is_a_directory",
      ["report", r, "--out", join(r, ".claude")],
      /^agent-context: --out .*\.claude: is a directory; give a file name/,
    ],
    [
      "an_unknown_agent",
      ["report", r, "--out", out, "--agent", "cursor"],
      /^agent-context: --agent cursor: must be one of claude-code, codex, gemini-cli, copilot-cli, all$/,
    ],
    [
      "a_base_outside_git",
      ["report", r, "--out", out, "--base", "main"],
      /^agent-context: --base main: .* is not inside a git repository$/,
    ],
  ];
  it.each(cases)("%s", async (_name, args, message) => {
    const before = readdirSync(r).sort();
    const run = await cli(args, r);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    const lines = run.stderr.split("\n").filter((l) => l.startsWith("agent-context"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(r).sort()).toEqual(before);
  });

  it("a_base_that_is_not_a_commit", async () => {
    const g = repo(SMALL);
    execFileSync("git", ["init", "-q"], { cwd: g });
    const run = await cli(["report", g, "--out", join(g, "r.html"), "--base", "no-such-ref"], g);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toMatch(
      /^agent-context: --base no-such-ref: not a commit in the git repository at /,
    );
    expect(existsSync(join(g, "r.html"))).toBe(false);
  });
});

it("a_large_repository_draws_the_largest_cells_and_folds_the_rest_into_one_more_cell", async () => {
  const files: Record<string, string> = { "CLAUDE.md": "# Big\n" };
  for (let i = 0; i < MAX_CELLS + 50; i++)
    files[`.claude/rules/r${i}.md`] = `# Rule ${i}\n\n${"x".repeat(i + 1)}\n`;
  const r = repo(files);
  const out = join(r, "big.html");
  expect((await cli(["report", r, "--out", out], r)).code).toBe(0);
  const launch = embeddedData(out).agents[0]?.launches[0];
  const leaves = launch?.cells.filter((c) => c.leaf) ?? [];
  expect(leaves).toHaveLength(MAX_CELLS + 1);
  expect(launch?.moreCount).toBe(51);
  expect(leaves.filter((c) => c.path === null).map((c) => c.label)).toEqual(["+51 more"]);
  // The smallest files are the folded ones; the table still lists every file.
  expect(leaves.some((c) => c.path === ".claude/rules/r0.md")).toBe(false);
  expect(leaves.some((c) => c.path === `.claude/rules/r${MAX_CELLS + 49}.md`)).toBe(true);
  expect(launch?.files).toHaveLength(MAX_CELLS + 51);
});

it("a_copilot_scoped_instruction_counts_the_files_copilots_own_applyto_matcher_matches", async () => {
  // `src` is a directory to Claude Code's gitignore matcher (2 files) but never a file to Copilot's applyTo;
  // `*.TS` matches `a.ts` ignoring case for Claude Code, not for Copilot.
  const r = repo({
    ".github/instructions/dir.instructions.md": "---\napplyTo: 'src'\n---\nDIR\n",
    ".github/instructions/upper.instructions.md": "---\napplyTo: '*.TS'\n---\nUPPER\n",
    ".github/instructions/ts.instructions.md": "---\napplyTo: '**/*.ts'\n---\nTS\n",
    "src/a.ts": "a\n",
    "src/b.ts": "b\n",
  });
  execFileSync("git", ["init", "-q"], { cwd: r });
  const out = join(r, "out.html");
  const run = await cli(["report", r, "--agent", "copilot-cli", "--out", out]);
  expect(run.code, run.stderr).toBe(0);
  const launch = embeddedData(out).agents[0]?.launches[0] as unknown as {
    onDemand: { path: string; matches: number }[];
  };
  const matches = Object.fromEntries(launch.onDemand.map((o) => [o.path, o.matches]));
  expect(matches).toEqual({
    ".github/instructions/dir.instructions.md": 0,
    ".github/instructions/ts.instructions.md": 2,
    ".github/instructions/upper.instructions.md": 0,
  });
});

it("with_base_every_launch_of_every_agent_shows_the_change_cap_base_json_reports", async () => {
  // The report measures every launch under one read snapshot; the base revision's copy is written between
  // launches, so a listing kept from an earlier launch once hid the base's imports and GEMINI.md (+1,040 B
  // for Claude Code where cap said +77).
  const d = repo({
    "CLAUDE.md": "# Project\n\nSee @docs/guide.md\n",
    "docs/guide.md": "# Guide\n\nSmall steps.\n",
    "AGENTS.md": "# Agents\n\nBe brief.\n",
    "GEMINI.md": "# Gemini\n\nBe brief.\n",
    ".github/copilot-instructions.md": "# Copilot\n\nBe brief.\n",
    "packages/api/CLAUDE.md": "# API\n\nValidate input.\n",
  });
  const git = (...args: string[]) => execFileSync("git", args, { cwd: d, stdio: "pipe" });
  git("init", "-q", "-b", "main");
  git("add", "-A");
  git("-c", "user.name=t", "-c", "user.email=t@e", "commit", "-qm", "base");
  writeFileSync(join(d, "CLAUDE.md"), "# Project\n\nSee @docs/guide.md\n\nOne more line.\n");
  writeFileSync(join(d, "GEMINI.md"), "# Gemini\n\nBe brief, always.\n");
  const out = join(d, "r.html");
  expect((await cli(["report", d, "--agent", "all", "--base", "HEAD", "--out", out])).code).toBe(0);
  const cap = await cli(["cap", d, "--agent", "all", "--all-cwds", "--base", "HEAD", "--json"]);
  const want = (JSON.parse(cap.stdout) as { agent: string; cwd: string; delta: { change: number } }[]).map(
    (r) => [r.agent, r.cwd === d ? "." : r.cwd.slice(d.length + 1), r.delta.change],
  );
  const data = embeddedData(out) as unknown as {
    agents: { id: string; launches: { cwd: string; delta: { change: number } }[] }[];
  };
  const shown = data.agents.flatMap((a) => a.launches.map((l) => [a.id, l.cwd, l.delta.change]));
  expect(shown).toEqual(want);
  expect(shown.some(([, , c]) => c !== 0)).toBe(true);
});
