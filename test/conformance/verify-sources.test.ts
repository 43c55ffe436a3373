/**
 * `verify` compares skills, subagents and commands entry by entry against the real pinned CLIs (issue 26):
 * on a repository holding each agent's sources, the copy holds the files the lists are read from and
 * nothing beside them (a skill's script stays out), every agent's CLI lists what the model lists, and a
 * model that drops an entry and writes another otherwise (a test double of the model, never of the CLI) is
 * reported with each entry's list and name: one wrong-model run per agent (both faults at once; on Claude
 * Code 2.1.332 only, the comparison being the agent's, not the release's), two verify runs per agent.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentById } from "../../src/agents/index.js";
import { type VerifyReport, verifyRepository } from "../../src/app/verify.js";
import type { AgentModel, ContextItem, Snapshot } from "../../src/model/index.js";
import { renderVerifyText } from "../../src/report/verify.js";
import { claudeBin } from "../support/claude.js";
import { codexBin } from "../support/codex.js";
import { copilotBin, pool } from "../support/copilot.js";
import { geminiBin } from "../support/gemini.js";

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

const skill = (name: string, d: string) => `---\nname: ${name}\ndescription: ${d}\n---\nBody of ${name}.\n`;

/** Every agent's sources, and a script beside a skill that must never be copied. */
const FILES: Record<string, string> = {
  ".git/HEAD": "ref: refs/heads/main\n",
  "CLAUDE.md": "Be brief.\n",
  "AGENTS.md": "Be brief.\n",
  "GEMINI.md": "Be brief.\n",
  ".claude/skills/deploy/SKILL.md": skill("deploy", "Deploys the shop"),
  ".claude/skills/deploy/run.sh": "#!/bin/sh\necho deploy\n",
  ".claude/agents/reviewer.md":
    "---\nname: reviewer\ndescription: Reviews a change\ntools: Read, Grep\n---\nYou review.\n",
  ".claude/commands/ops/restart.md": "---\ndescription: Restarts the workers\n---\nRestart.\n",
  ".agents/skills/lint/SKILL.md": skill("lint", "Lints the code"),
  ".codex/skills/fmt/SKILL.md": skill("fmt", "Formats the code"),
  ".github/skills/ship/SKILL.md": skill("ship", "Ships a release"),
  ".github/agents/helper.md": "---\nname: helper\ndescription: Helps out\n---\nHelp.\n",
  ".gemini/skills/g1/SKILL.md": skill("g1", "A Gemini skill"),
};

function repo(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-verify-sources-")));
  made.push(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

/**
 * Per agent (and Claude Code release): its CLI and the entries the model lists for FILES, as `LIST NAME`,
 * in the model's item order (the CLI's order is compared by verify itself).
 */
const RUNS = [
  {
    key: "claude-code@2.1.332",
    id: "claude-code",
    cli: () => claudeBin("2.1.332"),
    entries: ["agents reviewer", "skills deploy", "skills ops:restart"],
    wrong: true,
  },
  {
    key: "claude-code@2.1.197",
    id: "claude-code",
    cli: () => claudeBin("2.1.197"),
    entries: ["agents reviewer", "skills deploy", "skills ops:restart"],
    wrong: false,
  },
  { key: "codex", id: "codex", cli: codexBin, entries: ["skills fmt", "skills lint"], wrong: true },
  {
    key: "gemini-cli",
    id: "gemini-cli",
    cli: () => geminiBin(),
    entries: ["skills g1", "skills lint"],
    wrong: true,
  },
  {
    key: "copilot-cli",
    id: "copilot-cli",
    cli: copilotBin,
    entries: ["skills deploy", "skills lint", "skills ship", "agents helper", "agents reviewer"],
    wrong: true,
  },
] as const;

/** The real model with its launch changed by `alter` (the double). */
function wrong(id: string, alter: (s: Snapshot) => Snapshot): AgentModel {
  const real = agentById(id);
  return { ...real, launch: (o) => alter(real.launch(o)) };
}

const listed = (i: ContextItem) => typeof i.extra?.entry === "string";
const label = (i: ContextItem) => `${String(i.extra?.list)} ${String(i.extra?.name)}`;

/** The model without its first listed entry. */
const dropFirst = (s: Snapshot): Snapshot => {
  const first = s.items.find(listed);
  return { ...s, items: s.items.filter((i) => i !== first) };
};
/** The model with its last listed entry's text changed at its end. */
const changeLast = (s: Snapshot): Snapshot => ({
  ...s,
  items: s.items.map((i) =>
    i === s.items.filter(listed).at(-1) ? { ...i, extra: { ...i.extra, entry: `${i.extra?.entry}!` } } : i,
  ),
});

const results = new Map<string, { right: VerifyReport; wrong?: VerifyReport; model: Snapshot }>();

beforeAll(async () => {
  const root = repo(FILES);
  await pool(
    RUNS.map((r) => async () => {
      const opts = { cli: r.cli(), root, cwd: root };
      const real = agentById(r.id);
      const right = await verifyRepository({ agent: real, ...opts });
      // One wrong model with both faults: the first entry dropped, the last written otherwise.
      const bad = r.wrong
        ? await verifyRepository({ agent: wrong(r.id, (s) => changeLast(dropFirst(s))), ...opts })
        : undefined;
      const model = real.launch({ root, cwd: root, release: right.model.release });
      results.set(r.key, { right, ...(bad ? { wrong: bad } : {}), model });
    }),
    2,
  );
}, 900_000);

describe("verify compares skills, subagents and commands entry by entry", () => {
  for (const r of RUNS) {
    const name = r.key.replace(/[-.@]/g, "_");
    const got = () => {
      const x = results.get(r.key);
      if (!x) throw new Error(`no run for ${r.key}`);
      return x;
    };

    it(`${name}_lists_what_the_model_lists_and_the_copy_holds_the_list_files_but_no_script`, () => {
      const { right, model } = got();
      expect(right.disagreements).toEqual([]);
      expect([right.agrees, right.limits]).toEqual([true, []]);
      expect(right.launch.entries).toBe(r.entries.length);
      expect(model.items.filter(listed).map(label)).toEqual(r.entries);
      expect(right.copied).toEqual(
        expect.arrayContaining([".claude/skills/deploy/SKILL.md", ".agents/skills/lint/SKILL.md"]),
      );
      expect(right.copied).not.toContain(".claude/skills/deploy/run.sh");
      expect(renderVerifyText(right)).toContain(
        `and ${r.entries.length} skill, subagent and command entries`,
      );
    });

    it.runIf(r.wrong)(
      `${name}_a_model_that_drops_an_entry_and_writes_another_otherwise_is_told_each_entry_the_cli_lists`,
      () => {
        const bad = got().wrong as VerifyReport;
        expect(bad.disagreements).toEqual([
          {
            moment: "launch",
            kind: "missing",
            entry: r.entries[0],
            model: "not listed",
            cli: expect.stringMatching(/^listed, \d+ bytes: /),
          },
          expect.objectContaining({ moment: "launch", kind: "text", entry: r.entries.at(-1) }),
        ]);
        expect(bad.disagreements[1]?.model).toMatch(/!"$/);
        expect(bad.agrees).toBe(false);
        expect(renderVerifyText(bad)).toContain(
          `${r.entries[0]} (list entry) (launch): your CLI lists an entry the model does not`,
        );
      },
    );
  }
});
