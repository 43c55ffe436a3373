/**
 * The pure parts of verify: which model release answers for a CLI release, the comparison, both
 * reminder formats, and what a copy keeps of settings.
 */
import { describe, expect, it } from "vitest";
import { claudeVerifyRunner, parseSections } from "../../src/agents/claude-code/verify.js";
import { codexVerifyRunner } from "../../src/agents/codex/verify.js";
import { agentById, registerAgent } from "../../src/agents/index.js";
import { verifyRepository } from "../../src/app/verify.js";
import { compareDelivery } from "../../src/verify/compare.js";
import { compareReleases, nearestRelease } from "../../src/verify/release.js";
import { nestingDepth } from "../../src/verify/settings.js";

describe("the model release a CLI release is compared with", () => {
  const known = ["2.1.332", "2.1.197"];
  it("a_known_release_is_compared_with_itself", () => {
    expect(nearestRelease(known, "2.1.197")).toEqual({ release: "2.1.197", exact: true });
  });
  it("an_unknown_release_takes_the_newest_known_release_at_or_below_it", () => {
    expect(nearestRelease(known, "2.1.340")).toEqual({ release: "2.1.332", exact: false });
    expect(nearestRelease(known, "2.1.250")).toEqual({ release: "2.1.197", exact: false });
    expect(nearestRelease(["2.1.332"], "2.1.197")).toEqual({ release: "2.1.332", exact: false });
  });
  it("a_release_older_than_every_known_one_takes_the_oldest", () => {
    expect(nearestRelease(known, "2.0.9")).toEqual({ release: "2.1.197", exact: false });
  });
  it("releases_compare_numerically_and_a_pre_release_before_its_release", () => {
    expect(compareReleases("2.1.10", "2.1.9")).toBeGreaterThan(0);
    expect(compareReleases("2.1.332-beta.1", "2.1.332")).toBeLessThan(0);
    expect(compareReleases("0.171.0", "0.171.0")).toBe(0);
  });
});

describe("the comparison, file by file", () => {
  const show = (p: string) => p.replace("/r/", "");
  it("identical_deliveries_agree", () => {
    const d = { files: [{ path: "/r/CLAUDE.md", text: "a", label: "x" }] };
    expect(compareDelivery("launch", d, d, show)).toEqual([]);
  });
  it("a_label_difference_is_named", () => {
    expect(
      compareDelivery(
        "launch",
        { files: [{ path: "/r/CLAUDE.local.md", text: "a", label: "project" }] },
        { files: [{ path: "/r/CLAUDE.local.md", text: "a", label: "private" }] },
        show,
      ),
    ).toEqual([
      { moment: "launch", kind: "label", file: "CLAUDE.local.md", model: "(project)", cli: "(private)" },
    ]);
  });
  it("the_offset_of_a_text_difference_counts_utf8_bytes", () => {
    const [d] = compareDelivery(
      "launch",
      { files: [{ path: "/r/a.md", text: "héllo wörld" }] },
      { files: [{ path: "/r/a.md", text: "héllo world" }] },
      show,
    );
    expect(d).toMatchObject({ kind: "text", offset: 8 });
  });
});

describe("the reminder formats of both pinned Claude Code releases", () => {
  it("the_2_1_197_reminder_format_ends_the_last_file_before_the_current_date_block", () => {
    const text =
      "<system-reminder>\nAs you answer the user's questions, you can use the following context:\n# claudeMd\nCodebase and user instructions are shown below.\n\n" +
      "Contents of /r/CLAUDE.md (project instructions, checked into the codebase):\n\none\n\n" +
      "Contents of /r/.claude/rules/a.md (project instructions, checked into the codebase):\n\n# Heading\nlast\n# currentDate\nToday's date is 2026-12-01.\n\n      IMPORTANT: this context may or may not be relevant to your tasks.\n</system-reminder>\n";
    expect(parseSections(text).map((s) => s.text)).toEqual(["one\n", "# Heading\nlast"]);
  });
  it("the_2_1_332_format_keeps_a_heading_like_line_at_the_end_of_the_last_file", () => {
    const text =
      "<system-reminder>\nCodebase and user instructions are shown below.\n\nContents of /r/CLAUDE.md (project instructions, checked into the codebase):\n\nbody\n# currentDate\n</system-reminder>";
    expect(parseSections(text).map((s) => s.text)).toEqual(["body\n# currentDate"]);
  });
});

