/**
 * Conformance of the on-demand model in the user view (the layers: user rules, claudeMdExcludes,
 * environment switches) with the pinned Claude Code CLI: a scripted upstream makes the CLI Read files one
 * per turn, and the `Contents of PATH:` blocks it attaches after each Read must be what the model's session
 * (claudeCode.onDemand over the user-view snapshot) predicts, in order, byte for byte.
 * Findings: docs/findings-claude-settings.md.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claudeCode } from "../../src/agents/claude-code/index.js";
import { runClaude } from "../support/claude.js";
import { removeFixtures, writeFixture } from "../support/fixture.js";

interface OnReadLayerCase {
  name: string;
  files: Record<string, string>;
  /** Files of the throwaway home (`cfg/` is CLAUDE_CONFIG_DIR); `<R>` is the root. */
  home?: Record<string, string>;
  env?: Record<string, string>;
  /** Files read, one per turn, relative to the root (= the launch directory). */
  reads: string[];
  /** What the CLI attaches after each read: paths relative to the root, `~/` for the home. */
  expect: string[][];
}

const excludes = (...p: string[]) => JSON.stringify({ claudeMdExcludes: p });

const CASES: OnReadLayerCase[] = [
  {
    name: "a_scoped_user_rule_attaches_before_the_projects_scoped_rule_for_the_same_file",
    files: {
      ".claude/rules/api.md": '---\npaths: "src/**"\n---\nproject api rule\n',
      "src/a.ts": "a\n",
    },
    home: { "cfg/rules/mine.md": '---\npaths: "src/**"\n---\nmy api rule\n' },
    reads: ["src/a.ts"],
    expect: [["~/cfg/rules/mine.md", ".claude/rules/api.md"]],
  },
  {
    name: "claude_code_disable_claude_mds_attaches_no_nested_memory_and_no_scoped_rule",
    files: {
      ".claude/rules/api.md": '---\npaths: "src/**"\n---\nproject api rule\n',
      "src/CLAUDE.md": "nested memory\n",
      "src/a.ts": "a\n",
    },
    home: { "cfg/rules/mine.md": '---\npaths: "src/**"\n---\nmy api rule\n' },
    env: { CLAUDE_CODE_DISABLE_CLAUDE_MDS: "1" },
    reads: ["src/a.ts"],
    expect: [[]],
  },
  {
    name: "claude_md_excludes_also_keeps_nested_memory_and_scoped_rules_from_attaching",
    files: {
      ".claude/rules/api.md": '---\npaths: "src/**"\n---\nproject api rule\n',
      ".claude/rules/web.md": '---\npaths: "src/**"\n---\nproject web rule\n',
      "src/CLAUDE.md": "nested memory\n",
      "src/.claude/CLAUDE.md": "nested dot memory\n",
      "src/a.ts": "a\n",
      ".claude/settings.json": excludes("**/src/CLAUDE.md", "**/rules/web.md"),
    },
    reads: ["src/a.ts"],
    expect: [["src/.claude/CLAUDE.md", ".claude/rules/api.md"]],
  },
  {
    name: "claude_code_disable_attachments_attaches_nothing_on_read",
    files: {
      ".claude/rules/api.md": '---\npaths: "src/**"\n---\nproject api rule\n',
      "src/CLAUDE.md": "nested memory\n",
      "src/a.ts": "a\n",
    },
    env: { CLAUDE_CODE_DISABLE_ATTACHMENTS: "1" },
    reads: ["src/a.ts"],
    expect: [[]],
  },
];

const BLOCK = /^<system-reminder>\nContents of (\/[^\n]*?):\n\n([\s\S]*)\n<\/system-reminder>\n?$/;
interface Attached {
  path: string;
  text: string;
}
interface Outcome {
  root: string;
  home: string;
  cli: Attached[][];
  model: Attached[][];
}
const outcomes = new Map<string, Outcome>();
const homes: string[] = [];

async function runCase(c: OnReadLayerCase): Promise<Outcome> {
  const root = writeFixture({ files: c.files }, "ac-layers-read-");
  const home = `${root}-home`;
  homes.push(home);
  const cfg = join(home, "cfg");
  mkdirSync(cfg, { recursive: true });
  for (const [rel, text] of Object.entries(c.home ?? {})) {
    mkdirSync(dirname(join(home, rel)), { recursive: true });
    writeFileSync(join(home, rel), text.replaceAll("<R>", root));
  }
  const env = c.env ?? {};
  const run = await runClaude({
    cwd: root,
    home,
    configDir: cfg,
    env,
    script: c.reads.map((r) => [
      { type: "tool_use" as const, name: "Read", input: { file_path: join(root, r) } },
    ]),
    args: ["--permission-mode", "acceptEdits", "--allowedTools", "Read,Write,Edit,Bash"],
  });
  const last = run.mainRequests.at(-1);
  // biome-ignore lint/suspicious/noExplicitAny: API messages
  const messages = (last?.body.messages ?? []) as any[];
  const cli: Attached[][] = [];
  messages.forEach((m, i) => {
    if (i === 0 || m.role !== "user" || !Array.isArray(m.content)) return;
    // biome-ignore lint/suspicious/noExplicitAny: API content blocks
    if (!m.content.some((b: any) => b.type === "tool_result")) return;
    const found: Attached[] = [];
    for (const b of m.content) {
      const mm = b.type === "text" ? BLOCK.exec(b.text) : null;
      if (mm) found.push({ path: mm[1] ?? "", text: mm[2] ?? "" });
    }
    cli.push(found);
  });
  const snapshot = claudeCode.launch({
    root,
    cwd: root,
    view: "user",
    user: { home, env: { HOME: home, CLAUDE_CONFIG_DIR: cfg, ...env } },
  });
  const session = claudeCode.onDemand?.(snapshot);
  const model = c.reads.map((r) => {
    const res = session?.read(join(root, r));
    return (res?.items ?? []).map((i) => ({
      path: isAbsolute(i.path) ? i.path : join(root, i.path),
      text: res?.texts.get(i.path) ?? "",
    }));
  });
  return { root, home, cli, model };
}

const shown = (o: Outcome, p: string) =>
  p.startsWith(`${o.root}/`)
    ? p.slice(o.root.length + 1)
    : p.startsWith(`${o.home}/`)
      ? `~/${p.slice(o.home.length + 1)}`
      : p;

beforeAll(async () => {
  const results = await Promise.all(CASES.map(runCase));
  CASES.forEach((c, i) => {
    outcomes.set(c.name, results[i] as Outcome);
  });
}, 600_000);

afterAll(() => {
  removeFixtures();
  for (const h of homes.splice(0)) rmSync(h, { recursive: true, force: true });
});

describe("Claude Code on read, user view", () => {
  for (const c of CASES) {
    describe(c.name, () => {
      it("the_cli_attaches_exactly_the_expected_files", () => {
        const o = outcomes.get(c.name) as Outcome;
        expect(o.cli.map((t) => t.map((a) => shown(o, a.path)))).toEqual(c.expect);
      });
      it("the_model_predicts_the_same_attachments_byte_for_byte", () => {
        const o = outcomes.get(c.name) as Outcome;
        expect(o.model).toEqual(o.cli);
      });
    });
  }
});
