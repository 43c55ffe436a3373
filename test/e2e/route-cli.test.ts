/** `route` / `explain` command-line edges: no shards, unknown tools, relative targets with --cwd, a bad --cwd. */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const CLI = resolve(import.meta.dirname, "../../dist/cli/main.js");
const run = (args: string[], cwd: string) => {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", XDG_STATE_HOME: join(cwd, ".state") },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

function repo(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-route-cli-")));
  mkdirSync(join(root, ".git"));
  for (const [p, t] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), t);
  }
  return root;
}

const ROUTED = {
  ".agent-context/routers/api.md":
    "# Router: api\n\n`packages/api/src/**` | RULE-API-001 → .agent-context/rules/api/ |\n",
  ".agent-context/rules/api/RULE-API-001.md": "# RULE-API-001\n\nValidate every request body.\n",
  "packages/api/src/users.ts": "export const users = [];\n",
};

describe("route and explain on the command line", () => {
  it("route_without_any_router_shard_says_once_on_stderr_where_it_looked_and_how_to_add_one", () => {
    const root = repo({ "src/a.ts": "x\n" });
    const r = run(["route", "src/a.ts"], root);
    expect(r.code).toBe(0);
    const lines = r.stderr.split("\n").filter((l) => l.includes("no router shards"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("no router shards found at .agent-context/routers/*.md");
    expect(lines[0]).toContain("add one");
    expect(run(["route", "--map"], root).stderr).toContain("no router shards found");
  });

  it("route_with_an_unknown_tool_is_a_usage_error_listing_the_accepted_tools", () => {
    const root = repo(ROUTED);
    const r = run(["route", "--tool", "Frob", "packages/api/src/users.ts"], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      "--tool Frob: unknown tool; use one of Write, Edit, MultiEdit, NotebookEdit, Read, Bash",
    );
  });

  it("route_takes_a_relative_target_from_the_current_directory_not_from_cwd_so_the_path_is_not_doubled", () => {
    const root = repo(ROUTED);
    const r = run(
      ["route", "packages/api/src/users.ts", "--tool", "Edit", "--cwd", "packages/api", "--json"],
      root,
    );
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.target).toBe("packages/api/src/users.ts");
    expect(j.rows).toHaveLength(1);
  });

  it("explain_takes_a_relative_target_from_the_current_directory_like_route", () => {
    const root = repo(ROUTED);
    const r = run(["explain", "packages/api/src/users.ts", "--cwd", "packages/api"], root);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("fires for a Write to packages/api/src/users.ts");
    expect(r.stdout).not.toContain("packages/api/packages/api");
  });

  it("explain_with_a_missing_cwd_names_the_flag", () => {
    const root = repo(ROUTED);
    const r = run(["explain", "x", "--cwd", "/nonexistent"], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--cwd /nonexistent: no such directory");
    expect(r.stderr).not.toContain("DIR /nonexistent");
  });
});
