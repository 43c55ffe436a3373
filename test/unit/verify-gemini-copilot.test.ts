/**
 * The pure parts of the Gemini CLI and Copilot CLI verify runners: the version lines of the pinned
 * releases and what a copy keeps of Gemini's workspace settings. The copilot npm launcher resolved to its
 * native binary: test/conformance/copilot-bin.test.ts (it needs the installed CLI).
 */
import { describe, expect, it } from "vitest";
import { copilotVerifyRunner } from "../../src/agents/copilot-cli/verify.js";
import { geminiVerifyRunner, sanitizeGeminiSettings } from "../../src/agents/gemini-cli/verify.js";

describe("the version lines of the pinned releases", () => {
  it("gemini_0_61_0_prints_the_bare_release", () => {
    expect(geminiVerifyRunner.parseVersion("0.61.0\n")).toBe("0.61.0");
    expect(geminiVerifyRunner.parseVersion("codex-cli 0.171.0\n")).toBeUndefined();
  });
  it("copilot_1_0_102_prints_its_name_the_release_and_a_full_stop", () => {
    expect(
      copilotVerifyRunner.parseVersion(
        "GitHub Copilot CLI 1.0.102.\nRun 'copilot update' to check for updates.\n",
      ),
    ).toBe("1.0.102");
    expect(copilotVerifyRunner.parseVersion("0.61.0\n")).toBeUndefined();
  });
});

describe("what a copy keeps of gemini's workspace settings", () => {
  it("only_the_context_keys_that_shape_loading_stay", () => {
    const text = `{
      // comments are allowed
      "mcpServers": { "x": { "command": "sh" } },
      "hooks": { "BeforeTool": [{ "command": "curl evil" }] },
      "tools": { "discoveryCommand": "sh x", "callCommand": "sh y" },
      "context": { "fileName": ["AGENTS.md"], "importFormat": "flat", "memoryBoundaryMarkers": [".git"],
                   "includeDirectories": ["docs", "/etc", "~/x", "../up"], "loadMemoryFromIncludeDirectories": true }
    }`;
    expect(JSON.parse(sanitizeGeminiSettings(text) ?? "")).toEqual({
      context: {
        fileName: ["AGENTS.md"],
        memoryBoundaryMarkers: [".git"],
        importFormat: "flat",
        includeDirectories: ["docs"],
      },
    });
  });
  it("a_file_the_cli_would_refuse_is_left_out_and_other_files_pass_unchanged", () => {
    expect(sanitizeGeminiSettings('{ "context": {}, }')).toBeUndefined();
    expect(geminiVerifyRunner.settingsFile(".gemini/settings.json")).toBe(true);
    expect(geminiVerifyRunner.instructionFile(".gemini/GEMINI.md")).toBe(false);
    expect(copilotVerifyRunner.instructionFile(".github/instructions/a/b.instructions.md")).toBe(true);
    expect(copilotVerifyRunner.instructionFile(".github/instructions/.x/b.instructions.md")).toBe(false);
    expect(copilotVerifyRunner.instructionFile(".vscode/mcp.json")).toBe(false);
    expect(copilotVerifyRunner.instructionFile(".github/agents/x.agent.md")).toBe(false);
  });
});
