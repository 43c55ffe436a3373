import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fitComment, MAX_COMMENT_CHARS, pullRequestNumber } from "../../src/ci/pr-comment.js";
import { formatChange } from "../../src/report/delta.js";
import { cell, code } from "../../src/report/markdown.js";

describe("markdown cells", () => {
  it("a_path_with_a_pipe_or_backtick_stays_one_cell_of_inline_code", () => {
    expect(code("a|b.md")).toBe("`a\\|b.md`");
    expect(code("we`ird.md")).toBe("``we`ird.md``");
    expect(code("a``b`")).toBe("``` a``b` ```");
    expect(cell("x <b> | y\nz")).toBe("x &lt;b&gt; \\| y z");
  });

  it("a_change_is_signed_with_thousands_separators", () => {
    expect(formatChange(312)).toBe("+312 B");
    expect(formatChange(-1020)).toBe("-1,020 B");
    expect(formatChange(0)).toBe("±0 B");
  });
});

describe("the pull-request comment", () => {
  it("a_body_over_githubs_limit_is_cut_with_a_note", () => {
    const cut = fitComment("x".repeat(MAX_COMMENT_CHARS + 10));
    expect(cut.length).toBe(MAX_COMMENT_CHARS);
    expect(cut).toMatch(/cut to GitHub's comment limit/);
    expect(fitComment("short")).toBe("short");
  });

  it("only_a_pull_request_event_has_a_number", () => {
    const dir = mkdtempSync(join(tmpdir(), "ac-event-"));
    const at = (name: string, json: unknown) => {
      writeFileSync(join(dir, name), typeof json === "string" ? json : JSON.stringify(json));
      return join(dir, name);
    };
    expect(pullRequestNumber(at("pr.json", { number: 7, pull_request: { number: 7 } }))).toBe(7);
    expect(pullRequestNumber(at("push.json", { ref: "refs/heads/main", number: 3 }))).toBeNull();
    expect(pullRequestNumber(at("bad.json", "{not json"))).toBeNull();
    expect(pullRequestNumber(undefined)).toBeNull();
    expect(pullRequestNumber(join(dir, "missing.json"))).toBeNull();
  });
});
