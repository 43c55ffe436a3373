/**
 * Tokens in `cap`'s outputs, as a user runs the built CLI (docs/tokens.md, issue 27): each item and the total
 * with the method named (o200k exactly for Codex and Copilot's GPT models, a labelled `~` estimate per model
 * family, Anthropic's endpoint with `--tokens api` against a loopback stand-in), the token cap beside the
 * bytes, the tokenizer loaded only for an output that shows tokens; each agent's own limits warned about
 * before a session meets them; the sessions that start without CLAUDE.md and unscoped rules.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { claudeCharacterKindEstimate } from "../../src/tokens/estimate.js";
import { type CountStandIn, startCountStandIn, textChars } from "../support/anthropic-count.js";
import { agentContext } from "../support/cli-run.js";
import { CLI, cap, capJson, cleanup, tempRepo } from "./cap-helpers.js";

const COUNTS = JSON.parse(readFileSync(resolve("test/fixtures/tokens/counts.json"), "utf8")) as {
  cases: Record<
    string,
    { text: string; o200k: number; claude: number; claudeLegacy: number; gemini: number }
  >;
};
const RULES = COUNTS.cases.markdown_rules as (typeof COUNTS.cases)[string];
// Claude Code sends a memory file trimmed: its estimate is of the trimmed text (the estimator itself is
// held to the fixture's counts in test/unit/tokens.test.ts).
const CLAUDE = claudeCharacterKindEstimate(RULES.text.trim(), false);
const CLAUDE_LEGACY = claudeCharacterKindEstimate(RULES.text.trim(), true);

afterAll(cleanup);
// Every case runs the built CLI a few times, each loading a tokenizer or an agent model: slow on a busy machine.
vi.setConfig({ testTimeout: 240_000 });

let standIn: CountStandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

/** Runs the built CLI without the Anthropic variables of this process (the stand-in answers from it). */
async function capAsync(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ["CI", "GITHUB_ACTIONS", "GITHUB_BASE_REF", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"])
    delete base[k];
  const r = await agentContext(["cap", ...args], { env: { ...base, ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * The files the process required through Node's CommonJS loader (the lazy tokenizer is required that
 * way, src/tokens/o200k.ts), recorded when it exits.
 */
function required(args: string[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), "ac-tokens-mods-"));
  const probe = join(dir, "probe.cjs");
  writeFileSync(
    probe,
    `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(`${probe}.txt`)}, Object.keys(require.cache).join("\\n")));\n`,
  );
  spawnSync(process.execPath, ["--require", probe, CLI, ...args], { encoding: "utf8" });
  return readFileSync(`${probe}.txt`, "utf8").split("\n");
}

describe("tokens in every output", () => {
  it("codex_items_and_total_are_counted_exactly_with_o200k_as_the_fixture_says", async () => {
    const root = tempRepo({ "AGENTS.md": RULES.text });
    const { json } = await capJson([root, "--agent", "codex"]);
    const j = json as unknown as { items: { tokens: unknown }[]; tokens: Record<string, unknown> };
    expect(j.items[0]?.tokens).toEqual({ count: RULES.o200k, method: "o200k", exact: true });
    expect(j.tokens).toMatchObject({ total: RULES.o200k, method: "o200k", exact: true, cap: null, ok: true });
  });

  it("claude_code_counts_are_labelled_estimates_of_the_model_family_and_model_picks_the_family", async () => {
    const root = tempRepo({ "CLAUDE.md": RULES.text });
    const def = (await capJson([root])).json as unknown as { tokens: Record<string, unknown> };
    expect(def.tokens).toMatchObject({ total: CLAUDE, method: "estimate:claude", exact: false });
    const older = (await capJson([root, "--model", "claude-sonnet-4-6"])).json as unknown as {
      tokens: Record<string, unknown>;
    };
    expect(older.tokens).toMatchObject({
      total: CLAUDE_LEGACY,
      method: "estimate:claude-legacy",
      model: "claude-sonnet-4-6",
    });
    const text = await cap([root]);
    expect(text.stdout).toContain(
      `verified on Claude Code 2.1.332; ~${CLAUDE} tokens by Claude Code 2.1.332's estimate, Opus 4.7+ tokenizer (model claude-opus-5-5).`,
    );
  });

  it("gemini_and_copilot_count_by_their_own_methods", async () => {
    const root = tempRepo({ "GEMINI.md": RULES.text, "AGENTS.md": RULES.text });
    const gem = (await capJson([root, "--agent", "gemini-cli"])).json as unknown as {
      tokens: Record<string, unknown>;
    };
    expect(gem.tokens).toMatchObject({ method: "estimate:gemini", exact: false, model: "gemini-2.5-pro" });
    const cop = (await capJson([root, "--agent", "copilot-cli"])).json as unknown as {
      tokens: Record<string, unknown>;
      items: { path: string; tokens?: { count: number } }[];
    };
    expect(cop.tokens).toMatchObject({ method: "o200k", exact: true, model: "gpt-4.1" });
    expect(cop.items.find((i) => i.path === "AGENTS.md")?.tokens?.count).toBeGreaterThanOrEqual(RULES.o200k);
  });

  it("markdown_shows_bytes_and_tokens_and_names_each_method", async () => {
    const root = tempRepo({ "CLAUDE.md": RULES.text, "AGENTS.md": RULES.text });
    const md = (await cap([root, "--agent", "all", "--format", "markdown"])).stdout;
    expect(md).toContain("| Launch context | Tokens | Cap |");
    // Claude Code sends CLAUDE.md trimmed (one byte fewer); Codex sends AGENTS.md as it is.
    expect(md).toContain(`| ${RULES.text.length - 1} B | ~${CLAUDE} | 4,096 B |`);
    expect(md).toContain(`| ${RULES.text.length} B | ${RULES.o200k} | 32,768 B |`);
    expect(md).toMatch(/Tokens: Claude Code: Claude Code 2\.1\.332's estimate.*Codex: o200k \(exact\)/);
  });

  it("a_token_cap_fails_the_run_beside_the_bytes_and_every_output_says_so", async () => {
    const root = tempRepo({
      "AGENTS.md": RULES.text,
      ".agent-context.json": JSON.stringify({ agents: { codex: { tokenCap: RULES.o200k - 1 } } }),
    });
    const text = await cap([root, "--agent", "codex"]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(
      `ERROR: ${RULES.o200k} tokens of launch context — 1 over the ${RULES.o200k - 1}-token cap`,
    );
    const { code, json } = await capJson([root, "--agent", "codex"]);
    expect(code).toBe(1);
    expect((json as unknown as { tokens: Record<string, unknown> }).tokens).toMatchObject({
      cap: RULES.o200k - 1,
      over: 1,
      ok: false,
    });
    expect((await cap([root, "--agent", "codex", "--format", "markdown"])).stdout).toContain(
      "❌ 1 tokens over",
    );
  });

  it("a_token_cap_at_the_total_passes", async () => {
    const at = tempRepo({
      "AGENTS.md": RULES.text,
      ".agent-context.json": JSON.stringify({ agents: { codex: { tokenCap: RULES.o200k } } }),
    });
    expect((await cap([at, "--agent", "codex"])).code).toBe(0);
  });

  it("a_token_cap_that_is_not_a_whole_number_is_refused_in_tokens", async () => {
    const root = tempRepo({ "AGENTS.md": "x\n", ".agent-context.json": '{"tokenCap": 1.5}' });
    const r = await cap([root]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"tokenCap" must be a non-negative whole number of tokens');
  });

  it("tokens_off_and_the_formats_that_show_no_tokens_count_none", async () => {
    const root = tempRepo({ "AGENTS.md": RULES.text });
    const off = (await capJson([root, "--agent", "codex", "--tokens", "off"])).json as unknown as Record<
      string,
      unknown
    >;
    expect(off.tokens).toBeUndefined();
    expect((await cap([root, "--tokens", "bogus"])).stderr).toContain(
      "--tokens must be one of auto, api, off",
    );
  });
});

describe("the tokenizer loads only when a count is shown", () => {
  const tiktoken = (mods: string[]) => mods.filter((m) => m.includes("/tiktoken/"));

  it("cap_with_an_o200k_count_loads_it_and_sarif_github_tokens_off_and_version_do_not", () => {
    const root = tempRepo({ "AGENTS.md": RULES.text });
    expect(tiktoken(required(["cap", root, "--agent", "codex"]))).not.toEqual([]);
    for (const extra of [
      ["--format", "sarif"],
      ["--format", "github"],
      ["--tokens", "off"],
    ])
      expect(tiktoken(required(["cap", root, "--agent", "codex", ...extra])), extra.join(" ")).toEqual([]);
    expect(tiktoken(required(["--version"]))).toEqual([]);
    // Claude Code's estimate needs no tokenizer.
    expect(tiktoken(required(["cap", root]))).toEqual([]);
  });

  it("the_hook_bundle_holds_no_tokenizer_and_no_token_counting", () => {
    const body = readFileSync(resolve("dist/hook-body.cjs"), "utf8");
    for (const s of ["tiktoken", "count_tokens", "byCharacterKind", "estimateTokens", "o200k"])
      expect(body, s).not.toContain(s);
  });
});

describe("--tokens api (Anthropic's count_tokens endpoint, loopback stand-in)", () => {
  it("one_request_counts_the_charged_launch_set_exactly_and_items_keep_their_estimate", async () => {
    standIn = await startCountStandIn();
    const root = tempRepo({ "CLAUDE.md": `${RULES.text}@rule.md\n`, "rule.md": "A rule.\n" });
    const r = await capAsync([root, "--json", "--tokens", "api"], {
      ANTHROPIC_API_KEY: "sk-test",
      ANTHROPIC_BASE_URL: standIn.url,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(standIn.requests).toHaveLength(1);
    const sent = standIn.requests[0]?.body;
    const j = JSON.parse(r.stdout) as {
      tokens: Record<string, unknown>;
      items: { tokens?: { method: string } }[];
    };
    expect(j.tokens).toMatchObject({
      method: "anthropic-api",
      exact: true,
      total: textChars(sent),
      model: "claude-opus-5-5",
      requests: 1,
      note: null,
    });
    expect(sent.model).toBe("claude-opus-5-5");
    expect(standIn.requests[0]?.headers["x-api-key"]).toBe("sk-test");
    expect(j.items.every((i) => i.tokens?.method === "estimate:claude")).toBe(true);
  });

  it("without_a_key_nothing_is_sent_and_the_output_says_so_and_shows_the_estimate", async () => {
    standIn = await startCountStandIn();
    const root = tempRepo({ "CLAUDE.md": RULES.text });
    const r = await capAsync([root, "--tokens", "api"], { ANTHROPIC_BASE_URL: standIn.url });
    expect(r.code).toBe(0);
    expect(standIn.requests).toHaveLength(0);
    expect(r.stdout).toContain(
      "tokens: --tokens api: ANTHROPIC_API_KEY is not set: no count was requested (set it to count through the API); the estimate is shown",
    );
    expect(r.stdout).toContain(`; ~${CLAUDE} tokens by Claude Code`);
  });

  it("a_refused_request_is_one_line_and_the_estimate_stays", async () => {
    standIn = await startCountStandIn(() => ({
      status: 401,
      body: '{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}',
    }));
    const root = tempRepo({ "CLAUDE.md": RULES.text });
    const r = await capAsync([root, "--json", "--tokens", "api"], {
      ANTHROPIC_API_KEY: "bad",
      ANTHROPIC_BASE_URL: standIn.url,
    });
    const j = JSON.parse(r.stdout) as { tokens: Record<string, unknown> };
    expect(j.tokens).toMatchObject({ method: "estimate:claude", total: CLAUDE, requests: 1 });
    expect(j.tokens.note).toContain("answered 401 (authentication_error: invalid x-api-key)");
  });
});

describe("each agent's own limits, warned before a session meets them", () => {
  it("a_45017_character_claude_md_is_over_claude_codes_large_memory_file_limit_in_cap_and_lint", async () => {
    const root = tempRepo({ "CLAUDE.md": `${"x".repeat(45_016)}\n` });
    const r = await cap([root]);
    expect(r.stderr).toContain(
      "CLAUDE.md is 45,016 characters, over Claude Code 2.1.332's 40,000-character large-memory-file limit",
    );
    const lint = await agentContext(["lint", root]);
    expect(lint.stdout).toMatch(/CLAUDE\.md:1:1 warning agent-limit CLAUDE\.md is 45,016 characters/);
    // A 1M-context model allows 200,000 characters (4 a token); 2.1.197 has the same per-file limit.
    expect((await cap([root, "--model", "claude-sonnet-4-6[1m]"])).stderr).not.toContain("large-memory-file");
    expect((await cap([root, "--agent-version", "2.1.197"])).stderr).toContain(
      "Claude Code 2.1.197's 40,000-character",
    );
  });

  it("many_instruction_files_over_the_total_limit_are_warned_about_on_2_1_332_only", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 4; i++) files[`.claude/rules/r${i}.md`] = `${"r".repeat(35_000)}\n`;
    const root = tempRepo(files);
    expect((await cap([root])).stderr).toContain(
      "4 instruction files add up to 140,000 characters, over Claude Code 2.1.332's 120,000-character total limit",
    );
    expect((await cap([root, "--agent-version", "2.1.197"])).stderr).not.toContain("total limit");
  });

  it("custom_subagent_descriptions_over_15000_tokens_and_a_hook_bound_over_10000_characters_are_warned_about", async () => {
    const desc = "word ".repeat(13_000).trim();
    const root = tempRepo({
      "CLAUDE.md": "x\n",
      ".claude/agents/big.md": `---\nname: big\ndescription: ${desc}\n---\nYou are big.\n`,
      ".agent-context.json": JSON.stringify({ hook: { maxBytes: 12_000 } }),
    });
    const err = (await cap([root])).stderr;
    expect(err).toMatch(/the custom subagents' descriptions add up to ~16,2\d\d tokens/);
    expect(err).toContain(
      "hook.maxBytes is 12,000: Claude Code 2.1.332 delivers a hook's additionalContext over 10,000 characters only as a file path",
    );
  });

  it("auto_memory_over_200_lines_is_warned_about_in_the_user_view", async () => {
    const root = tempRepo({ "CLAUDE.md": "x\n" });
    spawnSync("git", ["init", "-q", root]);
    const home = mkdtempSync(join(tmpdir(), "ac-tokens-home-"));
    const config = join(home, ".claude");
    const dir = join(config, "projects", root.replace(/[^a-zA-Z0-9]/g, "-"), "memory");
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, "MEMORY.md"),
      `${Array.from({ length: 250 }, (_, i) => `- [M${i}](m.md)`).join("\n")}\n`,
    );
    const r = await cap([root, "--user"], { HOME: home, CLAUDE_CONFIG_DIR: config });
    expect(r.stderr).toMatch(
      /auto memory \S*MEMORY\.md is 250 lines \(limit: 200\): Claude Code 2\.1\.332 loads only its first 200 lines and 25,000 characters/,
    );
  });

  it("copilot_says_it_refuses_over_its_token_budget_and_not_under_it", async () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i % 1000}`).join(" ");
    const over = tempRepo({ "AGENTS.md": words(30_000) });
    expect((await cap([over, "--agent", "copilot-cli"])).stderr).toMatch(
      /refused: the instruction files are [\d,]+ o200k tokens; GitHub Copilot CLI 1\.0\.102 allows about 43,916 with its default model \(gpt-4\.1\): it sends no request/,
    );
    const under = tempRepo({ "AGENTS.md": words(10_000) });
    expect((await cap([under, "--agent", "copilot-cli"])).stderr).not.toContain("refuses");
  });
});

describe("not every session gets the launch memory", () => {
  it("cap_explain_and_lint_say_explore_and_plan_start_without_claude_md_and_unscoped_rules", async () => {
    const root = tempRepo({ "CLAUDE.md": "Use pnpm.\n", ".claude/rules/style.md": "Tabs.\n" });
    expect((await cap([root])).stdout).toContain(
      "not every session: on Claude Code 2.1.332, the built-in Explore and Plan subagents start without CLAUDE.md, .claude/rules/style.md",
    );
    const json = (await capJson([root])).json as unknown as { partialSessions: unknown };
    expect(json.partialSessions).toEqual([
      { sessions: "the built-in Explore and Plan subagents", paths: ["CLAUDE.md", ".claude/rules/style.md"] },
    ]);
    const explain = await agentContext(["explain", join(root, "a.ts"), root, "--fresh-clone"]);
    expect(explain.stdout).toContain("At launch (every main session)");
    expect(explain.stdout).toContain(
      "Not in every session: the built-in Explore and Plan subagents start without CLAUDE.md, .claude/rules/style.md.",
    );
    const lint = await agentContext(["lint", root]);
    expect(lint.stdout).toContain(
      "load on every main session (the built-in Explore and Plan subagents start without it)",
    );
    // Codex has no such sessions.
    expect((await cap([root, "--agent", "codex"])).stdout).not.toContain("not every session");
  });
});

describe("the HTML report", () => {
  it("shows_each_launchs_tokens_as_cap_counts_them_and_each_files_tokens", async () => {
    const root = tempRepo({ "AGENTS.md": RULES.text, "CLAUDE.md": RULES.text });
    const out = join(mkdtempSync(join(tmpdir(), "ac-tokens-report-")), "r.html");
    const r = await agentContext(["report", root, "--agent", "all", "--out", out]);
    expect(r.status, r.stderr).toBe(0);
    const html = readFileSync(out, "utf8");
    const runs = (await capJson([root, "--agent", "all"])).json as unknown as {
      agent: string;
      tokens: { total: number; exact: boolean };
    }[];
    for (const run of runs) {
      const section = html.slice(html.indexOf(`data-agent="${run.agent}"`));
      const shown = /data-testid="launch-tokens" data-tokens="(\d+)"[^>]*>(~?)[\d,]+ tokens/.exec(section);
      expect(shown?.[1], run.agent).toBe(String(run.tokens.total));
      expect(shown?.[2], run.agent).toBe(run.tokens.exact ? "" : "~");
    }
    expect(html).toContain('<th scope="col">Tokens</th>');
    expect(html).toContain(`<td class="num">${RULES.o200k}</td>`);
  });
});
