/**
 * The README's way to use agent-context on another repository, played through as a teammate meets it:
 * `npm pack` into the consumer's vendor/ folder, `npm install -D ./vendor/agent-context-0.1.0.tgz`,
 * `npx --no-install agent-context init`, commit; then a fresh clone elsewhere runs `npm ci` with an empty
 * npm cache, and both `npx --no-install agent-context cap` and the hook command that init wrote into
 * .claude/settings.json work there. Before its `npm ci`, the clone's hook command injects nothing and
 * says so in one line, with status 0.
 * The registry is reachable (the runtime dependencies download); the tarball comes from the repository.
 */
import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { HOOK_MISSING_LINE } from "../../src/install/init.js";

const ROOT = resolve(import.meta.dirname, "../..");
const VERSION = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version as string;
const TARBALL = `agent-context-${VERSION}.tgz`;

/**
 * This process's environment as a teammate's shell has it: without the npm_* variables `npm test` exported
 * (they are npm config) and without the CI markers (`CI`, `GITHUB_*`), which make `cap` check the ratchet.
 */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!/^npm_/i.test(k) && k !== "CI" && !k.startsWith("GITHUB_")) env[k] = v;
  return { ...env, NO_COLOR: "1", ...extra };
}

function sh(
  cmd: string,
  args: string[],
  cwd: string,
  opts: { env?: NodeJS.ProcessEnv; input?: string } = {},
) {
  const r: SpawnSyncReturns<string> = spawnSync(cmd, args, {
    cwd,
    env: opts.env ?? cleanEnv(),
    input: opts.input,
    encoding: "utf8",
    timeout: 150_000,
  });
  return { code: r.status, stdout: r.stdout ?? "", stderr: r.stderr ?? "", error: r.error };
}

function git(cwd: string, ...args: string[]) {
  const r = sh("git", ["-c", "user.name=Teammate", "-c", "user.email=t@example.com", ...args], cwd);
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  return r.stdout;
}

let consumer = "";
let pack = { code: 0 as number | null, stdout: "", stderr: "" };
let statusBefore = "";
let distBefore = 0;

beforeAll(() => {
  // The consumer: the example monorepo (memory, imports, rules, router shards) as its own git repository.
  consumer = mkdtempSync(join(tmpdir(), "ac-consumer-"));
  cpSync(join(ROOT, "examples/acme-shop"), consumer, { recursive: true });
  git(consumer, "init", "-q", "-b", "main");
  mkdirSync(join(consumer, "vendor"));
  statusBefore = git(ROOT, "status", "--porcelain", "--untracked-files=all");
  distBefore = statSync(join(ROOT, "dist/index.js")).mtimeMs;
  pack = sh("npm", ["pack", "--pack-destination", join(consumer, "vendor")], ROOT);
});

