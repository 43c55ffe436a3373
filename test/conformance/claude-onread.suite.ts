/**
 * The Claude Code on-read suite, on a share in claude-onread.test.ts (`npm test`: `onReadShare`) and whole
 * in claude-onread-long.test.ts (the long tier). Conformance of the on-demand model (src/agents/claude-code/on-read.ts, src/globs/claude.ts) with the
 * pinned real Claude Code CLI: a scripted upstream makes the CLI call Read / Write / Edit / Bash, and every
 * `Contents of PATH:` block the CLI attaches after each tool result must be predicted exactly, file by file
 * and byte by byte, in order. Findings: docs/findings-claude-onread.md.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claudeAttachTargets, claudeOnReadSession } from "../../src/agents/claude-code/on-read.js";
import { claudeRelease } from "../../src/agents/claude-code/release.js";
import { attachedPerTurn } from "../../src/agents/claude-code/verify.js";
import { claudeReleases, claudeVersion, launchSections, runClaude } from "../support/claude.js";
import { agentSlots } from "../support/process.js";
import type { ContentBlock } from "../support/upstream.js";

type Tool = [name: string, input: Record<string, unknown>];
interface Attached {
  path: string;
  text: string;
}
interface Observed {
  launch: string[];
  /** The launch files' texts as the CLI sent them (absolute path → text). */
  launchTexts: Map<string, string>;
  turns: Attached[][];
}

const ROOTVAR = "$ROOT";

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

function writeTree(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-onread-")));
  made.push(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

function subst<T>(v: T, root: string): T {
  return JSON.parse(JSON.stringify(v).replaceAll(ROOTVAR, root));
}

/**
 * Runs one CLI session that calls `tools` one per turn; returns the launch paths and each turn's attachments,
 * read by the one parser of both releases' formats (`attachedPerTurn`: 2.1.332's `<system-reminder>` blocks
 * in the tool result's message, 2.1.197's `role: "system"` messages after it, several files per message).
 */
async function observe(release: string, root: string, cwdRel: string, tools: Tool[]): Promise<Observed> {
  const script: ContentBlock[][] = tools.map(([name, input]) => [
    { type: "tool_use", name, input: subst(input, root) },
  ]);
  const run = await runClaude({
    release,
    cwd: join(root, cwdRel),
    script,
    args: ["--permission-mode", "acceptEdits", "--allowedTools", "Read,Write,Edit,Bash"],
  });
  const sections = launchSections(run);
  const launch = sections.map((s) => s.path);
  const launchTexts = new Map(sections.map((s) => [s.path, s.text]));
  if (run.mainRequests.length !== tools.length + 1) {
    throw new Error(
      `expected ${tools.length + 1} main requests, got ${run.mainRequests.length}: ${run.stderr}`,
    );
  }
  const turns: Attached[][] = attachedPerTurn(run).map((t) => t.map((f) => ({ path: f.path, text: f.text })));
  while (turns.length < tools.length) turns.push([]);
  return { launch, launchTexts, turns };
}

/** The model's prediction for the same session. */
function predict(
  release: string,
  root: string,
  cwdRel: string,
  tools: Tool[],
  launch: string[],
  launchTexts?: Map<string, string>,
): Attached[][] {
  const cwd = join(root, cwdRel);
  const session = claudeOnReadSession({
    root,
    cwd,
    alreadyLoaded: launch,
    release,
    ...(launchTexts ? { launchTexts } : {}),
  });
  return tools.map(([name, input]) =>
    claudeAttachTargets(name, subst(input, root), cwd, release).flatMap((t) => {
      const r = session.read(t, {
        tool: name,
        whole: input.offset === undefined && input.limit === undefined,
      });
      return r.items.map((it) => ({ path: resolve(root, it.path), text: r.texts.get(it.path) ?? "" }));
    }),
  );
}

/** Runs sessions with bounded concurrency (the machine has 2 cores). */
async function pool<T, R>(items: T[], n: number, f: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(agentSlots(n), items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await f(items[i] as T);
      }
    }),
  );
  return out;
}

const rel = (root: string, a: Attached[]) => a.map((x) => ({ ...x, path: x.path.replace(`${root}/`, "") }));

/** Which sections of the suite run on a release: all, or all but the scoped rule globs (`globs: false`). */
export interface OnReadPlan {
  globs: boolean;
}

/**
 * `npm test`'s share: every section on the newest pinned release; on the others every section but the
 * scoped rule globs (16 sessions), which the long tier runs on every release. How a `paths:` glob that
 * compiles matches a read is the same on every pinned release: the one range of
 * src/agents/claude-code/release-ranges.ts about globs (bad-glob-ends-read) is a pattern that does not
 * compile, which that section has none of (claude-release-ranges and fuzz/found.ts check it on 2.1.197).
 */
