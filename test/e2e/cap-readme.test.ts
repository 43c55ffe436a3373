/**
 * The README shows real output: the example's clean line and its failure with a lowered cap; docs/corpus.md
 * the corpus table printed by scripts/corpus-table.mjs. These tests keep those blocks equal to what the
 * built CLI and the script print now (regenerate them when the launch model changes a byte count). The
 * README stays short (issue 29: read in ten minutes) and every relative link of it and of docs/ leads to a
 * file that exists, and to a heading of it when it names one.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import type { Heading, Nodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { toString as mdText } from "mdast-util-to-string";
import { describe, expect, it } from "vitest";
import { corpusPresent } from "../../scripts/corpus.mjs";
import { cap } from "./cap-helpers.js";

const ROOT = resolve(import.meta.dirname, "../..");
const README = readFileSync(resolve(ROOT, "README.md"), "utf8");

/** The first fenced block after `marker`, without its fences. */
function blockAfter(marker: string): string {
  const at = README.indexOf(marker);
  expect(at, `README marker ${marker}`).toBeGreaterThanOrEqual(0);
  const m = /```[a-z]*\n([\s\S]*?)```/.exec(README.slice(at));
  return m?.[1] ?? "";
}

describe("README", () => {
  it("quick_start_output_is_what_cap_prints_on_the_example", async () => {
    const r = await cap([resolve(ROOT, "examples/acme-shop")]);
    expect(r.code).toBe(0);
    expect(blockAfter("The first command ends with:")).toBe(r.stdout);
  });

  it("failure_example_is_what_cap_prints_with_a_lowered_cap", async () => {
    const r = await cap([resolve(ROOT, "examples/acme-shop"), "--cap", "1500"]);
    expect(r.code).toBe(1);
    const block = blockAfter("Lower the cap for one run to see a failure");
    expect(block).toBe(`$ npx --no-install agent-context cap examples/acme-shop --cap 1500\n${r.stdout}`);
  });

  it("every_npx_of_agent_context_in_the_readme_and_docs_ci_runs_only_the_installed_package_or_the_tarball", () => {
    // Issue 29: the name is unclaimed on the registry; a bare `npx agent-context` would fetch whatever is
    // published under it (test/e2e/ci-recipe.test.ts shows both sides against a loopback registry).
    for (const doc of ["README.md", "docs/ci.md"]) {
      const text = readFileSync(resolve(ROOT, doc), "utf8");
      const uses = [...text.matchAll(/npx ((?:--?[\w-]+(?: \.\/[^\s`]+)? )*)agent-context/g)];
      expect(uses.length, doc).toBeGreaterThan(0);
      // Each names the bare form once, as "a bare `npx agent-context`", to say why it is not used.
      const bad = uses.filter(
        (m) =>
          !/^(--no-install |--yes --package \.\/vendor\/agent-context-[\w.<>-]+\.tgz )$/.test(m[1] ?? "") &&
          !text.slice(0, m.index).endsWith("a bare `"),
      );
      expect(
        bad.map((m) => m[0]),
        doc,
      ).toEqual([]);
    }
  });

  it.skipIf(!corpusPresent())("corpus_table_is_what_the_script_prints", () => {
    const r = spawnSync(process.execPath, [resolve(ROOT, "scripts/corpus-table.mjs")], { encoding: "utf8" });
    expect(r.status).toBe(0);
    const rows = r.stdout.split("\n").filter((l) => l.startsWith("|"));
    expect(rows.length).toBe(24);
    const doc = readFileSync(resolve(ROOT, "docs/corpus.md"), "utf8");
    for (const row of rows) expect(doc).toContain(`${row}\n`);
    expect(doc).toContain(r.stdout.split("\n")[0]);
  });

  it("the_readme_is_at_most_350_lines", () => {
    expect(README.split("\n").length - 1).toBeLessThanOrEqual(350);
  });

  it("every_relative_link_in_the_readme_and_docs_leads_to_a_file_and_heading_that_exist", () => {
    const docs = readdirSync(resolve(ROOT, "docs"), { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".md"))
      .map((f) => join("docs", f));
    const files = ["README.md", "CHANGELOG.md", ...docs];
    expect(files).toContain("docs/commands/cap.md");
    const broken: string[] = [];
    let checked = 0;
    for (const file of files) {
      for (const url of linkTargets(readFileSync(resolve(ROOT, file), "utf8"))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(url)) continue; // https:, mailto:: not a file of this repository
        checked++;
        const [path = "", anchor] = url.split("#");
        const target = path === "" ? resolve(ROOT, file) : resolve(ROOT, dirname(file), decodeURI(path));
        if (!existsSync(target)) broken.push(`${file}: ${url} (no file ${relative(ROOT, target)})`);
        else if (anchor && target.endsWith(".md") && !headingSlugs(readFileSync(target, "utf8")).has(anchor))
          broken.push(`${file}: ${url} (no heading #${anchor} in ${relative(ROOT, target)})`);
      }
    }
    expect(checked).toBeGreaterThan(40);
    expect(broken).toEqual([]);
  });
});

/** The destinations of every link, image and link definition in a Markdown text (code is not parsed). */
function linkTargets(markdown: string): string[] {
  const out: string[] = [];
  const walk = (node: Nodes) => {
    if (node.type === "link" || node.type === "image" || node.type === "definition") out.push(node.url);
    if ("children" in node) for (const c of node.children) walk(c as Nodes);
  };
  walk(fromMarkdown(markdown));
  return out;
}

/** The anchors GitHub gives a Markdown file's headings: lower case, punctuation dropped, spaces to `-`. */
function headingSlugs(markdown: string): Set<string> {
  const slugs = new Set<string>();
  const seen = new Map<string, number>();
  const walk = (node: Nodes) => {
    if (node.type === "heading") {
      const base = mdText(node as Heading)
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, "")
        .replace(/\s/g, "-");
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      slugs.add(n === 0 ? base : `${base}-${n}`);
    }
    if ("children" in node) for (const c of node.children) walk(c as Nodes);
  };
  walk(fromMarkdown(markdown));
  return slugs;
}
