/**
 * A repository's router must not make the hook or `route` read files outside it: a shard that is a link
 * leaving the repository is refused and named, through the built CLI and the built hook on real temp
 * repositories. (The `.agent-context.json` keys that would leave it are configuration errors: see the last
 * test.)
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, symlinkSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLI, cleanup, tempRepo, writeFiles } from "./cap-helpers.js";

const HOOK = resolve(import.meta.dirname, "../../dist/hook.cjs");
afterAll(cleanup);

function run(args: string[], cwd: string, input?: string) {
  const r = spawnSync(process.execPath, args, {
    cwd,
    encoding: "utf8",
    input,
    env: { ...process.env, CLAUDE_CONFIG_DIR: join(cwd, "..", "cfg"), TMPDIR: join(cwd, "..") },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("router files outside the repository", () => {
  it("a_router_shard_that_links_outside_the_repository_is_not_read_by_route_or_the_hook", () => {
    const top = tempRepo({
      "outside/shard.md": "# Router: y\n\n`lib/**` | OUTSIDE-ROW-1 → .agent-context/rules/ |\n",
      "repo/CLAUDE.md": "m\n",
      "repo/.agent-context/routers/a.md":
        "# Router: x\n\n`src/**` | INSIDE-ROW-1 → .agent-context/rules/ |\n",
    });
    const repo = join(top, "repo");
    mkdirSync(join(repo, ".git"));
    symlinkSync("../../../outside/shard.md", join(repo, ".agent-context/routers/b.md"));
    const map = run([CLI, "route", "--map"], repo);
    expect(map.stdout).toContain("Router: x");
    expect(map.stdout).not.toContain("Router: y");
    expect(map.stderr).toContain(
      `.agent-context/routers/b.md: router shard is a link to ${join(top, "outside/shard.md")}, outside the repository; not read`,
    );
    const call = (file: string) =>
      JSON.stringify({
        session_id: `s-${file}`,
        cwd: repo,
        hook_event_name: "PreToolUse",
        tool_name: "Write",
        tool_input: { file_path: join(repo, file), content: "x" },
      });
    const inside = run([HOOK], repo, call("src/a.ts"));
    expect(inside.code).toBe(0);
    expect(inside.stdout).toContain("INSIDE-ROW-1");
    const outside = run([HOOK], repo, call("lib/a.ts"));
    expect(outside.code).toBe(0);
    expect(outside.stdout).not.toContain("OUTSIDE-ROW-1");
  });

  it("a_router_shard_that_is_a_fifo_is_named_also_after_the_index_was_cached", () => {
    const top = tempRepo({
      "repo/CLAUDE.md": "m\n",
      "repo/.agent-context/routers/a.md":
        "# Router: x\n\n`src/**` | INSIDE-ROW-1 → .agent-context/rules/ |\n",
    });
    const repo = join(top, "repo");
    mkdirSync(join(repo, ".git"));
    expect(run([CLI, "route", "--map"], repo).stderr).toBe(""); // builds and caches the index
    execFileSync("mkfifo", [join(repo, ".agent-context/routers/f.md")]);
    const r = run([CLI, "route", "--map"], repo);
    expect(r.stderr).toBe(
      "agent-context route: .agent-context/routers/f.md: router shard is a fifo, not a regular file; not read — make it a file or remove it\n",
    );
    expect(r.stdout).toContain("Router: x");
  });

  it("configuration_that_leaves_the_repository_or_repeats_a_key_is_an_error_naming_the_key", () => {
    const repo = tempRepo({ "CLAUDE.md": "m\n" });
    mkdirSync(join(repo, ".git"));
    const cases: [string, string][] = [
      ['{"cap":100,"cap":999999}', '"cap" is given twice'],
      ['{"cap":1e400}', '"cap" is 1e400, a number too large to hold exactly'],
      [
        '{"routers":["../../../../etc/*.conf"]}',
        '"routers" entry "../../../../etc/*.conf" leaves the repository',
      ],
      ['{"unlowerable":["/etc/passwd"]}', '"unlowerable" entry "/etc/passwd" leaves the repository'],
    ];
    for (const [text, message] of cases) {
      writeFiles(repo, { ".agent-context.json": text });
      for (const args of [["cap"], ["route", "--map"]]) {
        const r = run([CLI, ...args], repo);
        expect(r.code, `${args.join(" ")} ${text}`).toBe(2);
        expect(r.stderr.startsWith(`agent-context: ${join(repo, ".agent-context.json")}:1:`)).toBe(true);
        expect(r.stderr).toContain(message);
        expect(r.stderr.split("\n")).toHaveLength(2);
      }
    }
  });
});
