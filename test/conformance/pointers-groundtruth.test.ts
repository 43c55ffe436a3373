/**
 * The Claude Code behaviours the pointer model rests on, settled against the pinned real CLI offline
 * (docs/findings-pointers.md). Each `it` pins one finding; the runs are batched into one layout per CLI run.
 */
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { allTexts, type ClaudeRun, claudeReleases, claudeVersion, runClaude } from "../support/claude.js";

const ARGS = ["--permission-mode", "acceptEdits", "--allowedTools", "Read,Write,Edit,Bash"];
function w(p: string, t: string) {
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, t);
}
const read = (p: string) => [{ type: "tool_use" as const, name: "Read", input: { file_path: p } }];
const rule = (globs: string[], mark: string) =>
  `---\npaths:\n${globs.map((g) => `  - "${g}"\n`).join("")}---\n${mark}\n`;
/** The texts each main request added (request 0: all it holds). */
function added(run: ClaudeRun): string[] {
  let prev = 0;
  return run.mainRequests.map((r) => {
    const t = allTexts(r);
    const out = t.slice(prev).join("\n");
    prev = t.length;
    return out;
  });
}

let root = "";
let A: string[] = []; // cwd = a git repository's subdirectory, one added directory
let B: string[] = []; // added directory with CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD=1
let C: string[] = []; // Explore subagent
const CON = new Map<string, string[]>(); // the Explore subagent layout, run on every pinned release
let readsA: string[] = [];

