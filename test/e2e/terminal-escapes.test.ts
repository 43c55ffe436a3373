/**
 * Terminal output shows control characters escaped (issue 25): a file name holding terminal sequences (clear
 * the screen, write the clipboard), a carriage return or a bidi override is printed as escapes by every
 * command that names it, in every format; only our own colours reach a TTY as sequences. The built CLI.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLI, cleanup, git, tempRepo } from "./cap-helpers.js";

afterEach(cleanup);

/** ESC [2J (clear), OSC 52 (clipboard write) ended by BEL, a C1 CSI, a lone CR, DEL and a bidi override. */
const NASTY = "\u001b[2J\u001b]52;c;aGk=\u0007\u009b31m\r\u007f\u202e";
/** What no output may hold: ESC, BEL, CR, DEL, C1 controls, the bidi controls, line separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters under test
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

function repo(): string {
  const root = tempRepo();
  git(root, "init", "-q");
  const files: Record<string, string> = {
    "CLAUDE.md": `# Root\n@docs/${NASTY}.md\n`,
    [`docs/${NASTY}.md`]: "imported\n",
    [`.claude/rules/${NASTY}.md`]: `${"rule ".repeat(30)}\n`,
    ".agent-context/routers/r.md": `\`src/**\` | ${NASTY} → rules/ |\n`,
    "rules/X.md": "x\n",
    "src/a.ts": "x\n",
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(root, rel, ".."), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

function run(root: string, args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
  for (const k of ["CI", "GITHUB_ACTIONS"]) delete env[k];
  return spawnSync(process.execPath, [CLI, ...args], { cwd: root, encoding: "utf8", env });
}

describe("terminal output escapes control characters", () => {
  it.each([
    ["cap", ["cap", ".", "--cap", "10"]],
    ["cap_json", ["cap", ".", "--json"]],
    ["cap_github", ["cap", ".", "--format", "github", "--cap", "10"]],
    ["cap_sarif", ["cap", ".", "--format", "sarif", "--cap", "10"]],
    ["cap_markdown", ["cap", ".", "--format", "markdown", "--cap", "10"]],
    ["lint", ["lint", "."]],
    ["lint_json", ["lint", ".", "--json"]],
    ["explain", ["explain", "CLAUDE.md", ".", "--fresh-clone"]],
    ["explain_json", ["explain", "CLAUDE.md", ".", "--fresh-clone", "--json"]],
    ["route", ["route", "src/a.ts", "."]],
  ])("%s_prints_a_hostile_name_as_escapes", (_name, args) => {
    const root = repo();
    const r = run(root, args as string[]);
    const out = r.stdout + r.stderr;
    expect(out).not.toMatch(RAW);
    expect(out).toMatch(/\\u001b\[2J|\\u202e|%0D/);
    if ((args as string[]).includes("--json") || (args as string[]).includes("sarif"))
      expect(() => JSON.parse(r.stdout)).not.toThrow();
  });

  it("a_usage_error_naming_a_hostile_file_is_one_line", () => {
    const root = repo();
    const r = run(root, ["cap", ".", "--cwd", join(root, `docs/${NASTY}.md`)]);
    expect(r.status).toBe(2);
    expect(r.stderr).not.toMatch(RAW);
    expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
  });
});
