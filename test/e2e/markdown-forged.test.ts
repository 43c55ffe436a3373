/**
 * `cap --format markdown` (the job summary and the pull-request comment) cannot be forged by repository
 * text (issue 25): a name's line terminators (a lone CR, U+2028, U+2029), backticks, pipes and HTML never
 * end a line, a code span or a cell of ours. Each report is rendered with a GFM renderer (micromark with
 * its GFM extensions, raw HTML allowed as on GitHub) and the rendered page is checked: every row and the
 * over-the-cap line are there, and nothing the repository wrote became a link, a comment or a tag.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";
import { afterEach, describe, expect, it } from "vitest";
import { cap, cleanup, git, tempRepo } from "./cap-helpers.js";

afterEach(cleanup);

const render = (md: string) =>
  micromark(md, { extensions: [gfm()], htmlExtensions: [gfmHtml()], allowDangerousHtml: true });

function repo(files: Record<string, string>): string {
  const root = tempRepo();
  git(root, "init", "-q");
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(root, rel, ".."), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

/** The rendered table's body rows. */
const rows = (page: string) => [...page.matchAll(/<tr>\s*<td>/g)].length;

describe("cap --format markdown cannot be forged by names", () => {
  it.each([
    ["a_lone_cr_followed_by_an_html_comment", "pkg\r<!--"],
    ["a_line_separator", "pkg\u2028<!--"],
    ["a_paragraph_separator", "pkg\u2029<!--"],
    ["a_newline", "pkg\n<!--"],
  ])("%s_in_a_folder_name_hides_no_row_and_no_failure_line", async (_what, dir) => {
    const root = repo({
      "CLAUDE.md": "# Root\n",
      [`${dir}/CLAUDE.md`]: `${"words ".repeat(40)}\n`,
      "z/CLAUDE.md": "z\n",
    });
    const r = await cap([root, "--all-cwds", "--format", "markdown", "--cap", "100"]);
    expect(r.code).toBe(1);
    const page = render(r.stdout);
    expect(rows(page)).toBe(3);
    expect(page).toMatch(/over the 100 B cap/);
    // The report's own marker is the only HTML comment of the rendered page.
    expect(page.match(/<!--/g)?.length).toBe(1);
  });

  it("a_double_backtick_in_a_name_lets_no_link_through", async () => {
    const name = "a``[click](evil.example)``b.md";
    const root = repo({ "CLAUDE.md": "# Root\n", [`.claude/rules/${name}`]: `${"x".repeat(300)}\n` });
    const r = await cap([root, "--format", "markdown", "--cap", "100"]);
    expect(r.stdout).toContain("click");
    const page = render(r.stdout);
    expect(page).not.toMatch(/<a href/);
    expect(page).toContain("[click](evil.example)");
  });

  it("html_and_pipes_in_a_name_stay_text_in_their_cell", async () => {
    const name = "x|<img src=y onerror=alert(1)>|y.md";
    const root = repo({ "CLAUDE.md": `# Root\n@docs/${name}\n`, [`docs/${name}`]: `${"x".repeat(300)}\n` });
    const r = await cap([root, "--format", "markdown", "--cap", "100"]);
    const page = render(r.stdout);
    expect(page).not.toMatch(/<img/);
    expect(rows(page)).toBe(1);
  });
});
