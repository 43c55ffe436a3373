/**
 * The gemini-cli model's two views and its flags on real temp directories: the fresh-clone view never
 * reads the home; the user view adds `~/.gemini` and says what it applied; `addDirs` is
 * `--include-directories`. Byte-for-byte agreement with the CLI is the conformance suite's job
 * (test/conformance/gemini-*.test.ts); this pins the parts the CLI cannot show (applied sources, findings).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { activeImportTokens } from "../../src/agents/gemini-cli/imports.js";
import { geminiCli } from "../../src/agents/gemini-cli/index.js";
import { removeFixtures, writeFixture } from "../support/fixture.js";

afterAll(() => removeFixtures());

function layout() {
  const root = writeFixture({
    git: ["repo"],
    files: {
      "repo/GEMINI.md": "repo\n",
      "repo/AGENTS.md": "agents\n",
      "home/.gemini/GEMINI.md": "mine\n",
      "home/.gemini/settings.json": JSON.stringify({ context: { fileName: "AGENTS.md" } }),
      "alt/.gemini/GEMINI.md": "alt home\n",
      "lib/GEMINI.md": "lib\n",
    },
  });
  return { root, repo: join(root, "repo"), home: join(root, "home") };
}

describe("gemini-cli views", () => {
  it("the_fresh_clone_view_reads_no_home_even_when_one_is_given", () => {
    const { repo, home } = layout();
    const s = geminiCli.launch({ root: repo, user: { home, env: {} } });
    expect(s.view).toBe("fresh-clone");
    expect(s.items.map((i) => i.path)).toEqual(["GEMINI.md"]);
    expect(s.applied).toBeUndefined();
  });

  it("the_user_view_adds_user_memory_and_settings_and_says_what_it_applied", () => {
    const { repo, home } = layout();
    const s = geminiCli.launch({ root: repo, view: "user", user: { home, env: {} } });
    expect(s.view).toBe("user");
    expect(s.items.map((i) => i.path)).toEqual([`${home}/.gemini/GEMINI.md`, "AGENTS.md", "GEMINI.md"]);
    expect(s.applied?.map((a) => [a.kind, a.name])).toEqual([
      ["setting", "context.fileName"],
      ["file", `${home}/.gemini/GEMINI.md`],
    ]);
  });

  it("gemini_cli_home_moves_the_user_directory", () => {
    const { root, repo, home } = layout();
    const s = geminiCli.launch({
      root: repo,
      view: "user",
      user: { home, env: { GEMINI_CLI_HOME: join(root, "alt") } },
    });
    expect(s.items[0]?.path).toBe(`${root}/alt/.gemini/GEMINI.md`);
    expect(s.applied?.some((a) => a.kind === "env" && a.name === "GEMINI_CLI_HOME")).toBe(true);
  });

  it("add_dirs_are_include_directories_and_a_missing_one_is_a_finding", () => {
    const { root, repo } = layout();
    const s = geminiCli.launch({ root: repo, addDirs: [join(root, "lib"), join(root, "nope")] });
    expect(s.items.map((i) => i.path)).toEqual([`${root}/lib/GEMINI.md`, "GEMINI.md"]);
    expect(s.findings.map((f) => f.ruleId)).toEqual(["add-dir-missing"]);
    expect(s.applied?.map((a) => a.name)).toEqual(["--include-directories"]);
  });

  it("a_settings_include_directory_that_does_not_exist_is_an_error_the_cli_stops_on", () => {
    const root = writeFixture({
      git: ["."],
      files: {
        "GEMINI.md": "root\n",
        ".gemini/settings.json": JSON.stringify({ context: { includeDirectories: ["missing-dir"] } }),
      },
    });
    const s = geminiCli.launch({ root });
    expect(s.items.map((i) => i.path)).toEqual(["GEMINI.md"]);
    const f = s.findings.find((x) => x.ruleId === "add-dir-missing");
    expect(f?.severity).toBe("error");
    expect(f?.message).toContain("Directory does not exist");
  });

  it("an_unknown_release_is_a_usage_error_naming_the_known_one", () => {
    const { repo } = layout();
    expect(() => geminiCli.launch({ root: repo, release: "0.1.0" })).toThrow(/knows 0\.61\.0/);
  });

  it("a_cwd_that_is_a_missing_directory_measures_nothing_without_throwing", () => {
    const { repo } = layout();
    mkdirSync(join(repo, "empty"));
    expect(geminiCli.launch({ root: repo, cwd: join(repo, "empty") }).items.map((i) => i.path)).toEqual([
      "GEMINI.md",
    ]);
  });
});

describe("gemini-cli import tokens", () => {
  it("an_at_after_whitespace_starting_with_a_letter_dot_or_slash_is_a_token_outside_backticks", () => {
    const t = activeImportTokens("@a.md x@y.com @types/node, `@b.md` @1x @./c.md\t@/d\n```\n@e\n```\n@f.");
    expect(t.map((x) => x.path)).toEqual(["a.md", "types/node,", "./c.md", "/d", "f."]);
  });
});
