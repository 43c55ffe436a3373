/**
 * `explain` in the user view showing a pointer (a user rule written by `agent-context pointers`) attaching
 * exactly as the real Claude Code CLI attaches it after a Read, with a throwaway HOME and CLAUDE_CONFIG_DIR.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, env, run, tree } from "../e2e/views-helpers.js";
import { claudeVersion, runClaude } from "../support/claude.js";

describe("the user view against the real Claude Code", () => {
  it(`explain_in_the_user_view_shows_a_pointer_attaching_as_claude_code_${claudeVersion().replaceAll(".", "_")}_attaches_it`, async () => {
    const root = tree({
      "CLAUDE.md": "repo memory\n",
      ".claude/rules/api.md": '---\npaths:\n  - "pkg/api/**"\n---\nAPI-RULE-BODY\n',
      "pkg/api/a.ts": "export const a = 1;\n",
      "pkg/web/b.ts": "export const b = 1;\n",
    });
    const home = tree({});
    const cfg = join(home, "cfg");
    execFileSync(
      process.execPath,
      [CLI, "pointers", "--config-dir", cfg, "--cwd", root, "--no-project-settings"],
      { cwd: root, env: env(home), encoding: "utf8" },
    );
    const e = env(home, { CLAUDE_CONFIG_DIR: cfg });
    const target = join(root, "pkg/api/a.ts");
    const ex = JSON.parse(run("explain", [target, "--json"], root, e).stdout);
    const onRead = ex.onRead.map((i: { path: string }) =>
      i.path.startsWith("/") ? i.path : join(root, i.path),
    );
    expect(onRead.some((p: string) => p.startsWith(`${cfg}/rules/`))).toBe(true);
    const fresh = JSON.parse(run("explain", [target, "--json", "--fresh-clone"], root, e).stdout);
    expect(fresh.onRead.some((i: { path: string }) => i.path.startsWith(`${cfg}/`))).toBe(false);
    // The real CLI with the same config dir attaches the same files, in the same order, after a Read.
    const cli = await runClaude({
      cwd: root,
      home,
      configDir: cfg,
      script: [[{ type: "tool_use", name: "Read", input: { file_path: target } }]],
      args: ["--permission-mode", "acceptEdits", "--allowedTools", "Read,Write,Edit,Bash"],
    });
    const last = cli.mainRequests.at(-1);
    // biome-ignore lint/suspicious/noExplicitAny: API messages
    const blocks = ((last?.body.messages ?? []) as any[]).slice(1).flatMap((m) =>
      // biome-ignore lint/suspicious/noExplicitAny: API content blocks
      Array.isArray(m.content) ? m.content.filter((b: any) => b.type === "text").map((b: any) => b.text) : [],
    );
    const attached = blocks.flatMap((t: string) => {
      const m = /^<system-reminder>\nContents of (\/[^\n]*?):\n\n/.exec(t);
      return m ? [m[1]] : [];
    });
    expect(attached).toEqual(onRead);
  }, 120_000);
});
