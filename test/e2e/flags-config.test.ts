/** Config typos and conflicting output flags on the built CLI. */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { unknownKeyWarnings } from "../../src/config.js";

const CLI = resolve(import.meta.dirname, "../../dist/cli/main.js");
const run = (args: string[], cwd: string) => {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, CI: "" },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};
function repo(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-flags-")));
  for (const [p, t] of Object.entries(files)) writeFileSync(join(root, p), t);
  return root;
}

describe("unknown keys in .agent-context.json", () => {
  it("an_unknown_top_level_key_is_warned_about_once_on_stderr_naming_the_file_and_the_nearest_key", () => {
    const root = repo({ ".agent-context.json": '{"cpa": 100}\n', "CLAUDE.md": "memory\n" });
    const r = run(["cap", "."], root);
    expect(r.code).toBe(0);
    const lines = r.stderr.split("\n").filter((l) => l.includes("unknown key"));
    expect(lines).toEqual([
      `warning: ${join(root, ".agent-context.json")}:1:2: unknown key "cpa" is ignored (did you mean "cap"?); known keys: cap, tokenCap, charge, caps, agents, routers, unlowerable, hook, lint`,
    ]);
    expect(r.stdout).toContain("cap 4096");
  });

  it("keys_at_any_depth_agent_ids_and_paths_that_match_nothing_are_named_at_their_line_and_column", () => {
    const config = [
      "{",
      '  "agents": { "claude": { "cap": 100 }, "codex": { "capp": 5 } },',
      '  "routers": ["routerz/*.md", ".agent-context/routers/*.md"],',
      '  "unlowerable": [".claude/rules/sec.md", ".claude/rules/secu.md"]',
      "}",
    ].join("\n");
    const root = repo({ ".agent-context.json": config, "CLAUDE.md": "memory\n" });
    mkdirSync(join(root, ".claude/rules"), { recursive: true });
    mkdirSync(join(root, ".agent-context/routers"), { recursive: true });
    writeFileSync(join(root, ".claude/rules/sec.md"), "x\n");
    writeFileSync(join(root, ".agent-context/routers/a.md"), "`src/**` | R → rules/ |\n");
    const f = join(root, ".agent-context.json");
    for (const cmd of ["cap", "lint"]) {
      const r = run([cmd, "."], root);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr.split("\n").filter((l) => l.startsWith("warning: ") && l.includes(f))).toEqual([
        `warning: ${f}:2:52: unknown key "agents.codex.capp" is ignored (did you mean "cap"?); known keys in "agents.codex": cap, tokenCap, charge, caps, release`,
        `warning: ${f}:2:15: "agents.claude" names no agent and is ignored (did you mean "claude-code"?); agents: claude-code, codex, gemini-cli, copilot-cli`,
        `warning: ${f}:3:15: "routers" entry "routerz/*.md" matches no file; no router shard is read from it`,
        `warning: ${f}:4:43: "unlowerable" entry ".claude/rules/secu.md" names no file; give the rule's path relative to the repository root`,
      ]);
    }
  });

  it.each([
    [{ cap: 1, agents: {}, routers: [], unlowerable: [], hook: {}, $schema: "x" }, []],
    [{ routerz: [] }, ['"routerz" is ignored (did you mean "routers"?)']],
    [{ zzzzzz: 1 }, ['"zzzzzz" is ignored; known keys']],
  ])("unknown_key_warnings_%j", (config, expected) => {
    const ws = unknownKeyWarnings(config as Record<string, unknown>, "f.json");
    expect(ws).toHaveLength(expected.length);
    for (const [i, e] of expected.entries()) expect(ws[i]).toContain(e);
  });
});

describe("conflicting output flags", () => {
  it.each([["cap"], ["lint"]])("%s_with_format_text_and_json_is_a_usage_error", (cmd) => {
    const root = repo({ "CLAUDE.md": "memory\n" });
    const r = run([cmd, ".", "--format", "text", "--json"], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--json conflicts with --format text");
    expect(r.stdout).toBe("");
    expect(run([cmd, ".", "--format", "json", "--json"], root).code).toBe(0);
    expect(JSON.parse(run([cmd, ".", "--json"], root).stdout)).toBeTruthy();
  });
});
