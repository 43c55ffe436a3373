/**
 * `route` and the hook for Bash commands whose target is a directory (issue 31, docs/findings-hook.md "Bash
 * commands on a directory"): Claude Code attaches nothing after them on either pinned release (recorded
 * cases `bash_*_on_a_directory_attaches_nothing`), so the on-read part of `route` and of the hook delivers
 * nothing for such a target either; a file named in the same kind of command still gets its gaps.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

const CLI = resolve("dist/cli/main.js");
const HOOK = resolve("dist/hook.cjs");

let root = "";
beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "ac-route-dir-")));
  const files: Record<string, string> = {
    "CLAUDE.md": "root mem\n",
    ".claude/rules/r1.md": "---\npaths: pkg/**\n---\nROOT-SCOPED-pkg-starstar\n",
    ".claude/rules/r2.md": "---\npaths: pkg\n---\nROOT-SCOPED-pkg\n",
    "pkg/CLAUDE.md": "PKG-MEM\n",
    "pkg/.claude/rules/u.md": "PKG-UNSCOPED-RULE\n",
    "pkg/a.ts": "const needle = 1;\n",
    "pkg/sub/CLAUDE.md": "PKG-SUB-MEM\n",
    ".agent-context/routers/pkg.md": "| `pkg/**` | R1 → rules/ |\n",
    "rules/R1.md": "R1 text\n",
  };
  mkdirSync(join(root, ".git"));
  for (const [p, t] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), t);
  }
});

const onRead = (command: string): string[] => {
  const r = spawnSync(process.execPath, [CLI, "route", "--tool", "Bash", command, "--json"], {
    cwd: root,
    encoding: "utf8",
  });
  expect(r.status, r.stderr).toBe(0);
  return (JSON.parse(r.stdout).onRead as { path: string }[]).map((i) => i.path);
};

describe("route and the hook for a Bash command on a directory", () => {
  it("route_delivers_no_on_read_file_for_a_command_naming_a_directory", () => {
    expect(onRead("grep -rn needle pkg/")).toEqual([]);
    expect(onRead("find pkg/ -name '*.ts'")).toEqual([]);
    expect(onRead("ls -la pkg/sub")).toEqual([]);
    expect(onRead("grep -r needle pkg")).toEqual([]);
  });

  it("route_still_delivers_the_gaps_of_a_file_named_by_a_command_the_cli_does_not_read", () => {
    expect(onRead("cp pkg/a.ts pkg/b.ts")).toEqual([
      "pkg/CLAUDE.md",
      "pkg/.claude/rules/u.md",
      ".claude/rules/r2.md",
      ".claude/rules/r1.md",
    ]);
  });

  it("the_hook_injects_no_on_read_file_for_a_command_naming_a_directory", () => {
    const h = spawnSync(process.execPath, [HOOK], {
      input: JSON.stringify({
        session_id: `dir-${Math.random()}`,
        cwd: root,
        tool_name: "Bash",
        tool_input: { command: "grep -rn needle pkg/", description: "x" },
      }),
      encoding: "utf8",
    });
    expect(h.status).toBe(0);
    const context: string = h.stdout
      ? (JSON.parse(h.stdout).hookSpecificOutput?.additionalContext ?? "")
      : "";
    expect(context).not.toContain("PKG-MEM");
    expect(context).not.toContain("ROOT-SCOPED");
  });
});