describe("what a verify copy keeps of settings", () => {
  it("claude_code_settings_keep_only_the_keys_that_shape_loading", () => {
    const out = claudeVerifyRunner.rewriteSettings(
      ".claude/settings.json",
      JSON.stringify({
        hooks: { SessionStart: [] },
        env: { ANTHROPIC_BASE_URL: "https://x" },
        statusLine: { type: "command", command: "x" },
        apiKeyHelper: "x",
        claudeMdExcludes: ["a/**"],
        pluginConfigs: {
          "cc-plugin-agents-md@builtin": {
            options: { instructionFiles: "claude-md" },
            mcpServers: { x: {} },
          },
          "evil@market": { options: { instructionFiles: "claude-md" } },
        },
      }),
    );
    expect(JSON.parse(out ?? "")).toEqual({
      claudeMdExcludes: ["a/**"],
      pluginConfigs: { "cc-plugin-agents-md@builtin": { options: { instructionFiles: "claude-md" } } },
    });
    expect(claudeVerifyRunner.rewriteSettings("pkg/.claude/settings.local.json", "not json")).toBeUndefined();
  });
  it("a_claude_code_setting_of_the_wrong_type_is_not_written", () => {
    const out = claudeVerifyRunner.rewriteSettings(
      ".claude/settings.json",
      '{"claudeMdExcludes": [{"command": "x"}], "__proto__": {"claudeMdExcludes": ["x"]}}',
    );
    expect(out).toBe("{}\n");
  });
  it("a_codex_project_config_keeps_only_the_project_doc_keys", () => {
    const out = codexVerifyRunner.rewriteSettings(
      ".codex/config.toml",
      'notify = ["sh", "-c", "x"]\nproject_doc_max_bytes = 10\n[mcp_servers.x]\ncommand = "x"\n',
    );
    expect(out?.trim()).toBe("project_doc_max_bytes = 10");
  });
});

describe("how deep a settings file nests", () => {
  it("brackets_in_strings_and_comments_do_not_count", () => {
    expect(nestingDepth('{"a": ["[[[", {"b": "}}}"}]} // [[[[')).toBe(3);
    expect(nestingDepth("a = [[1], [2]] # [[[\nb = '[[['\n")).toBe(2);
    expect(nestingDepth("[".repeat(100_000) + "]".repeat(100_000))).toBe(100_000);
  });
});

describe("an agent without a verify runner", () => {
  it("is_a_usage_error_naming_the_agents_that_have_one", async () => {
    const plain = { ...agentById("codex"), id: "plain-agent", name: "Plain", capabilities: {} };
    const remove = registerAgent(plain);
    try {
      await expect(verifyRepository({ agent: plain, root: "/", cwd: "/" })).rejects.toThrow(
        /^verify cannot run Plain: its model has no verify runner \(agents that have one: claude-code, codex\b/,
      );
    } finally {
      remove();
    }
  });
});

describe("the package verify names for a CLI it cannot find (issue 29)", () => {
  it("each_agent_names_the_npm_package_and_release_the_conformance_tests_pin", async () => {
    const { readFileSync } = await import("node:fs");
    const { agents } = await import("../../src/agents/index.js");
    const pins = JSON.parse(readFileSync(new URL("../agents/package.json", import.meta.url), "utf8"))
      .dependencies as Record<string, string>;
    const named = agents()
      .filter((a) => a.capabilities?.verify)
      .map((a) => [
        a.id,
        `${a.capabilities?.verify?.npmPackage}@${pins[a.capabilities?.verify?.npmPackage ?? ""]}`,
      ]);
    expect(named).toEqual(
      agents()
        .filter((a) => a.capabilities?.verify)
        .map((a) => [a.id, `${a.capabilities?.verify?.npmPackage}@${a.releases[0]}`]),
    );
    expect(named.length).toBeGreaterThanOrEqual(4);
  });
});
