/**
 * `cap`, `explain` and `lint` with `--agent gemini-cli` through the built CLI on real temp git repositories:
 * the JSON contract (blocks as sent, imports as uncharged items), every output format, the per-agent cap
 * and its ratchet, just-in-time context in `explain --json`, and bad input (a settings file the CLI
 * refuses, a fifo import) reported without a crash or a hang.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { agentContext } from "../support/cli-run.js";
import { cap, cleanup, tempRepo } from "./cap-helpers.js";

afterAll(() => cleanup());

function gitRepo(files: Record<string, string>): string {
  const d = tempRepo(files);
  execFileSync("git", ["init", "-q"], { cwd: d });
  return d;
}

function run(cmd: string, args: string[], cwd?: string) {
  return agentContext([cmd, ...args], cwd ? { cwd } : {});
}

const block = (abs: string, text: string) =>
  `--- Context from: ${abs} ---\n${text}\n--- End of Context from: ${abs} ---`;
const utf8 = (s: string) => Buffer.byteLength(s, "utf8");

describe("cap --agent gemini-cli", () => {
  it("json_charges_each_block_as_sent_and_lists_inlined_imports_uncharged", async () => {
    const d = gitRepo({
      "GEMINI.md": "Rules: @docs/a.md\n",
      "docs/a.md": "Use tabs.\n",
      "A/GEMINI.md": "nested\n",
    });
    const r = await cap([d, "--agent", "gemini-cli", "--json"]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    const inlined = "<!-- Imported from: docs/a.md -->\nUse tabs.\n\n<!-- End of import from: docs/a.md -->";
    const expected = block(`${d}/GEMINI.md`, `Rules: ${inlined}`);
    // The absolute path, twice in the framing, depends on the checkout: framingBytes, never charged.
    const framing = 2 * utf8(`${d}/GEMINI.md`);
    expect(j).toMatchObject({
      agent: "gemini-cli",
      agentVersion: "0.61.0",
      total: utf8(expected) - framing,
      framingBytes: framing,
      ok: true,
    });
    expect(j.items).toEqual([
      {
        path: "GEMINI.md",
        kind: "memory",
        loadedAt: "launch",
        bytes: utf8(expected) - framing,
        fileBytes: 18,
        charged: true,
        importedBy: null,
        reason: "context file in the working directory",
        framingBytes: framing,
        tokens: { count: expect.any(Number), exact: false, method: "estimate:gemini" },
      },
      expect.objectContaining({
        path: "docs/a.md",
        kind: "import",
        bytes: utf8(inlined),
        charged: false,
        importedBy: "GEMINI.md",
      }),
    ]);
  });

  it("a_per_agent_cap_fails_the_launch_and_names_gemini_cli_in_every_format", async () => {
    const d = gitRepo({
      "GEMINI.md": `${"x".repeat(200)}\n`,
      ".agent-context.json": '{"agents":{"gemini-cli":{"cap":100}}}',
    });
    const text = await cap([d, "--agent", "gemini-cli"]);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(
      /Gemini CLI loads \d+ bytes of launch context in this repository — \d+ over the 100-byte cap/,
    );
    const gh = await cap([d, "--agent", "gemini-cli", "--format", "github"]);
    expect(gh.code).toBe(1);
    expect(gh.stdout).toMatch(/^::error /m);
    const sarif = await cap([d, "--agent", "gemini-cli", "--format", "sarif"]);
    expect(sarif.code).toBe(1);
    expect(JSON.parse(sarif.stdout).runs[0].results.length).toBeGreaterThan(0);
    const all = await cap([d, "--agent", "all", "--json"]);
    const runs = JSON.parse(all.stdout) as { agent: string; cap: number; ok: boolean }[];
    expect(runs.find((x) => x.agent === "gemini-cli")).toMatchObject({ cap: 100, ok: false });
    expect(all.code).toBe(1);
  });

  it("the_ratchet_holds_the_gemini_cli_cap_against_the_base", async () => {
    const d = gitRepo({
      "GEMINI.md": "x\n",
      ".agent-context.json": '{"agents":{"gemini-cli":{"cap":1000}}}',
    });
    execFileSync("git", ["add", "-A"], { cwd: d });
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "base"], { cwd: d });
    writeFileSync(`${d}/.agent-context.json`, '{"agents":{"gemini-cli":{"cap":2000}}}');
    const r = await cap([d, "--agent", "gemini-cli", "--base", "HEAD", "--json"]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).ratchet).toMatchObject({ baseCap: 1000, currentCap: 2000, ok: false });
  });

  it("a_settings_file_gemini_cli_refuses_is_named_with_its_place_and_the_launch_is_still_measured", async () => {
    const d = gitRepo({
      "GEMINI.md": "x\n",
      ".gemini/settings.json": '{"context":{"fileName":"AGENTS.md",}}',
    });
    const r = await cap([d, "--agent", "gemini-cli"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(".gemini/settings.json:1:36: Gemini CLI cannot parse this settings file");
    expect(r.stderr).toContain("trailing commas are not");
  });

  it("a_fifo_import_is_never_opened", async () => {
    const d = gitRepo({ "GEMINI.md": "@pipe.md\n" });
    execFileSync("mkfifo", [`${d}/pipe.md`]);
    const r = await cap([d, "--agent", "gemini-cli", "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).items[0].bytes).toBeGreaterThan(0);
  });
});

describe("explain --agent gemini-cli", () => {
  it("on_read_lists_the_context_files_a_read_appends_just_in_time", async () => {
    const d = gitRepo({
      "GEMINI.md": "root\n",
      "pkg/GEMINI.md": "pkg\n",
      "pkg/src/GEMINI.md": "src\n",
      "pkg/src/a.ts": "",
    });
    const r = await run("explain", ["pkg/src/a.ts", "--agent", "gemini-cli", "--json"], d);
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.launch.map((i: { path: string }) => i.path)).toEqual(["GEMINI.md"]);
    expect(j.onRead).toEqual([
      expect.objectContaining({
        path: "pkg/GEMINI.md",
        loadedAt: "read",
        charged: false,
        bytes: utf8(block(`${d}/pkg/GEMINI.md`, "pkg")) - 2 * utf8(`${d}/pkg/GEMINI.md`),
        framingBytes: 2 * utf8(`${d}/pkg/GEMINI.md`),
      }),
      expect.objectContaining({ path: "pkg/src/GEMINI.md", loadedAt: "read", charged: false }),
    ]);
    const text = await run("explain", ["pkg/src/a.ts", "--agent", "gemini-cli"], d);
    expect(text.stdout).toContain("When Gemini CLI reads pkg/src/a.ts — 2 files");
  });
});

describe("lint names Gemini CLI for its own reading of a line", () => {
  it("an_npm_scope_in_a_gemini_md_claude_md_imports_is_reported_once_per_agent", async () => {
    const d = gitRepo({ "GEMINI.md": "Types: @types/node\n", "CLAUDE.md": "@GEMINI.md\n" });
    const r = await run("lint", [d, "--format", "json"]);
    // Info findings (which agents load which file) are not what this test is about.
    const ds = (
      JSON.parse(r.stdout).diagnostics as { ruleId: string; severity: string; message: string }[]
    ).filter((x) => x.severity !== "info");
    expect(ds.map((x) => [x.ruleId, x.severity])).toEqual([
      ["gemini-import-failed", "warning"],
      ["import-missing", "warning"],
    ]);
    expect(ds[0]?.message).toContain("Gemini CLI takes @types/node");
    // Escaping the @ works for both agents: Gemini CLI needs whitespace before it.
    writeFileSync(`${d}/GEMINI.md`, "Types: \\@types/node\n");
    const fixed = JSON.parse((await run("lint", [d, "--format", "json"])).stdout).diagnostics as {
      ruleId: string;
      severity: string;
    }[];
    expect(fixed.filter((x) => x.severity !== "info").map((x) => x.ruleId)).toEqual([]);
  });

  it("trailing_punctuation_after_an_existing_file_is_an_error_whose_help_names_the_fix", async () => {
    const d = gitRepo({ "GEMINI.md": "Read @docs/a.md. Then test.\n", "docs/a.md": "A\n" });
    const r = await run("lint", [d, "--format", "json"]);
    const ds = JSON.parse(r.stdout).diagnostics as { ruleId: string; severity: string; help: string }[];
    const g = ds.filter((x) => x.ruleId === "gemini-import-failed");
    expect(g.map((x) => x.severity)).toEqual(["error"]);
    expect(g[0]?.help).toContain('remove the trailing "."');
    expect(r.status).toBe(1);
  });
});