describe(`Claude Code ${claudeVersion()} ground truth for pointers`, () => {
  beforeAll(async () => {
    root = realpathSync(mkdtempSync(join(tmpdir(), "ac-ptr-gt-")));
    const repo = join(root, "a/repo");
    const pkg = join(repo, "pkg");
    const lib = join(root, "a/lib");
    const cfg = join(root, "a/cfg");
    const out = join(root, "a/outside");
    mkdirSync(join(repo, ".git"), { recursive: true });
    w(join(pkg, "src/a.ts"), "a\n");
    w(join(pkg, "sub/deep/x.txt"), "x\n");
    w(join(pkg, "sub/CLAUDE.md"), "PKG-NESTED-MEM\n");
    w(join(pkg, "sub/.claude/rules/n.md"), "PKG-NESTED-UNSCOPED-RULE\n");
    w(join(repo, "other/z.ts"), "z\n");
    w(join(lib, "lib/b.js"), "b\n");
    w(join(lib, "sub/y.txt"), "y\n");
    w(join(lib, "sub/CLAUDE.md"), "LIB-NESTED-MEM\n");
    w(join(lib, ".claude/rules/s.md"), rule(["lib/**/*.js"], "LIB-SCOPED-RULE"));
    w(join(out, "s1.md"), "OUTSIDE-ONE\n");
    w(join(out, "s2.md"), "OUTSIDE-TWO\n");
    w(join(cfg, "rules/cwdrel.md"), rule(["src/**/*.ts"], "U-CWDREL"));
    w(join(cfg, "rules/rootrel.md"), rule(["pkg/src/**/*.ts"], "U-ROOTREL"));
    w(join(cfg, "rules/abs.md"), rule([`${pkg}/src/**/*.ts`], "U-ABS-IN-CWD"));
    w(join(cfg, "rules/abslib.md"), rule([`${lib}/**`], "U-ABS-LIB"));
    w(join(cfg, "rules/dotdot.md"), rule(["../../lib/**"], "U-DOTDOT-LIB"));
    w(join(cfg, "rules/anyjs.md"), rule(["**/*.js", "**/*.txt"], "U-ANY-JS-TXT"));
    w(join(cfg, "rules/anyts.md"), rule(["**/*.ts"], "U-ANY-TS"));
    w(join(cfg, "rules/lone.md"), rule(["**"], "U-LONE-STARSTAR"));
    w(join(cfg, "rules/starstar.md"), rule(["**/*"], "U-STARSTAR-SLASH-STAR"));
    w(join(cfg, "rules/subslash.md"), rule(["sub/"], "U-SUB-SLASH"));
    w(join(cfg, "rules/deep.md"), rule(["deep"], "U-DEEP-NOSLASH"));
    w(join(cfg, "rules/brace.md"), rule(["src/{a,b}.ts"], "U-BRACE"));
    w(join(cfg, "rules/at.md"), `${rule(["nothing/**"], "U-SCOPED-AT")}see @${out}/s1.md\n`);
    w(join(cfg, "rules/atun.md"), `U-UNSCOPED-AT see @${out}/s2.md\n`);
    readsA = [
      join(pkg, "src/a.ts"),
      join(pkg, "sub/deep/x.txt"),
      join(repo, "other/z.ts"),
      join(lib, "lib/b.js"),
      join(lib, "sub/y.txt"),
    ];

    const bapp = join(root, "b/app");
    const blib = join(root, "b/lib");
    w(join(bapp, "CLAUDE.md"), "B-APP-MEM\n");
    w(join(blib, "CLAUDE.md"), "B-LIB-ROOT-MEM\n");
    w(join(blib, ".claude/rules/u.md"), "B-LIB-UNSCOPED-RULE\n");
    w(join(blib, ".claude/rules/s.md"), rule(["lib/**/*.js"], "B-LIB-SCOPED-RULE"));
    w(join(blib, "lib/b.js"), "b\n");
    w(join(blib, "sub/CLAUDE.md"), "B-LIB-NESTED-MEM\n");
    w(join(blib, "sub/y.txt"), "y\n");

    const capp = join(root, "c/app");
    const ccfg = join(root, "c/cfg");
    w(join(capp, "CLAUDE.md"), "C-ROOT-MEM\n");
    w(join(capp, "src/a.ts"), "a\n");
    w(join(capp, "sub/deep/x.txt"), "x\n");
    w(join(capp, "sub/CLAUDE.md"), "C-NESTED-MEM\n");
    w(join(capp, ".claude/rules/s.md"), rule(["src/**"], "C-SCOPED-RULE"));
    w(join(ccfg, "rules/u.md"), "C-USER-UNSCOPED\n");
    w(join(ccfg, "rules/s.md"), rule(["src/**/*.ts"], "C-USER-SCOPED"));
    w(join(capp, ".claude/rules/u.md"), "C-PROJECT-UNSCOPED @../../docs/imp.md\n");
    w(join(capp, "docs/imp.md"), "C-PROJECT-RULE-IMPORT\n");
    const explore = (release?: string) =>
      runClaude({
        cwd: capp,
        configDir: ccfg,
        args: ARGS,
        ...(release ? { release } : {}),
        script: [
          [
            {
              type: "tool_use" as const,
              name: "Agent",
              input: {
                description: "look",
                prompt: "look",
                subagent_type: "Explore",
                run_in_background: false,
              },
            },
          ],
          read(join(capp, "src/a.ts")),
          read(join(capp, "sub/deep/x.txt")),
          [{ type: "text" as const, text: "explored" }],
        ],
      });

    const older = claudeReleases().slice(1);
    const [a, b, c, ...rest] = await Promise.all([
      runClaude({ cwd: pkg, configDir: cfg, args: [...ARGS, "--add-dir", lib], script: readsA.map(read) }),
      runClaude({
        cwd: bapp,
        args: [...ARGS, "--add-dir", blib],
        env: { CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD: "1" },
        script: [read(join(blib, "lib/b.js")), read(join(blib, "sub/y.txt"))],
      }),
      explore(),
      ...older.map((r) => explore(r)),
    ]);
    A = added(a);
    B = added(b);
    C = added(c);
    CON.set(claudeReleases()[0] as string, C);
    older.forEach((release, i) => {
      CON.set(release, added(rest[i] as ClaudeRun));
    });
  });

  it("a_scoped_user_rule_attaches_on_read_with_globs_relative_to_the_cwd_not_the_git_root", () => {
    expect(A[1]).toContain("U-CWDREL");
    expect(A[1]).toContain("U-ANY-TS");
    expect(A[1]).toContain("U-BRACE");
    expect(A.join("\n")).not.toContain("U-ROOTREL");
  });

  it("absolute_and_dotdot_globs_in_a_user_rule_never_match", () => {
    const all = A.join("\n");
    expect(all).not.toContain("U-ABS-IN-CWD");
    expect(all).not.toContain("U-ABS-LIB");
    expect(all).not.toContain("U-DOTDOT-LIB");
  });

  it("user_rule_globs_match_gitignore_style_trailing_slash_and_no_slash_at_any_depth", () => {
    expect(A[1]).not.toContain("U-SUB-SLASH");
    expect(A[2]).toContain("U-SUB-SLASH");
    expect(A[2]).toContain("U-DEEP-NOSLASH");
    expect(A[2]).toContain("U-ANY-JS-TXT");
  });

  it("nothing_attaches_for_a_file_outside_the_cwd_not_even_inside_the_same_git_repository", () => {
    expect(A[3]).not.toMatch(/U-|PKG-|Contents of/);
  });

  it("nothing_attaches_for_a_file_in_an_added_directory_neither_user_rules_nor_its_own_rules_or_memory", () => {
    for (const t of [A[4], A[5]]) {
      expect(t).not.toMatch(/U-[A-Z]|LIB-|Contents of/);
    }
  });

  it("an_at_import_in_a_user_rule_scoped_or_not_is_expanded_at_launch", () => {
    expect(A[0]).toContain("OUTSIDE-ONE"); // from the scoped rule, whose own body is not loaded
    expect(A[0]).toContain("OUTSIDE-TWO");
    expect(A[0]).not.toContain("U-SCOPED-AT");
  });

  it("a_lone_double_star_user_rule_is_unscoped_and_loads_at_launch_while_double_star_slash_star_is_scoped", () => {
    expect(A[0]).toContain("U-LONE-STARSTAR");
    expect(A[0]).not.toContain("U-STARSTAR-SLASH-STAR");
    expect(A[1]).toContain("U-STARSTAR-SLASH-STAR");
  });

  it("no_scoped_user_rule_is_attached_in_the_first_request", () => {
    expect(A[0]).not.toMatch(/U-(CWDREL|ANY|BRACE|SUB|DEEP|ABS|DOTDOT|ROOTREL)/);
  });

  it("below_the_cwd_the_cli_attaches_nested_memory_and_nested_rules_itself", () => {
    expect(A[2]).toContain("PKG-NESTED-MEM");
    expect(A[2]).toContain("PKG-NESTED-UNSCOPED-RULE");
  });

  it("the_additional_directories_variable_loads_an_added_dir_s_root_memory_at_launch_but_nothing_on_read", () => {
    expect(B[0]).toContain("B-LIB-ROOT-MEM");
    expect(B[0]).toContain("B-LIB-UNSCOPED-RULE");
    expect(B[1]).not.toContain("B-LIB-SCOPED-RULE");
    expect(B[2]).not.toContain("B-LIB-NESTED-MEM");
  });

  it("an_explore_subagent_starts_without_memory_or_unscoped_rules_but_gets_scoped_rules_and_nested_memory_on_read", () => {
    expect(C[0]).toContain("C-ROOT-MEM");
    expect(C[0]).toContain("C-USER-UNSCOPED");
    expect(C[1]).not.toMatch(/C-[A-Z]/); // the subagent's first request
    expect(C[2]).toContain("C-USER-SCOPED");
    expect(C[2]).toContain("C-SCOPED-RULE");
    expect(C[3]).toContain("C-NESTED-MEM");
  });

  it.each(claudeReleases())(
    "on_%s_an_explore_subagent_starts_without_the_root_memory_and_without_the_unscoped_project_rules_and_their_imports",
    (release) => {
      const c = CON.get(release) as string[];
      for (const mark of ["C-ROOT-MEM", "C-PROJECT-UNSCOPED", "C-PROJECT-RULE-IMPORT", "C-USER-UNSCOPED"])
        expect(c[0], mark).toContain(mark);
      expect(c[1]).not.toMatch(/C-[A-Z]/);
    },
  );
});
