/**
 * End to end: `cap --agent codex` in its two views through the built CLI, with the environment a user
 * has. The fresh-clone view (no `--user`) must not read the home directory: a poisoned HOME and
 * CODEX_HOME, each of which would change the chain or fail the run if read, leave the output byte for
 * byte unchanged. `--user` reads them and says what it applied; both views name the project root Codex
 * used and why (docs/findings-codex.md, "Two views"; settled in test/conformance/codex-views.test.ts).
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { agentContext } from "../support/cli-run.js";
import { type Entry, tempDir, writeLayout } from "../support/codex-layout.js";

async function cap(env: Record<string, string>, ...args: string[]) {
  const r = await agentContext(["cap", ...args], {
    env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A home whose Codex configuration would change everything: budget 1, no root markers, a global file. */
function poisonedCodexHome(dir: string, repo: string): void {
  const files: Record<string, Entry> = {
    "config.toml": [
      "project_doc_max_bytes = 1",
      'project_doc_fallback_filenames = ["POISON.md"]',
      "project_root_markers = []",
      `[projects."${repo}"]`,
      'trust_level = "untrusted"',
      "",
    ].join("\n"),
    "AGENTS.md": "POISONED GLOBAL INSTRUCTIONS\n",
  };
  writeLayout(dir, files);
}

function repository(): { repo: string; base: string } {
  const base = tempDir("ac-cx-views-e2e-");
  const repo = join(base, "repo");
  writeLayout(repo, {
    ".git": { git: true },
    "AGENTS.md": "Use pnpm.\n",
    "a/AGENTS.md": "Run vitest.\n",
    "a/POISON.md": "never\n",
  });
  return { repo, base };
}

describe("cap --agent codex: the fresh-clone view and --user", () => {
  it("the_fresh_clone_view_reads_nothing_from_a_poisoned_home_or_codex_home", async () => {
    const { repo, base } = repository();
    const clean = join(base, "clean-home");
    writeLayout(clean, { ".": { dir: true } });
    const home = join(base, "home");
    poisonedCodexHome(join(home, ".codex"), repo);
    const codexHome = join(base, "codex-home");
    poisonedCodexHome(codexHome, repo);
    const broken = join(base, "broken");
    writeLayout(broken, { "config.toml": "this is [not toml\n" });
    const args = ["--agent", "codex", "--cwd", join(repo, "a")];
    for (const format of [[], ["--json"]]) {
      const want = await cap({ HOME: clean }, repo, ...args, ...format);
      expect(want.code).toBe(0);
      expect(want.stderr).toBe("");
      const envs: Record<string, string>[] = [
        { HOME: home },
        { HOME: home, CODEX_HOME: codexHome },
        { HOME: clean, CODEX_HOME: broken },
        { HOME: clean, CODEX_HOME: join(base, "missing") },
      ];
      for (const env of envs) {
        const got = await cap(env, repo, ...args, ...format);
        expect({ ...got, env }).toEqual({ ...want, env });
      }
    }
    const j = JSON.parse((await cap({ HOME: home }, repo, ...args, "--json")).stdout);
    expect(j).toMatchObject({ view: "fresh-clone", total: 22, projectRoot: { path: repo } });
    expect(j.applied).toEqual([]);
  });

  it("cap_user_applies_codex_home_and_lists_what_it_applied", async () => {
    const { repo, base } = repository();
    const codexHome = join(base, "codex-home");
    writeLayout(codexHome, {
      "config.toml": 'project_doc_max_bytes = 12\nproject_doc_fallback_filenames = ["POISON.md"]\n',
      "AGENTS.md": "  Global.\n",
    });
    const args = [repo, "--agent", "codex", "--cwd", join(repo, "a"), "--user"];
    const text = await cap({ HOME: join(base, "nohome"), CODEX_HOME: codexHome }, ...args);
    expect(text.code).toBe(1); // 22 bytes of chain against a 12-byte budget: Codex cuts it
    expect(text.stdout).toContain(
      "view: user (this machine's user files, settings, approvals and environment)\napplied:",
    );
    expect(text.stdout).toContain(
      `  setting project_doc_max_bytes=12 (${codexHome}/config.toml): budget of the AGENTS.md chain: 12 bytes`,
    );
    expect(text.stdout).toContain(`  file ${codexHome}/AGENTS.md: global AGENTS file: 7 bytes`);
    const j = JSON.parse(
      (await cap({ HOME: join(base, "nohome"), CODEX_HOME: codexHome }, ...args, "--json")).stdout,
    );
    expect(j.view).toBe("user");
    expect(j.applied.map((a: { name: string }) => a.name)).toEqual([
      "project_doc_max_bytes",
      "project_doc_fallback_filenames",
      `${codexHome}/AGENTS.md`,
    ]);
    expect(j.truncated).not.toBeNull();
  });

  it("cap_user_with_nothing_to_apply_says_so", async () => {
    const { repo, base } = repository();
    const home = join(base, "home");
    writeLayout(home, { ".": { dir: true } });
    const r = await cap({ HOME: home }, repo, "--agent", "codex", "--user");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("applied: nothing on this machine changes the launch set");
  });

  it("cap_user_with_codex_home_naming_no_directory_warns_that_codex_refuses_to_start", async () => {
    const { repo, base } = repository();
    const missing = join(base, "missing");
    const r = await cap({ HOME: base, CODEX_HOME: missing }, repo, "--agent", "codex", "--user");
    expect(r.stderr).toContain(
      `CODEX_HOME points to ${missing}, which is not a directory: Codex refuses to start`,
    );
  });

  it("without_git_cap_names_no_project_root_and_charges_only_the_working_directory_file", async () => {
    const base = tempDir("ac-cx-nogit-");
    writeLayout(base, { "AGENTS.md": "Use pnpm.\n", "a/AGENTS.md": "Run vitest.\n" });
    const args = [base, "--agent", "codex", "--cwd", join(base, "a")];
    const text = await cap({ HOME: base }, ...args);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("12 bytes of launch context for a launch in a/");
    expect(text.stdout).toContain(
      "Codex project root: none — no .git at or above the working directory: Codex reads only the working directory's AGENTS file",
    );
    const j = JSON.parse((await cap({ HOME: base }, ...args, "--json")).stdout);
    expect(j.projectRoot.path).toBeNull();
    expect(j.items.map((i: { path: string }) => i.path)).toEqual(["a/AGENTS.md"]);
  });

  it("with_git_the_text_names_the_project_root_and_its_marker", async () => {
    const { repo } = repository();
    const text = await cap({ HOME: repo }, repo, "--agent", "codex", "--cwd", join(repo, "a"));
    expect(text.stdout).toContain(
      "Codex project root: . — the nearest directory at or above the working directory holding .git",
    );
  });
});
