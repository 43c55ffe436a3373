/**
 * Temp trees, a clean environment and the spawned built CLI, shared by test/e2e/views.test.ts and its
 * conformance part (test/conformance/views-claude.test.ts).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll } from "vitest";

/** The built CLI. */
export const CLI = resolve("dist/cli/main.js");
const made: string[] = [];
afterAll(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A temp tree of `files` (`<R>` in a text is the tree's root); removed after the file's tests. */
export function tree(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-views-")));
  made.push(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text.replaceAll("<R>", root));
  }
  return root;
}

/** A clean environment: no CI markers, no agent variables, HOME and CLAUDE_CONFIG_DIR as given. */
export function env(home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home };
  return { ...base, ...extra };
}

/** The built CLI's `cmd ...args` in `cwd` with exactly the environment `e`. */
export function run(cmd: string, args: string[], cwd: string, e: NodeJS.ProcessEnv) {
  return spawnSync(process.execPath, [CLI, cmd, ...args], { cwd, env: e, encoding: "utf8" });
}
