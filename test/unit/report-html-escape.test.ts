/**
 * Escaping in the HTML report: repository text (file names, globs, reasons, lint messages) never becomes
 * markup, and the embedded JSON cannot close its script element. Built from a data object holding hostile
 * text in every field the page prints.
 */
import { describe, expect, it } from "vitest";
import type { ReportData } from "../../src/report/html/collect.js";
import { treemapOf } from "../../src/report/html/collect.js";
import { escapeHtml, jsonForScript, MAX_LINT_FILES, renderReportHtml } from "../../src/report/html/page.js";

const EVIL = `<img src=x onerror=alert(1)>"'&</script><!--`;

function hostileData(): ReportData {
  const file = {
    path: `docs/${EVIL}.md`,
    kind: "import" as const,
    bytes: 100,
    fileBytes: 120,
    charged: true,
    importedBy: `CLAUDE${EVIL}.md`,
    why: `imported by ${EVIL}`,
    change: 5,
    tokens: { count: 30, exact: false },
  };
  const overhead = {
    list: `agents ${EVIL}`,
    kind: "subagent" as const,
    bytes: 31,
    charged: true,
    why: `header ${EVIL}`,
  };
  const { cells, moreCount } = treemapOf([file], [overhead]);
  return {
    tool: { name: "agent-context", version: "0.1.0" },
    repository: `repo${EVIL}`,
    base: `main${EVIL}`,
    agents: [
      {
        id: "claude-code",
        name: `Claude ${EVIL}`,
        version: "1",
        releases: ["1"],
        launches: [
          {
            cwd: `pkg/${EVIL}`,
            cap: 4096,
            capSource: `config ${EVIL}`,
            total: 100,
            tokens: {
              total: 30,
              exact: false,
              label: `~ estimate ${EVIL}`,
              model: `m${EVIL}`,
              cap: null,
              ok: true,
            },
            over: 0,
            spare: 3996,
            ok: true,
            failure: null,
            files: [file],
            filesOmitted: 0,
            cells,
            moreCount,
            onDemand: [
              {
                path: `.claude/rules/${EVIL}.md`,
                kind: "scoped rule",
                globs: [`src/${EVIL}/**`],
                matches: 0,
              },
            ],
            onDemandOmitted: 0,
            kinds: [
              {
                kind: "subagent",
                charged: false,
                entries: 0,
                itemBytes: 0,
                overheadBytes: 31,
                bytes: 31,
                cap: 10,
                over: 21,
                ok: false,
              },
            ],
            overhead: [overhead],
            unadopted: { kinds: ["subagent"], bytes: 31, command: `init ${EVIL}` },
            unmeasured: [{ kind: "mcp-server", name: `db${EVIL}`, source: `.mcp${EVIL}.json` }],
            delta: {
              base: `main${EVIL}`,
              commit: "0123456789abcdef",
              before: 95,
              after: 100,
              change: 5,
              cwdAtBase: true,
              kinds: [{ kind: "import", charged: true, before: 95, after: 100, change: 5 }],
              files: [{ path: file.path, before: 95, after: 100, change: 5, why: EVIL }],
            },
          },
        ],
      },
    ],
    lint: [{ ruleId: `r${EVIL}`, severity: "warning", file: file.path, line: 1, message: EVIL, help: EVIL }],
    router: [
      {
        path: `.agent-context/routers/${EVIL}.md`,
        domain: EVIL,
        rows: 1,
        triggers: 2,
        rules: [EVIL],
        rulesTotal: 1,
      },
    ],
  };
}

describe("escapeHtml", () => {
  it("escapes_every_character_that_can_open_markup_or_end_an_attribute", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });
});

describe("jsonForScript", () => {
  it("leaves_no_less_than_sign_and_parses_back_to_the_same_value", () => {
    const v = { s: EVIL, t: "\u2028\u2029" };
    const out = jsonForScript(v);
    expect(out).not.toContain("<");
    expect(out).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual(v);
  });
});

describe("renderReportHtml", () => {
  const html = renderReportHtml(hostileData());

  it("prints_no_repository_text_as_markup", () => {
    expect(html).not.toContain("<img");
    const markup = html.replace(/<script type="application\/json"[\s\S]*?<\/script>/, "");
    expect(markup).not.toContain("onerror=alert(1)>");
    expect(markup).not.toContain(`"'&<`);
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it("has_exactly_two_script_elements_and_one_closing_tag_each", () => {
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html.match(/<!--/g)).toBeNull();
  });

  it("embeds_the_data_as_json_that_parses_back_to_the_data", () => {
    const m = html.match(/<script type="application\/json" id="report-data">([^<]*)<\/script>/);
    expect(m).not.toBeNull();
    expect(JSON.parse((m as RegExpMatchArray)[1] as string)).toEqual(hostileData());
  });

  it("loads_nothing_from_anywhere_a_csp_forbids_every_fetch", () => {
    expect(html).toContain("default-src 'none'");
    expect(html).not.toMatch(/\b(src|href)="(https?:)?\/\//);
    expect(html).not.toMatch(/@import|url\(/);
  });
});

describe("renderReportHtml on many findings", () => {
  const data = hostileData();
  const launchFile = data.lint[0]?.file as string;
  const many = Array.from({ length: MAX_LINT_FILES + 100 }, (_, i) => ({
    ruleId: "rule-dead-glob",
    severity: "warning" as const,
    file: `.claude/rules/r${String(i).padStart(4, "0")}.md`,
    message: `dead ${i}`,
    line: null,
    help: null,
  }));
  const html = renderReportHtml({ ...data, lint: [...data.lint, ...many] });
  const embedded = JSON.parse(
    (
      /<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "{}"
    ).replace(/\\u003c/g, "<"),
  ) as ReportData;

  it("lists_at_most_the_bound_of_files_and_counts_the_rest", () => {
    expect(html).toContain(`Lint findings (${many.length + 1})`);
    expect(html).toContain("r0000.md");
    expect(html).not.toContain(`r${String(MAX_LINT_FILES + 99).padStart(4, "0")}.md`);
    expect(html).toContain("and 101 more files with findings");
  });

  it("embeds_only_the_findings_of_files_a_launch_lists", () => {
    expect(embedded.lint.map((f) => f.file)).toEqual([launchFile]);
  });
});