export function onReadShare(): Map<string, OnReadPlan> {
  return new Map(claudeReleases().map((release, i) => [release, { globs: i === 0 }]));
}

/**
 * The suite, per release of `plan` (every pinned release the model knows: docs/findings-claude-releases.md
 * has what differs on read).
 */
export function onReadSuite(plan: Map<string, OnReadPlan>): void {
  for (const [release, { globs }] of plan) {
    describe(`Claude Code ${release} on read`, () => {
      it("the_suite_runs_the_cli_release_the_model_answers_for", () => {
        expect(claudeVersion(release)).toBe(release);
      });

      // ---------------------------------------------------------------------------------------------------------
      // 1. Which `paths:` forms fire for which read path: one rule per form, one fresh session per read.

      const GLOB_RULES: Record<string, string> = {
        srcStarStarTs: 'paths: "src/**/*.ts"',
        starStarTs: 'paths: "**/*.ts"',
        starTs: 'paths: "*.ts"',
        srcSlash: 'paths: "src/"',
        srcBare: 'paths: "src"',
        slashSrcStarStar: 'paths: "/src/**"',
        srcStar: 'paths: "src/*"',
        srcStarStar: 'paths: "src/**"',
        braceDirs: 'paths: "{src,lib}/**/*.ts"',
        braceExt: 'paths: "src/*.{ts,js}"',
        qmark: 'paths: "src/?.ts"',
        dotenv: 'paths: "**/.env"',
        upperTs: 'paths: "**/*.TS"',
        dotSlash: 'paths: "./src/**/*.ts"',
        charClass: 'paths: "src/[ab].ts"',
        list: 'paths:\n  - "lib/**"\n  - "*.md"',
        commaStr: 'paths: "lib/**, docs/**"',
        neg: 'paths:\n  - "**/*.ts"\n  - "!src/gen/*.ts"',
        negDir: 'paths:\n  - "src/**"\n  - "!src/gen/**"',
        srcDeepSlash: 'paths: "src/deep/"',
        aStarStarB: 'paths: "a/**/b.ts"',
        listWithStarStar: 'paths:\n  - "**"\n  - "zzz/**"',
        starStarOnly: 'paths: "**"',
        emptyList: "paths: []",
      };

      const GLOB_READS = [
        "src/a.ts",
        "src/deep/x/b.ts",
        "a.ts",
        "lib/c.ts",
        "src/a.js",
        "src/ab.ts",
        ".env",
        "src/.hidden.ts",
        "src/A.TS",
        "README.md",
        "docs/y.txt",
        "lib/src/x.ts",
        "src/gen/a.ts",
        "srcfoo/x.ts",
        "a/x/y/b.ts",
        "lib/m/k.ts",
      ];

      describe.runIf(globs)("scoped rule globs against the real cli", () => {
        let root = "";
        let observed: Observed[] = [];
        beforeAll(async () => {
          const files: Record<string, string> = {};
          for (const [name, fm] of Object.entries(GLOB_RULES)) {
            files[`.claude/rules/${name}.md`] = `---\n${fm}\n---\nRule ${name}.\n`;
          }
          for (const r of GLOB_READS) files[r] = `content of ${r}\n`;
          root = writeTree(files);
          observed = await pool(GLOB_READS, 4, (r) =>
            observe(release, root, "", [["Read", { file_path: `${ROOTVAR}/${r}` }]]),
          );
        }, 180_000);

        it.each(GLOB_READS.map((r, i) => [r, i] as const))(
          "a_read_of_%s_attaches_exactly_the_predicted_rules",
          (r, i) => {
            const obs = observed[i] as Observed;
            const want = predict(
              release,
              root,
              "",
              [["Read", { file_path: `${ROOTVAR}/${r}` }]],
              obs.launch,
              obs.launchTexts,
            );
            expect(rel(root, obs.turns[0] ?? [])).toEqual(rel(root, want[0] ?? []));
          },
        );

        it("rules_whose_paths_are_only_double_star_or_empty_load_at_launch_not_on_read", () => {
          const launch = (observed[0] as Observed).launch.map((p) => p.replace(`${root}/`, ""));
          expect(launch).toEqual(
            expect.arrayContaining([".claude/rules/starStarOnly.md", ".claude/rules/emptyList.md"]),
          );
          expect(launch).not.toContain(".claude/rules/listWithStarStar.md");
        });
      });

      // ---------------------------------------------------------------------------------------------------------
      // 2. Nested memory and nested rules, launch from the root and from a subdirectory, once per session.

      const NESTED_FILES: Record<string, string> = {
        "CLAUDE.md": "Root memory.\n",
        ".claude/rules/rootTs.md": '---\npaths: "**/*.ts"\n---\nRoot rule for TypeScript.\n',
        ".claude/rules/rootPkgA.md": '---\npaths: "pkg/a/**"\n---\nRoot rule for pkg/a.\n',
        ".claude/rules/rootAnchoredA.md": '---\npaths: "/a/**"\n---\nRoot rule anchored at /a.\n',
        "pkg/CLAUDE.md": "Package memory.\n",
        "pkg/.claude/rules/pkgUnscoped.md": "Package unscoped rule.\n@../../../docs/withpaths.md\n",
        "docs/withpaths.md":
          '---\npaths: "x/**"\n---\nHas paths: dropped when imported under a rule.\n@leaf.md\n',
        "docs/leaf.md": "Imported by a dropped import: still attached.\n",
        "pkg/.claude/rules/sub/pkgUnscoped2.md": "Package unscoped rule, nested folder.\n",
        "pkg/.claude/rules/pkgScoped.md": '---\npaths: "a/**"\n---\nPackage rule for a/ (relative to pkg).\n',
        "pkg/.claude/rules/pkgScopedWrongBase.md":
          '---\npaths: "/pkg/a/**"\n---\nNever: pkg globs are relative to pkg.\n',
        "pkg/a/CLAUDE.md": "Memory of pkg/a.\n@../../docs/out.md\n",
        "docs/out.md": "Imported from pkg/a; outside the cwd when launched from pkg.\n",
        "pkg/.claude/rules/UPPER.MD": "Not a .md name: never loaded.\n",
        "pkg/.claude/rules/pkgScopedImports.md":
          '---\npaths: "nothing/**"\n---\nNever matches; imports @../../../docs/scopedimp.md\n',
        "docs/scopedimp.md": "Imported by a scoped rule of pkg.\n",
        "pkg/a/.claude/CLAUDE.md": "Dot-claude memory of pkg/a.\n",
        "pkg/a/CLAUDE.local.md": "Local memory of pkg/a.\n",
        "pkg/a/x.ts": "x\n",
        "pkg/b/z.md": "z\n",
        "lib/CLAUDE.md": "Library memory.\n",
        "lib/y.ts": "y\n",
      };

      const NESTED_SESSIONS: { name: string; cwd: string; tools: Tool[] }[] = [
        {
          name: "launch_from_the_root",
          cwd: "",
          tools: [
            ["Read", { file_path: `${ROOTVAR}/pkg/b/z.md` }],
            ["Read", { file_path: `${ROOTVAR}/pkg/a/x.ts` }],
            ["Read", { file_path: `${ROOTVAR}/lib/y.ts` }],
            ["Read", { file_path: `${ROOTVAR}/pkg/a/x.ts` }],
          ],
        },
        {
          name: "launch_from_pkg",
          cwd: "pkg",
          tools: [
            ["Read", { file_path: `${ROOTVAR}/lib/y.ts` }],
            ["Read", { file_path: `${ROOTVAR}/pkg/a/x.ts` }],
            ["Read", { file_path: `${ROOTVAR}/pkg/b/z.md` }],
          ],
        },
        {
          name: "reading_the_deepest_file_first",
          cwd: "",
          tools: [["Read", { file_path: `${ROOTVAR}/pkg/a/x.ts` }]],
        },
      ];

      describe("nested memory and nested rules against the real cli", () => {
        let root = "";
        let observed: Observed[] = [];
        beforeAll(async () => {
          root = writeTree(NESTED_FILES);
          observed = await pool(NESTED_SESSIONS, 3, (s) => observe(release, root, s.cwd, s.tools));
        }, 120_000);

        const cases = NESTED_SESSIONS.flatMap((s, si) =>
          s.tools.map((t, ti) => [
            `${s.name}_read_${ti + 1}_${String(t[1].file_path).replace(ROOTVAR, "")}`,
            si,
            ti,
          ]),
        );
        it.each(cases)("%s_attaches_exactly_the_predicted_files", (_n, si, ti) => {
          const s = NESTED_SESSIONS[si as number] as (typeof NESTED_SESSIONS)[number];
          const obs = observed[si as number] as Observed;
          const want = predict(release, root, s.cwd, s.tools, obs.launch, obs.launchTexts);
          expect(rel(root, obs.turns[ti as number] ?? [])).toEqual(rel(root, want[ti as number] ?? []));
        });

        it("a_read_below_pkg_attaches_every_memory_file_between_the_cwd_and_the_file_outermost_first", () => {
          const got = rel(root, (observed[2] as Observed).turns[0] ?? []).map((a) => a.path);
          const at = (p: string) => got.indexOf(p);
          expect(at("pkg/CLAUDE.md")).toBe(0);
          for (const p of ["pkg/.claude/rules/pkgUnscoped.md", "pkg/.claude/rules/sub/pkgUnscoped2.md"]) {
            expect(at(p)).toBeGreaterThan(0);
            expect(at(p)).toBeLessThan(at("pkg/.claude/rules/pkgScoped.md"));
          }
          expect(at("pkg/.claude/rules/pkgScoped.md")).toBeLessThan(at("pkg/a/CLAUDE.md"));
          expect(at("pkg/a/CLAUDE.md")).toBeLessThan(at(".claude/rules/rootTs.md"));
          // the imports of a scoped rule of a nested folder arrive with the folder, though the rule does not
          expect(got).toContain("docs/scopedimp.md");
          expect(got).not.toContain("pkg/.claude/rules/pkgScopedImports.md");
          expect(got).not.toContain("pkg/.claude/rules/pkgScopedWrongBase.md");
          expect(got).not.toContain("pkg/.claude/rules/UPPER.MD");
        });
      });

      // ---------------------------------------------------------------------------------------------------------
      // 3. The injected text: frontmatter, comments, whitespace, empty files, imports, launch dedupe.

      const TEXT_FILES: Record<string, string> = {
        "CLAUDE.md": "Root.\n@docs/launch.md\n",
        "docs/launch.md": "Imported at launch.\n",
        "docs/x.md": "Imported by a rule: never attached.\n",
        "docs/y.md": "Imported by nested memory.\n@z.md\n",
        "docs/z.md": "Imported by an import.\n",
        "src/CLAUDE.md": "\n\n  leading blank lines and spaces\ntrailing  \n\n\n",
        "src/a/CLAUDE.md": "no newline at end",
        "src/a/b/CLAUDE.md": "",
        "src/a/b/c/CLAUDE.md": "   \n\n",
        "src/a/b/c/d/CLAUDE.md":
          "---\npaths: nothing/**\n---\nD memory.\n@../../../../../docs/y.md\n@../../../../../docs/launch.md\n<!-- block comment -->\n\ntext <!-- inline --> kept\n",
        ".claude/rules/crlf.md": "---\r\npaths: src/**\r\n---\r\n\r\nCRLF rule\r\n<!-- c -->\r\nafter\r\n",
        ".claude/rules/imports.md": "---\npaths: src/**\n---\nsee @../../docs/x.md\n",
        ".claude/rules/blank.md": "---\npaths: src/**\n---\n\n\nblank lines around\n\n\n",
        ".claude/rules/empty.md": "---\npaths: src/**\n---\n",
        ".claude/rules/spaces.md": "---\npaths: src/**\n---\n  \n",
        "src/a/b/c/d/e.ts": "e\n",
        "src/a/b/c/CLAUDE.local.md": "Local memory, CRLF and no comment\r\nsecond line\r\n@chain1.md\r\n",
        "src/a/b/c/chain1.md": "hop 1\n@chain2.md\n",
        "src/a/b/c/chain2.md": "hop 2\n@chain3.md\n",
        "src/a/b/c/chain3.md": "hop 3\n@chain4.md\n",
        "src/a/b/c/chain4.md": "hop 4\n@chain5.md\n",
        "src/a/b/c/chain5.md": "hop 5\n@chain6.md\n",
        "src/a/b/c/chain6.md": "hop 6\n",
        // a BOM before the frontmatter: scoped on 2.1.332, unscoped on 2.1.197 (findings-claude-releases.md)
        ".claude/rules/bomScoped.md": "\ufeff---\npaths: src/**\n---\nBOM scoped rule\n",
        "src/a/.claude/rules/bomNested.md": "\ufeff---\npaths: nothing/**\n---\nBOM nested rule\n",
        ".claude/rules/crlfPlain.md":
          "---\r\npaths: src/**\r\n---\r\nCRLF rule without comment\r\nline two\r\n",
      };

      describe("attached text against the real cli", () => {
        let root = "";
        let observed: Observed;
        const tools: Tool[] = [["Read", { file_path: `${ROOTVAR}/src/a/b/c/d/e.ts` }]];
        beforeAll(async () => {
          root = writeTree(TEXT_FILES);
          observed = await observe(release, root, "", tools);
        }, 60_000);

        it("every_attached_file_and_its_text_are_predicted_byte_for_byte", () => {
          expect(rel(root, observed.turns[0] ?? [])).toEqual(
            rel(root, predict(release, root, "", tools, observed.launch, observed.launchTexts)[0] ?? []),
          );
        });

        it("empty_and_whitespace_only_files_and_rule_imports_are_not_attached", () => {
          const got = rel(root, observed.turns[0] ?? []).map((a) => a.path);
          for (const p of [
            "src/a/b/CLAUDE.md",
            "src/a/b/c/CLAUDE.md",
            ".claude/rules/empty.md",
            "docs/x.md",
          ]) {
            expect(got).not.toContain(p);
          }
          // 2.1.197 does not count the launch set as in context on read: nested memory brings its import
          // docs/launch.md again (release.ts, launchSetInContextOnRead).
          if (claudeRelease(release).launchSetInContextOnRead) expect(got).not.toContain("docs/launch.md");
          else expect(got).toContain("docs/launch.md");
          expect(got).toEqual(expect.arrayContaining(["docs/y.md", "docs/z.md"]));
        });
      });

      // ---------------------------------------------------------------------------------------------------------
      // 4. Which tool calls trigger the attachment.

      const TOOL_FILES: Record<string, string> = {
        ".claude/rules/ts.md": '---\npaths: "src/**/*.ts"\n---\nTS rule.\n',
        "src/CLAUDE.md": "Source memory.\n",
        "src/e.ts": "let e = 1;\n",
        "src/b.ts": "b\n",
      };

      const TOOL_SESSIONS: { name: string; tools: Tool[] }[] = [
        {
          name: "write_of_a_new_file",
          tools: [["Write", { file_path: `${ROOTVAR}/src/new.ts`, content: "n\n" }]],
        },
        {
          name: "edit_without_a_read",
          tools: [["Edit", { file_path: `${ROOTVAR}/src/e.ts`, old_string: "e = 1", new_string: "e = 2" }]],
        },
        { name: "bash_cat_of_one_file", tools: [["Bash", { command: "cat src/b.ts" }]] },
        { name: "bash_head_and_echo", tools: [["Bash", { command: "head -n 5 src/b.ts && echo done" }]] },
        { name: "bash_pipe", tools: [["Bash", { command: "cat src/b.ts | wc -l" }]] },
        { name: "bash_cat_of_two_files", tools: [["Bash", { command: "cat src/b.ts src/e.ts" }]] },
        { name: "read_of_a_missing_file", tools: [["Read", { file_path: `${ROOTVAR}/src/missing.ts` }]] },
        { name: "read_outside_the_cwd", tools: [["Read", { file_path: "/etc/hostname" }]] },
      ];

      describe("tool calls that trigger the attachment, against the real cli", () => {
        let roots: string[] = [];
        let observed: Observed[] = [];
        beforeAll(async () => {
          // Each session in its own copy: a Write or Edit changes the tree.
          roots = TOOL_SESSIONS.map(() => writeTree(TOOL_FILES));
          observed = await pool(
            TOOL_SESSIONS.map((s, i) => [s, i] as const),
            4,
            ([s, i]) => observe(release, roots[i] as string, "", s.tools),
          );
        }, 180_000);

        it.each(TOOL_SESSIONS.map((s, i) => [s.name, i] as const))(
          "%s_attaches_exactly_the_predicted_files",
          (_n, i) => {
            const s = TOOL_SESSIONS[i] as (typeof TOOL_SESSIONS)[number];
            const obs = observed[i] as Observed;
            const r = roots[i] as string;
            expect(rel(r, obs.turns[0] ?? [])).toEqual(
              rel(r, predict(release, r, "", s.tools, obs.launch, obs.launchTexts)[0] ?? []),
            );
          },
        );

        it("write_edit_and_a_plain_bash_read_attach_but_a_pipe_does_not", () => {
          if (!claudeRelease(release).attachOnWriteEdit) return;
          const count = (i: number) => (observed[i] as Observed).turns[0]?.length ?? 0;
          expect(count(0)).toBe(2);
          expect(count(1)).toBe(2);
          expect(count(2)).toBe(2);
          expect(count(4)).toBe(0);
          expect(count(5)).toBe(0);
        });

        it("on_2_1_197_only_a_read_of_an_existing_file_attaches", () => {
          if (claudeRelease(release).attachOnWriteEdit) return;
          // Write, Edit, Bash cat/head and a Read of a missing file: nothing on 2.1.197.
          for (const i of [0, 1, 2, 3, 4, 5, 6]) expect((observed[i] as Observed).turns[0] ?? []).toEqual([]);
        });
      });

      // ---------------------------------------------------------------------------------------------------------
      // AGENTS.md on read. On 2.1.332 the built-in AGENTS.md plugin adds, after a Read, the AGENTS files of the
      // directories below the working directory down to the file's (outermost first, AGENTS.md before
      // .claude/AGENTS.md), in a project with no CLAUDE file at the working directory or above, leaving out a
      // directory that has a CLAUDE file of its own (on-read.ts, agentsOnRead). 2.1.197 adds none.
      // A first version of this suite read only the `<system-reminder>` blocks and took these for "never
      // attached" (docs/findings-claude-agents-md.md).

      const AGENTS_ON_READ: [string, Record<string, string>, string, Record<string, string[]>][] = [
        [
          "a_nested_agents_md_and_dot_claude_agents_md_are_added_on_read_in_an_agents_md_project_on_2_1_332",
          {
            "AGENTS.md": "A root\n",
            "sub/AGENTS.md": "A sub\n",
            "sub/.claude/AGENTS.md": "A dot\n",
            "sub/x.ts": "x\n",
          },
          "sub/x.ts",
          { "2.1.332": ["sub/AGENTS.md", "sub/.claude/AGENTS.md"], "2.1.197": [] },
        ],
        [
          "a_nested_agents_md_is_not_added_on_read_in_a_claude_md_project",
          { "CLAUDE.md": "C root\n", "sub/AGENTS.md": "A sub\n", "sub/x.ts": "x\n" },
          "sub/x.ts",
          { "2.1.332": [], "2.1.197": [] },
        ],
        [
          "a_nested_claude_md_is_attached_on_read_in_an_agents_md_project_and_its_agents_md_is_not",
          {
            "AGENTS.md": "A root\n",
            "sub/CLAUDE.md": "C sub\n",
            "sub/AGENTS.md": "A sub\n",
            "sub/x.ts": "x\n",
          },
          "sub/x.ts",
          { "2.1.332": ["sub/CLAUDE.md"], "2.1.197": ["sub/CLAUDE.md"] },
        ],
        [
          "nested_agents_md_files_two_levels_down_are_added_on_read_outermost_first_on_2_1_332",
          { "AGENTS.md": "A root\n", "a/AGENTS.md": "A a\n", "a/b/AGENTS.md": "A b\n", "a/b/x.ts": "x\n" },
          "a/b/x.ts",
          { "2.1.332": ["a/AGENTS.md", "a/b/AGENTS.md"], "2.1.197": [] },
        ],
        // Premises of lint's agents-md-shadowed help and of local-memory-in-dot-claude (on read).
        [
          "a_nested_claude_md_importing_its_agents_md_attaches_both_on_read",
          {
            "AGENTS.md": "A root\n",
            "sub/CLAUDE.md": "@AGENTS.md\n",
            "sub/AGENTS.md": "A sub\n",
            "sub/x.ts": "x\n",
          },
          "sub/x.ts",
          { "2.1.332": ["sub/CLAUDE.md", "sub/AGENTS.md"], "2.1.197": ["sub/CLAUDE.md", "sub/AGENTS.md"] },
        ],
        [
          "a_nested_dot_claude_claude_local_md_is_not_attached_on_read",
          {
            "CLAUDE.md": "C root\n",
            "sub/CLAUDE.local.md": "L sub\n",
            "sub/.claude/CLAUDE.local.md": "L dot\n",
            "sub/x.ts": "x\n",
          },
          "sub/x.ts",
          { "2.1.332": ["sub/CLAUDE.local.md"], "2.1.197": ["sub/CLAUDE.local.md"] },
        ],
        [
          "the_plugin_adds_an_agents_files_imports_after_it_with_comments_stripped_and_nothing_trimmed",
          {
            "AGENTS.md": "A root\n",
            "sub/AGENTS.md": "\n\n<!-- c -->\n---\nx: 1\n---\nA sub\n@imp.md\n@../other.md\n",
            "sub/imp.md": "I\n@deep.md\n",
            "sub/deep.md": "D\n",
            "other.md": "O\n",
            "sub/x.ts": "x\n",
          },
          "sub/x.ts",
          { "2.1.332": ["sub/AGENTS.md", "sub/imp.md", "sub/deep.md", "other.md"], "2.1.197": [] },
        ],
        [
          "a_dot_claude_claude_md_or_a_claude_local_md_hides_the_agents_md_of_its_directory_only",
          {
            "AGENTS.md": "A root\n",
            "sub/.claude/CLAUDE.md": "C sub\n",
            "sub/AGENTS.md": "A sub\n",
            "sub/d/AGENTS.md": "A d\n",
            "sub/d/x.ts": "x\n",
          },
          "sub/d/x.ts",
          { "2.1.332": ["sub/.claude/CLAUDE.md", "sub/d/AGENTS.md"], "2.1.197": ["sub/.claude/CLAUDE.md"] },
        ],
        [
          "an_empty_claude_md_at_the_root_does_not_stop_the_plugin",
          { "CLAUDE.md": "", "AGENTS.md": "A root\n", "sub/AGENTS.md": "A sub\n", "sub/x.ts": "x\n" },
          "sub/x.ts",
          { "2.1.332": ["sub/AGENTS.md"], "2.1.197": [] },
        ],
        [
          "an_agents_md_with_the_text_of_a_file_in_context_is_not_added",
          {
            "AGENTS.md": "same\n",
            "sub/AGENTS.md": "same\n",
            "sub/e/AGENTS.md": "  \n",
            "sub/e/x.ts": "x\n",
          },
          "sub/e/x.ts",
          { "2.1.332": [], "2.1.197": [] },
        ],
      ];

      describe("agents md on read against the real cli", () => {
        const seen = new Map<string, { root: string; obs: Observed }>();
        beforeAll(async () => {
          const results = await pool(AGENTS_ON_READ, 4, async ([, files, read]) => {
            const root = writeTree(files);
            return {
              root,
              obs: await observe(release, root, "", [["Read", { file_path: `${ROOTVAR}/${read}` }]]),
            };
          });
          AGENTS_ON_READ.forEach(([name], i) => {
            seen.set(name, results[i] as { root: string; obs: Observed });
          });
        }, 300_000);

        it.each(AGENTS_ON_READ.map((c) => [c[0], c[2], c[3]] as const))("%s", (name, read, expected) => {
          const { root, obs } = seen.get(name) as { root: string; obs: Observed };
          const tools: Tool[] = [["Read", { file_path: `${ROOTVAR}/${read}` }]];
          expect(rel(root, obs.turns[0] ?? []).map((a) => a.path)).toEqual(expected[release]);
          expect(rel(root, obs.turns[0] ?? [])).toEqual(
            rel(root, predict(release, root, "", tools, obs.launch, obs.launchTexts)[0] ?? []),
          );
        });
      });

      // ---------------------------------------------------------------------------------------------------------
      // What counts as in context already, and a read of a directory (settled on both releases; the second
      // column is what each release attaches per turn).

      const SESSIONS: {
        name: string;
        files: Record<string, string>;
        reads: string[];
        /** Per release, what the CLI attaches per read (a release left out: the model is checked alone). */
        expect: Record<string, string[][]>;
      }[] = [
        {
          name: "an_import_loaded_at_launch_is_attached_again_by_nested_memory_only_on_2_1_197",
          files: {
            "CLAUDE.md": "Root\n@docs/launch.md\n",
            "docs/launch.md": "L\n",
            "sub/CLAUDE.md": "Sub\n@../CLAUDE.md\n@../docs/launch.md\n",
            "sub/x.ts": "x\n",
          },
          reads: ["sub/x.ts"],
          expect: {
            "2.1.332": [["sub/CLAUDE.md"]],
            "2.1.197": [["sub/CLAUDE.md", "CLAUDE.md", "docs/launch.md"]],
          },
        },
        {
          name: "a_file_read_earlier_in_the_session_is_not_attached_again_as_an_import",
          files: {
            "CLAUDE.md": "Root\n",
            "docs/z.md": "Z\n",
            "sub/CLAUDE.md": "Sub\n@../docs/z.md\n",
            "sub/x.ts": "x\n",
            "sub/y.ts": "y\n",
            "sub2/CLAUDE.md": "Sub2\n@../docs/z.md\n",
            "sub2/y.ts": "y\n",
          },
          reads: ["docs/z.md", "sub/x.ts", "sub/y.ts", "sub2/y.ts"],
          expect: {
            "2.1.332": [[], ["sub/CLAUDE.md"], [], ["sub2/CLAUDE.md"]],
            "2.1.197": [[], ["sub/CLAUDE.md"], [], ["sub2/CLAUDE.md"]],
          },
        },
        {
          name: "the_import_of_an_attached_scoped_rule_is_not_sent_and_on_2_1_332_never_attached_later",
          files: {
            "CLAUDE.md": "Root\n",
            ".claude/rules/s.md": '---\npaths: "**/*.ts"\n---\nS\n@../../docs/q.md\n',
            "docs/q.md": "Q\n",
            "sub/CLAUDE.md": "Sub\n@../docs/q.md\n",
            "sub/x.ts": "x\n",
            "y.ts": "y\n",
          },
          reads: ["y.ts", "sub/x.ts"],
          expect: {
            "2.1.332": [[".claude/rules/s.md"], ["sub/CLAUDE.md"]],
            "2.1.197": [[".claude/rules/s.md"], ["sub/CLAUDE.md", "docs/q.md"]],
          },
        },
        {
          name: "the_plugin_adds_an_agents_file_once_per_session_and_not_after_a_whole_read_of_it",
          files: {
            "AGENTS.md": "A root\n",
            "sub/AGENTS.md": "A sub\n",
            "sub/d/AGENTS.md": "A d\n",
            "sub/x.ts": "x\n",
            "sub/d/y.ts": "y\n",
            "sub/d/z.ts": "z\n",
          },
          reads: ["sub/AGENTS.md", "sub/d/AGENTS.md#part", "sub/d/y.ts", "sub/d/z.ts"],
          expect: {
            "2.1.332": [[], [], ["sub/d/AGENTS.md"], []],
            "2.1.197": [[], [], [], []],
          },
        },
        {
          name: "the_plugin_adds_nothing_for_a_missing_file_a_directory_or_a_file_outside_the_working_directory",
          files: {
            "sub/AGENTS.md": "A sub\n",
            "sub/d/x.ts": "x\n",
            "dup/AGENTS.md": "A sub\n",
            "dup/x.ts": "x\n",
          },
          reads: ["sub/missing.ts", "sub/d", "/etc/hostname", "sub/d/x.ts", "dup/x.ts"],
          expect: {
            "2.1.332": [[], [], [], ["sub/AGENTS.md"], ["dup/AGENTS.md"]],
            "2.1.197": [[], [], [], [], []],
          },
        },
        {
          // Found by the differential test (seed h332:147): an import with its own `paths:` under a rule is a
          // scoped rule of the same folder, matched relative to the folder's directory.
          name: "an_import_with_its_own_paths_under_a_nested_rule_attaches_when_its_globs_match_the_read",
          files: {
            "a/b/.claude/rules/test1.md":
              '---\npaths: "x.ts"\n---\n@../../../../d/api1.md\n@../../../../d/api2.md\n',
            "d/api1.md": "---\npaths: c/**\n---\nAPI1\n",
            "d/api2.md": "---\npaths: zzz/**\n---\nAPI2\n",
            "a/b/c/y.md": "C\n",
          },
          reads: ["a/b/c/y.md"],
          expect: { "2.1.332": [["d/api1.md"]] },
        },
        {
          name: "an_import_with_its_own_paths_under_a_root_rule_attaches_on_a_matching_read_though_its_rule_does_not_fire",
          files: {
            ".claude/rules/top.md": '---\npaths: "q.ts"\n---\n@../../d/api1.md\n',
            "d/api1.md": '---\npaths: "**/*.md"\n---\nAPI1\n',
            "a/y.md": "C\n",
            "q.ts": "q\n",
          },
          reads: ["a/y.md", "q.ts"],
          expect: { "2.1.332": [["d/api1.md"], [".claude/rules/top.md"]] },
        },
        {
          name: "a_read_of_a_directory_attaches_like_a_read_of_a_file_in_it_only_on_2_1_332",
          files: { "CLAUDE.md": "Root\n", "sub/CLAUDE.md": "Sub\n", "sub/d/x.ts": "x\n" },
          reads: ["sub/d", "sub/d/x.ts"],
          expect: {
            "2.1.332": [["sub/CLAUDE.md"], []],
            "2.1.197": [[], ["sub/CLAUDE.md"]],
          },
        },
      ];

      describe("what is in context already, against the real cli", () => {
        const seen = new Map<string, { root: string; obs: Observed; tools: Tool[] }>();
        beforeAll(async () => {
          const results = await pool(SESSIONS, 4, async (c) => {
            const root = writeTree(c.files);
            // `PATH#part`: a Read with offset and limit. An absolute path is read as it is.
            const tools: Tool[] = c.reads.map((r) => {
              const [p, part] = r.split("#");
              const file_path = p?.startsWith("/") ? p : `${ROOTVAR}/${p}`;
              return ["Read", part ? { file_path, offset: 1, limit: 1 } : { file_path }];
            });
            return { root, tools, obs: await observe(release, root, "", tools) };
          });
          SESSIONS.forEach((c, i) => {
            seen.set(c.name, results[i] as { root: string; obs: Observed; tools: Tool[] });
          });
        }, 300_000);

        it.each(SESSIONS.map((c) => [c.name, c] as const))("%s", (name, c) => {
          const { root, obs, tools } = seen.get(name) as { root: string; obs: Observed; tools: Tool[] };
          if (c.expect[release])
            expect(obs.turns.map((t) => rel(root, t).map((a) => a.path))).toEqual(c.expect[release]);
          const want = predict(release, root, "", tools, obs.launch, obs.launchTexts);
          expect(obs.turns.map((t) => rel(root, t))).toEqual(want.map((t) => rel(root, t)));
        });
      });
    });
  }
}
