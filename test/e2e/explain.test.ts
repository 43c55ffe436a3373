/**
 * `explain PATH` through the built CLI: its JSON header, its agents, its three sections and the router rule
 * on tool. Its on-read prediction against the real Claude Code CLI is test/conformance/explain-claude.test.ts.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { agentContext } from "../support/cli-run.js";
import { explainRun as explain, repo } from "./explain-helpers.js";

describe("agent-context explain", () => {
  it("explain_json_carries_the_same_header_as_cap_json", async () => {
    const root = repo();
    const e = JSON.parse((await explain(root, ["pkg/api/src/a.ts", "--json"])).stdout);
    const c = JSON.parse((await agentContext(["cap", "--json"], { cwd: root })).stdout);
    for (const k of ["agent", "agentVersion", "root", "cwd"]) expect(e[k]).toBe(c[k]);
    const pb = (xs: { path: string; bytes: number }[]) => xs.map((i) => [i.path, i.bytes]);
    expect(pb(e.launch)).toEqual(pb(c.items));
  });

  for (const agent of ["claude-code", "codex", "gemini-cli", "copilot-cli"])
    it(`explain_shows_the_same_tokens_per_item_and_total_as_cap_with_the_method_named_for_${agent.replace(/-/g, "_")}`, async () => {
      const root = repo();
      writeFileSync(join(root, "AGENTS.md"), "Agents: use pnpm and run the tests before a commit.\n");
      writeFileSync(join(root, "GEMINI.md"), "Gemini: two spaces, no tabs.\n");
      const args = ["--fresh-clone", "--agent", agent];
      const e = JSON.parse((await explain(root, ["pkg/api/src/a.ts", ...args, "--json"])).stdout);
      const c = JSON.parse((await agentContext(["cap", "--agent", agent, "--json"], { cwd: root })).stdout);
      expect(e.tokens.total).toBeGreaterThan(0);
      expect(e.tokens).toEqual(c.tokens);
      const tok = (xs: { path: string; tokens?: unknown }[]) => xs.map((i) => [i.path, i.tokens ?? null]);
      expect(tok(e.launch)).toEqual(tok(c.items));
      expect(e.launch.some((i: { tokens?: unknown }) => i.tokens !== undefined)).toBe(true);
      // The text: a token column beside the bytes and the charged total with the method cap names.
      const t = (await explain(root, ["pkg/api/src/a.ts", ...args])).stdout;
      const mark = (n: number, exact: boolean) => `${exact ? "" : "~"}${n.toLocaleString("en-US")}`;
      expect(t).toContain(`  tokens: ${mark(e.tokens.total, e.tokens.exact)} charged, by ${e.tokens.label}`);
      const first = e.launch.find((i: { tokens?: unknown }) => i.tokens) as {
        path: string;
        tokens: { count: number; exact: boolean };
      };
      expect(t).toMatch(
        new RegExp(
          `  ${mark(first.tokens.count, first.tokens.exact)} tok  ${first.path.replace(/\./g, "\\.")}  — `,
        ),
      );
      // --tokens off leaves them out, as cap does.
      const off = JSON.parse(
        (await explain(root, ["pkg/api/src/a.ts", ...args, "--tokens", "off", "--json"])).stdout,
      );
      expect(off.tokens).toBeUndefined();
      expect(off.launch.every((i: { tokens?: unknown }) => i.tokens === undefined)).toBe(true);
    });

  it("explain_with_agent_codex_names_codex_and_has_no_on_read_or_hook_part", async () => {
    const root = repo();
    const r = await explain(root, ["pkg/api/src/a.ts", "--agent", "codex", "--json"]);
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.agent).toBe("codex");
    expect(j.onRead).toEqual([]);
    expect(j.onTool).toEqual([]);
    const t = (await explain(root, ["pkg/api/src/a.ts", "--agent", "codex"])).stdout;
    expect(t).toContain("When Codex reads pkg/api/src/a.ts");
    expect(t).toContain("the model of Codex has no on-demand part");
  });

  it("a_path_that_does_not_exist_is_named_on_stderr_and_still_explained_as_a_file_created_there", async () => {
    // Issue 29: a mistyped path was explained without a word; a file about to be written is a real case.
    const root = repo();
    const missing = await explain(root, ["pkg/api/src/nope.ts"]);
    expect(missing.status).toBe(0);
    expect(missing.stderr).toBe(
      "agent-context explain: pkg/api/src/nope.ts does not exist; shown is what would load for a file created there\n",
    );
    expect(missing.stdout).toContain(".claude/rules/api.md  — scoped rule");
    const present = await explain(root, ["pkg/api/src/a.ts"]);
    expect({ status: present.status, stderr: present.stderr }).toEqual({ status: 0, stderr: "" });
  });

  it("explain_with_an_unknown_agent_or_all_is_a_usage_error", async () => {
    const root = repo();
    const bad = await explain(root, ["x.ts", "--agent", "cursor"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--agent cursor: must be one of claude-code, codex/);
    expect((await explain(root, ["x.ts", "--agent", "all"])).status).toBe(2);
  });

  it("on_tool_names_the_router_rule_and_the_trigger_that_brought_it", async () => {
    const j = JSON.parse((await explain(repo(), ["pkg/api/src/a.ts", "--json"])).stdout);
    expect(j.onTool).toEqual([
      {
        path: "rules/R-API-001.md",
        kind: "routed",
        loadedAt: "tool",
        bytes: Buffer.byteLength("\n\n=== R-API-001 (rules/R-API-001.md)\nRouter rule for the api package."),
        fileBytes: 33,
        charged: false,
        importedBy: null,
        reason:
          "rule R-API-001: router trigger `pkg/api/**` (.agent-context/routers/api.md:2) fires for a Write to pkg/api/src/a.ts",
      },
    ]);
  });

  it("prints_three_sections_and_nothing_on_tool_for_an_unrouted_path", async () => {
    const r = await explain(repo(), ["README.md"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("At launch (every main session) — 2 files");
    expect(r.stdout).toContain("When Claude Code reads README.md — 0 files, 0 bytes");
    expect(r.stdout).toContain(
      "When a tool writes README.md (agent-context hook) — 0 files, 0 bytes\n  (no router trigger fires)",
    );
  });
});
