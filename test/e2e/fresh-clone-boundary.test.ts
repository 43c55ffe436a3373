/**
 * The fresh-clone view is the repository alone (issue 25): for every agent, a memory file above the
 * repository root — a runner's home, a shared directory another user wrote to, an outer git repository —
 * is never charged and never changes the verdict, whether or not the repository has its own `.git`; the
 * user view still reads it (this machine, as the CLI does). And a memory file, rule or import that is a
 * link to a kernel file (`/proc/self/environ`) is never read as instruction text. The built CLI.
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cap, capJson, cleanup, git, tempRepo } from "./cap-helpers.js";

afterEach(cleanup);

const AGENTS = ["claude-code", "codex", "gemini-cli", "copilot-cli"];

/** `up/` (a git repository, memory files of every agent) holding the repository `up/repo`. */
function nested(repoHasGit: boolean): { up: string; root: string } {
  const up = tempRepo();
  git(up, "init", "-q");
  const above = "ABOVE THE ROOT: charge me\n".repeat(20);
  for (const f of ["CLAUDE.md", "AGENTS.md", "GEMINI.md", ".github/copilot-instructions.md"]) {
    mkdirSync(join(up, f, ".."), { recursive: true });
    writeFileSync(join(up, f), above);
  }
  const root = join(up, "repo");
  mkdirSync(join(root, "sub"), { recursive: true });
  if (repoHasGit) git(root, "init", "-q");
  for (const f of ["CLAUDE.md", "AGENTS.md", "GEMINI.md", "sub/CLAUDE.md", "sub/AGENTS.md", "sub/GEMINI.md"])
    writeFileSync(join(root, f), `${f} of the repository\n`);
  return { up, root };
}

describe("the fresh-clone view reads nothing above the repository root", () => {
  for (const repoHasGit of [true, false])
    it.each(AGENTS)(
      `%s_charges_no_memory_file_above_the_root_${repoHasGit ? "of_a_git_repository" : "inside_an_outer_git_repository"}`,
      async (agent) => {
        const { up, root } = nested(repoHasGit);
        for (const cwd of [root, join(root, "sub")]) {
          const { json } = await capJson([root, "--agent", agent, "--cwd", cwd]);
          const above = json.items.filter((i) => i.path.startsWith(up) || i.path.startsWith("/"));
          expect(above).toEqual([]);
          expect(json.items.length).toBeGreaterThan(0);
        }
      },
    );

  it("the_user_view_still_reads_this_machines_ancestors", async () => {
    const { up, root } = nested(true);
    const { json } = await capJson([root, "--user"], { HOME: tempRepo(), CLAUDE_CONFIG_DIR: tempRepo() });
    expect(json.items.map((i) => i.path)).toContain(join(up, "CLAUDE.md"));
  });
});

describe("kernel files are never read as instruction text", () => {
  it.each([
    ["claude-code", "CLAUDE.md"],
    ["codex", "AGENTS.md"],
    ["gemini-cli", "GEMINI.md"],
    ["copilot-cli", ".github/copilot-instructions.md"],
  ])("%s_never_reads_a_memory_file_linked_to_proc_self_environ", async (agent, rel) => {
    const root = tempRepo();
    git(root, "init", "-q");
    mkdirSync(join(root, rel, ".."), { recursive: true });
    symlinkSync("/proc/self/environ", join(root, rel));
    const r = await cap([root, "--agent", agent, "--json"], { AGENT_CONTEXT_SECRET: "do-not-print-me" });
    expect(r.stdout + r.stderr).not.toContain("do-not-print-me");
    const json = JSON.parse(r.stdout) as { items: { path: string; bytes: number }[] };
    expect(json.items.filter((i) => i.path === rel)).toEqual([]);
    expect(r.stderr).toMatch(/file of the kernel's \/proc, not a regular file; it was not opened/);
  });
});
