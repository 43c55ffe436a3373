// Makes dist/hook-body.cjs.cache, the V8 code cache dist/hook.cjs compiles the hook's code with
// (scripts/hook-loader.cjs, which also describes the file's format; issue 12). V8 compiles most functions only when first called, so a cache made
// right after compiling would hold little: the cache is taken from a process that served a real call — a
// Write that the fixture router of issue 3 (test/fixtures/router/make-router.mjs) answers with 5 rows and
// 13 rules, its index already cached — so it holds what a common call runs, and no more (the whole cache
// is read on every call; the index build of a cold call stays out of it). Everything happens in a fresh
// private temporary directory: the fixture repository, the hook's state dir (TMPDIR), an empty
// CLAUDE_CONFIG_DIR. Run by scripts/bundle.mjs after the bundle.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Script } from "node:vm";
import { makeRouter } from "../test/fixtures/router/make-router.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const PROFILE =
  "workspaces/org/fieldkit/source/fieldkit/feature/profile/src/commonMain/kotlin/ProfileScreen.kt";

/**
 * Writes `<dist>/hook-body.cjs.cache` for `<dist>/hook-body.cjs` (see the module doc). Throws when the
 * call it learns from injects nothing, or when V8 would reject the cache it made.
 */
export function writeHookCodeCache(dist) {
  const body = join(dist, "hook-body.cjs");
  const out = `${body}.cache`;
  rmSync(out, { force: true });
  const tmp = mkdtempSync(join(tmpdir(), "ac-hook-cache-"));
  try {
    const root = join(tmp, "repo");
    mkdirSync(join(root, ".git"), { recursive: true });
    makeRouter(root);
    for (const d of ["state", "config", "home"]) mkdirSync(join(tmp, d), { mode: 0o700 });
    const env = { ...process.env, CLAUDE_PROJECT_DIR: root, TMPDIR: join(tmp, "state") };
    Object.assign(env, { CLAUDE_CONFIG_DIR: join(tmp, "config"), HOME: join(tmp, "home") });
    Object.assign(env, { AGENT_CONTEXT_HOOK_TIMEOUT_MS: "60000" });
    delete env.AGENT_CONTEXT_HOOK_FAULT;
    const call = (sid) =>
      JSON.stringify({
        session_id: sid,
        cwd: root,
        hook_event_name: "PreToolUse",
        tool_name: "Write",
        tool_input: { file_path: join(root, PROFILE), content: "x" },
      });
    // A first call builds the router's index cache, so that the learning call below takes the warm path.
    const cold = spawnSync(process.execPath, [join(dist, "hook.cjs")], { input: call("cold"), env });
    if (cold.status !== 0) throw new Error(`hook code cache: the first call failed: ${cold.stderr}`);
    const warm = spawnSync(process.execPath, [join(here, "hook-code-cache-child.cjs"), body, out], {
      input: call("warm"),
      env,
      encoding: "utf8",
    });
    if (warm.status !== 0 || !warm.stdout.includes("RULE-TDD-GLOBAL-001"))
      throw new Error(`hook code cache: the call injected nothing: ${warm.stdout}${warm.stderr}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const source = readFileSync(body);
  const cache = readFileSync(out);
  if (!cache.subarray(4, 4 + source.length).equals(source))
    throw new Error("hook code cache: the cache does not hold the hook's source");
  const cachedData = cache.subarray(4 + source.length);
  const check = new Script(source.toString("utf8"), { filename: body, cachedData });
  if (check.cachedDataRejected) throw new Error("hook code cache: V8 rejects the cache it just made");
}