describe("installing agent-context into another repository, as the README says", () => {
  it("npm_pack_is_quiet_reuses_the_fresh_build_and_leaves_nothing_in_the_checkout", () => {
    expect(pack.stderr).toBe("");
    expect(pack.code).toBe(0);
    // npm's banner for the prepack script, then the file name: no list of the packed files.
    expect(pack.stdout.trim().split("\n").at(-1)).toBe(TARBALL);
    expect(pack.stdout.trim().split("\n").length).toBeLessThanOrEqual(4);
    expect(statSync(join(ROOT, "dist/index.js")).mtimeMs).toBe(distBefore);
    expect(git(ROOT, "status", "--porcelain", "--untracked-files=all")).toBe(statusBefore);
    expect(existsSync(join(ROOT, TARBALL))).toBe(false);
    // A plain `npm pack` (no destination) writes the tarball into the checkout, where git ignores it.
    expect(git(ROOT, "check-ignore", TARBALL)).toBe(`${TARBALL}\n`);
  });

  it("the_tarball_ships_the_code_the_action_the_readme_the_license_and_a_manifest_with_no_install_script_and_no_agent", () => {
    const list = sh("tar", ["tzf", join(consumer, "vendor", TARBALL)], consumer)
      .stdout.trim()
      .split("\n");
    for (const entry of list)
      expect(entry).toMatch(
        /^package\/(dist\/.+|README\.md|LICENSE|action\.yml|agent-context\.schema\.json|package\.json)$/,
      );
    for (const f of ["dist/cli/main.js", "dist/index.js", "dist/types/index.d.ts", "dist/hook.cjs"])
      expect(list).toContain(`package/${f}`);
    for (const f of [
      "dist/hook-body.cjs",
      "dist/hook.mjs",
      "dist/ci/pr-comment-main.js",
      "action.yml",
      "LICENSE",
      "agent-context.schema.json",
    ])
      expect(list).toContain(`package/${f}`);
    // Each module the hook imports lazily (src/hook/dist-module.ts), at its path.
    expect(list).toContain("package/dist/agents/claude-code/on-read.js");
    expect(list).toContain("package/dist/pointers/hook-route.js");
    // No code cache (the hook makes its own), no source map, no declaration the API does not reach.
    expect(list.filter((e) => /\.(cache|map)$/.test(e))).toEqual([]);
    expect(list.filter((e) => e.endsWith(".d.ts") && !e.startsWith("package/dist/types/"))).toEqual([]);
    const manifest = JSON.parse(
      sh("tar", ["xzOf", join(consumer, "vendor", TARBALL), "package/package.json"], consumer).stdout,
    );
    expect(Object.keys(manifest.scripts ?? {})).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(preinstall|install|postinstall|prepare)$/)]),
    );
    expect(JSON.stringify(manifest.dependencies)).not.toMatch(/claude|codex|anthropic|openai/);
    expect(manifest.engines).toEqual({ node: ">=20" });
  });

  it("the_tarball_a_team_commits_is_at_most_500_kB", () => {
    // Issue 29: it was 815 kB (the README, a code cache, the library's code twice). `npm pack --dry-run
    // --json` lists what is big.
    expect(statSync(join(consumer, "vendor", TARBALL)).size).toBeLessThanOrEqual(500_000);
  });

  it("a_teammates_fresh_clone_installs_and_runs_cap_and_the_hook", () => {
    // The adopter: install the committed tarball, start the ratchet and the hook, commit.
    const cache1 = mkdtempSync(join(tmpdir(), "ac-npm-cache-"));
    const install = sh(
      "npm",
      ["install", "-D", `./vendor/${TARBALL}`, "--no-audit", "--no-fund", "--cache", cache1],
      consumer,
    );
    expect(install.stderr).toBe("");
    expect(install.code).toBe(0);
    const pkg = JSON.parse(readFileSync(join(consumer, "package.json"), "utf8"));
    expect(pkg.devDependencies).toEqual({ "agent-context": `file:vendor/${TARBALL}` });
    const init = sh("npx", ["--no-install", "agent-context", "init"], consumer);
    expect(init.code).toBe(0);
    expect(init.stdout).toContain(".claude/settings.json: created with the PreToolUse hook");
    git(consumer, "add", "-A");
    git(consumer, "commit", "-qm", "agent-context: cap and routing hook");
    expect(git(consumer, "ls-files")).toContain(`vendor/${TARBALL}\n`);

    // The teammate: a fresh clone in another directory. Before npm ci, the committed hook command, run as
    // Claude Code runs it (sh -c, CLAUDE_PROJECT_DIR set), injects nothing, says in one line to run npm ci,
    // and exits 0: it never breaks the session.
    const clone = join(mkdtempSync(join(tmpdir(), "ac-teammate-")), "acme-shop");
    git(tmpdir(), "clone", "-q", consumer, clone);
    const committed = JSON.parse(readFileSync(join(clone, ".claude/settings.json"), "utf8")).hooks
      .PreToolUse[0].hooks[0].command as string;
    const before = sh("sh", ["-c", committed], clone, {
      env: cleanEnv({ CLAUDE_PROJECT_DIR: clone, TMPDIR: mkdtempSync(join(tmpdir(), "ac-hook-tmp-")) }),
      input: JSON.stringify({
        session_id: "teammate-0",
        cwd: clone,
        hook_event_name: "PreToolUse",
        tool_name: "Write",
        tool_input: { file_path: join(clone, "packages/api/src/routes/orders.ts"), content: "x" },
      }),
    });
    expect(before).toEqual({ code: 0, stdout: "", stderr: `${HOOK_MISSING_LINE}\n`, error: undefined });

    // npm ci with an empty cache.
    const cache2 = mkdtempSync(join(tmpdir(), "ac-npm-cache-"));
    const ci = sh("npm", ["ci", "--no-audit", "--no-fund", "--cache", cache2], clone);
    expect(ci.stderr).toBe("");
    expect(ci.code).toBe(0);
    expect(existsSync(join(clone, "node_modules/agent-context/dist/cli/main.js"))).toBe(true);
    expect(existsSync(join(clone, "node_modules/@anthropic-ai"))).toBe(false);
    expect(existsSync(join(clone, "node_modules/@openai"))).toBe(false);

    const cap = sh("npx", ["--no-install", "agent-context", "cap"], clone, {
      env: cleanEnv({ npm_config_cache: cache2 }),
    });
    expect(cap.stderr).toBe("");
    expect(cap.stdout).toBe(
      "agent-context cap: clean — 2146 bytes of launch context (cap 4096, 1950 to spare)\n" +
        "Claude Code launch model verified on Claude Code 2.1.332.\n",
    );
    expect(cap.code).toBe(0);

    // The hook exactly as committed, run the way Claude Code runs a command hook (sh -c, with
    // CLAUDE_PROJECT_DIR set), on a Write that a router row of the example fires for.
    const settings = JSON.parse(readFileSync(join(clone, ".claude/settings.json"), "utf8"));
    const command = settings.hooks.PreToolUse[0].hooks[0].command as string;
    expect(command).toBe(
      `f="$CLAUDE_PROJECT_DIR/node_modules/agent-context/dist/hook.cjs"; [ -f "$f" ] && exec node "$f"; cat >/dev/null; echo '${HOOK_MISSING_LINE}' >&2`,
    );
    const event = {
      session_id: "teammate-1",
      cwd: clone,
      hook_event_name: "PreToolUse",
      permission_mode: "default",
      tool_name: "Write",
      tool_input: { file_path: join(clone, "packages/api/src/routes/orders.ts"), content: "export {};\n" },
    };
    const hook = sh("sh", ["-c", command], clone, {
      env: cleanEnv({ CLAUDE_PROJECT_DIR: clone, TMPDIR: mkdtempSync(join(tmpdir(), "ac-hook-tmp-")) }),
      input: JSON.stringify(event),
    });
    expect(hook.stderr).toBe("");
    expect(hook.code).toBe(0);
    const context = JSON.parse(hook.stdout).hookSpecificOutput.additionalContext as string;
    expect(context).toContain("rules that apply to Write `packages/api/src/routes/orders.ts`");
    expect(context).toContain("=== RULE-API-HANDLER-001 (.agent-context/rules/api/RULE-API-HANDLER-001.md)");
  }, 180_000);
});
