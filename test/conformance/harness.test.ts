import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLAUDE_CODE_VERIFIED_VERSION } from "../../src/agents/claude-code/release.js";
import { CODEX_VERIFIED_VERSION } from "../../src/agents/codex/release.js";
import {
  claudeBin,
  claudeReleases,
  claudeVersion,
  launchSections,
  parseSections,
  runClaude,
} from "../support/claude.js";
import { codexBin, codexVersion } from "../support/codex.js";

describe("the offline Claude Code harness", () => {
  it("parses_each_contents_section_up_to_the_next_one", () => {
    const text =
      "<system-reminder>\nHeader.\n\nContents of /a/CLAUDE.md (project instructions):\n\none\n\nContents of /a/b.md (x):\n\ntwo\n</system-reminder>";
    expect(parseSections(text)).toEqual([
      { path: "/a/CLAUDE.md", label: "project instructions", text: "one\n" },
      { path: "/a/b.md", label: "x", text: "two" },
    ]);
  });

  it("the_real_cli_reports_a_root_claude_md_in_its_first_request", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ac-harness-"));
    mkdirSync(join(dir, "sub"));
    writeFileSync(join(dir, "CLAUDE.md"), "Marker 71be\n");
    const run = await runClaude({ cwd: dir });
    const sections = launchSections(run);
    expect(sections.map((s) => s.path)).toContain(join(dir, "CLAUDE.md"));
    expect(sections.find((s) => s.path.endsWith("CLAUDE.md"))?.text).toContain("Marker 71be");
  });

  it.each(["2.1.197"])("the_pinned_release_%s_reports_a_root_claude_md_too", async (release) => {
    const dir = mkdtempSync(join(tmpdir(), "ac-harness-"));
    writeFileSync(join(dir, "CLAUDE.md"), "Marker 5e0c\n");
    const run = await runClaude({ cwd: dir, release });
    const root = launchSections(run).find((s) => s.path === join(dir, "CLAUDE.md"));
    expect(root?.text).toContain("Marker 5e0c");
  });
});

describe("the pinned agent releases (test/agents)", () => {
  it("the_default_releases_are_the_ones_the_models_are_verified_on", () => {
    expect(claudeReleases()[0]).toBe(CLAUDE_CODE_VERIFIED_VERSION);
    expect(claudeVersion()).toBe(CLAUDE_CODE_VERIFIED_VERSION);
    expect(codexVersion()).toBe(CODEX_VERIFIED_VERSION);
  });

  it("claude_code_2_1_197_is_pinned_beside_the_default_release", () => {
    expect(claudeReleases()).toEqual([CLAUDE_CODE_VERIFIED_VERSION, "2.1.197"]);
    expect(claudeVersion("2.1.197")).toBe("2.1.197");
  });

  it.each(["2.1.332", "2.1.197"])(
    "the_claude_code_%s_bin_runs_offline_and_reports_its_release",
    (release) => {
      const r = spawnSync(claudeBin(release), ["--version"], {
        encoding: "utf8",
        env: {
          PATH: process.env.PATH ?? "",
          HOME: mkdtempSync(join(tmpdir(), "ac-home-")),
          DISABLE_AUTOUPDATER: "1",
        },
      });
      expect(r.stdout.trim()).toBe(`${release} (Claude Code)`);
      expect(r.status).toBe(0);
    },
  );

  it("the_codex_bin_runs_offline_and_reports_its_release", () => {
    const r = spawnSync(codexBin(), ["--version"], {
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", HOME: mkdtempSync(join(tmpdir(), "ac-home-")) },
    });
    expect(r.stdout.trim()).toBe(`codex-cli ${CODEX_VERIFIED_VERSION}`);
    expect(r.status).toBe(0);
  });

  it("a_release_that_is_not_pinned_is_refused_naming_the_pinned_ones_and_the_remedy", () => {
    expect(() => claudeBin("2.0.0")).toThrow(
      /@anthropic-ai\/claude-code@2\.0\.0 is not pinned in test\/agents\/package\.json \(pinned: 2\.1\.332, 2\.1\.197\); add "claude-code-2\.0\.0": "npm:@anthropic-ai\/claude-code@2\.0\.0"/,
    );
  });
});
