/**
 * The repository and the spawned `explain` shared by test/e2e/explain.test.ts and its conformance part
 * (test/conformance/explain-claude.test.ts).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { agentContext } from "../support/cli-run.js";

/** The built CLI. */
export const CLI = resolve("dist/cli/main.js");

export function repo(): string {
  const root = mkdtempSync(join(tmpdir(), "ac-explain-"));
  const files: Record<string, string> = {
    "CLAUDE.md": "# Root\nRoot memory marker.\n",
    ".claude/rules/style.md": "Unscoped style rule.\n",
    ".claude/rules/api.md": '---\npaths:\n  - "pkg/api/**"\n---\nAPI rule text.\n',
    ".claude/rules/web.md": '---\npaths: "pkg/web/**"\n---\nWeb rule text.\n',
    "pkg/api/CLAUDE.md": "API package memory.\n<!-- a block comment the CLI strips -->\n",
    "pkg/api/src/a.ts": "export const a = 1;\n",
    ".agent-context/routers/api.md": "# api\n`pkg/api/**` | R-API-001 → rules/ |\n",
    "rules/R-API-001.md": "Router rule for the api package.\n",
  };
  mkdirSync(join(root, ".git"));
  for (const [p, t] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), t);
  }
  return root;
}

/** The environment of an explain run: explain reads the user view by default, and a throwaway HOME keeps this machine's out. */
const explainEnv = (): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  HOME: mkdtempSync(join(tmpdir(), "ac-explain-home-")),
});

/** `explain ...args` in `root` through test/support/cli-run.ts (in the worker). */
export const explainRun = (root: string, args: string[]) =>
  agentContext(["explain", ...args], { cwd: root, env: explainEnv() });

/** The same, spawned synchronously (the conformance part, which runs the real CLI between). */
export const explain = (root: string, args: string[]) =>
  spawnSync(process.execPath, [CLI, "explain", ...args], {
    cwd: root,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: mkdtempSync(join(tmpdir(), "ac-explain-home-")) },
  });
