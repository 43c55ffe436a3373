/**
 * Numbers that hold anywhere (issue 27 item 1): an item's `bytes` is what the repository controls, the same
 * in every checkout and under every home; the absolute paths an agent writes around it are `framingBytes`
 * (as sent on this machine), never charged and never part of a delta. The built CLI, real folders, real git.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { agentContext } from "../support/cli-run.js";
import { commit, git } from "./cap-helpers.js";

const AGENTS = ["claude-code", "codex", "gemini-cli", "copilot-cli"] as const;

/** One repository every agent reads, with the imports that put absolute paths into Gemini's and Copilot's text. */
const REPO: Record<string, string> = {
  "CLAUDE.md": "Use tabs.\n@docs/style.md\n@docs/missing.md\n",
  "AGENTS.md": "Agents: see @docs/style.md and @docs/deep.md\n",
  "GEMINI.md": "Gemini rules.\n@./docs/style.md\n@docs/nothere.md\n@docs/deep.md\n",
  "docs/style.md": "Style: short lines.\n",
  "docs/deep.md": "Deep: @./gone.md and @./style.md\n",
  ".github/copilot-instructions.md": "Copilot instructions.\n",
  ".github/instructions/all.instructions.md": '---\napplyTo: "**"\n---\nEvery file.\n',
  ".claude/rules/general.md": "General rule.\n",
  "pkg/AGENTS.md": "Package agents.\n",
};

/** The same user files under each home. */
const HOME_FILES: Record<string, string> = {
  ".gemini/GEMINI.md": "User gemini. @./extra.md\n",
  ".gemini/extra.md": "Extra.\n",
  ".copilot/copilot-instructions.md": "User copilot. @./more.md @./none.md\n",
  ".copilot/more.md": "More.\n",
  ".codex/AGENTS.md": "User codex.\n",
  ".claude/CLAUDE.md": "User claude.\n",
};

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

function scratch(): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), "ac-anywhere-")));
  made.push(d);
  return d;
}

function write(root: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
}

interface Run {
  agent: string;
  total: number;
  framingBytes: number;
  items: { path: string; bytes: number; charged: boolean; framingBytes?: number }[];
  delta?: { before: number; after: number; change: number; files: { path: string; change: number }[] };
}

/** `cap --json` with nothing from this process's environment but PATH, under `home`. */
async function capJson(dir: string, home: string, args: string[]): Promise<Run[]> {
  const r = await agentContext(["cap", dir, "--json", ...args], {
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home },
    cwd: dir,
  });
  expect(r.stdout, r.stderr).not.toBe("");
  const j = JSON.parse(r.stdout) as Run | Run[];
  return Array.isArray(j) ? j : [j];
}

/** Per agent: total and every item's charged bytes, the machine-independent numbers (the home shown as `~`). */
function numbers(runs: Run[], home: string): Record<string, unknown> {
  const shown = (p: string) => (p.startsWith(`${home}/`) ? `~${p.slice(home.length)}` : p);
  return Object.fromEntries(
    runs.map((r) => [
      r.agent,
      { total: r.total, items: r.items.map((i) => [shown(i.path), i.bytes, i.charged]) },
    ]),
  );
}

describe("the same repository measures the same in every folder and under every home", () => {
  const base = scratch();
  const short = join(base, "r");
  const long = join(base, "a-much-longer-checkout-folder/with/several/levels/of/nesting/repo");
  for (const d of [short, long]) {
    mkdirSync(d, { recursive: true });
    git(d, "init", "-q", "-b", "main");
    commit(d, REPO, "base");
  }
  const homes = [join(base, "h"), join(base, "home-of-a-user-with-a-long-name/x/y")];
  for (const h of homes) write(h, HOME_FILES);

  for (const view of ["fresh-clone", "user"] as const) {
    it(`every_agent_gives_equal_totals_in_two_folders_and_under_two_homes_in_the_${view.replace("-", "_")}_view`, async () => {
      const flags = ["--agent", "all", ...(view === "user" ? ["--user"] : [])];
      const runs = await Promise.all([short, long].flatMap((d) => homes.map((h) => capJson(d, h, flags))));
      const first = runs[0] as Run[];
      expect(first.map((r) => r.agent)).toEqual([...AGENTS]);
      const want = numbers(first, homes[0] as string);
      runs.forEach((r, i) => {
        expect(numbers(r, homes[i % 2] as string)).toEqual(want);
      });
      // The machine part is there, and differs: Gemini CLI frames every block with its absolute path,
      // Copilot CLI names each inlined import by its absolute path.
      const framing = (rs: Run[], agent: string) => rs.find((r) => r.agent === agent)?.framingBytes ?? 0;
      for (const agent of ["gemini-cli", "copilot-cli"]) {
        expect(framing(runs[0] as Run[], agent)).toBeGreaterThan(0);
        expect(framing(runs[2] as Run[], agent)).toBeGreaterThan(framing(runs[0] as Run[], agent));
      }
      if (view === "user")
        expect(framing(runs[1] as Run[], "gemini-cli")).toBeGreaterThan(
          framing(runs[0] as Run[], "gemini-cli"),
        );
      // framingBytes is never charged: the total is the charged items' bytes alone.
      for (const r of first)
        expect(r.total).toBe(
          r.items.filter((i) => i.charged).reduce((n, i) => n + i.bytes, 0) + overheadOf(r),
        );
    });
  }
});

function overheadOf(r: Run): number {
  const o = (r as unknown as { overhead?: { bytes: number; charged?: boolean }[] }).overhead ?? [];
  return o.filter((x) => x.charged !== false).reduce((n, x) => n + x.bytes, 0);
}

/** The file each agent charges that the edit grows, and the 245 bytes it adds. */
const EDITED: Record<(typeof AGENTS)[number], string> = {
  "claude-code": "CLAUDE.md",
  codex: "AGENTS.md",
  "gemini-cli": "GEMINI.md",
  "copilot-cli": "AGENTS.md",
};
const ADDED = `${"An edit of exactly two hundred and forty-five bytes. ".repeat(5).slice(0, 244)}\n`;

describe("cap --base reports what an edit adds, equal to measuring the base in place", () => {
  for (const agent of AGENTS) {
    it(`a_245_byte_edit_is_a_245_byte_change_for_${agent.replace("-", "_")}_as_the_base_checked_out_in_place_says`, async () => {
      expect(Buffer.byteLength(ADDED)).toBe(245);
      const dir = join(scratch(), "checkout-with-a-path-unlike-the-temporary-base-folder");
      mkdirSync(dir, { recursive: true });
      git(dir, "init", "-q", "-b", "main");
      commit(dir, REPO, "base");
      const file = EDITED[agent];
      // The edit goes before the last line, so no agent's trimming touches it.
      const text = REPO[file] as string;
      const at = text.indexOf("\n") + 1;
      write(dir, { [file]: text.slice(0, at) + ADDED + text.slice(at) });
      commit(dir, {}, "edit");
      const home = scratch();
      const head = (await capJson(dir, home, ["--agent", agent, "--base", "main~1"]))[0] as Run;
      git(dir, "checkout", "-q", "main~1");
      const inPlace = (await capJson(dir, home, ["--agent", agent]))[0] as Run;
      expect(head.delta?.before).toBe(inPlace.total);
      expect(head.delta?.after).toBe(head.total);
      expect(head.delta?.change).toBe(245);
      expect(head.delta?.files).toEqual([expect.objectContaining({ path: file, change: 245 })]);
    });
  }
});
