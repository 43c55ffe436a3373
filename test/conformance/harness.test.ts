import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { launchSections, parseSections, runClaude } from "../support/claude.js";

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
});
