/**
 * The hostile-repository generator for every command but `verify` (issue 25): the rows of the classes
 * `writes-outside`, `hides-text`, `runs-code`, `reads-outside`, `forged-output` and `crash`, and the code
 * that builds a repository from rows and runs a command on it as a user does (the built CLI, real files,
 * real git). commands.test.ts runs every command on every row, and on all rows at once.
 *
 * A place is `<tmp>/ac-hostile-*` holding `repo/` (a git repository whose files are committed, so
 * `cap --base HEAD` has a base), `outside/` (with `outside/home`, the HOME every command runs with) and
 * `cfg/` (the config dir `pointers` writes into). Rows may write above `repo/` only to plant what a
 * command must never read or change.
 */
import { execFileSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { expect } from "vitest";
import { agentContext } from "../support/cli-run.js";
import type { HostileCommand, HostilePlace, HostileVector } from "./vector.js";

/** A value of the environment no command may print: it is only in `/proc/self/environ`. */
export const SECRET = "hostile-secret-never-printed";

/** Text planted above the repository root: the fresh-clone view must never charge or print it. */
export const ABOVE = "ABOVE-THE-ROOT-never-charged";

/** The commands this file covers (`verify` has its own rows and runner). */
export const COMMANDS = [
  "cap",
  "cap_base",
  "explain",
  "lint",
  "lint_fix",
  "route",
  "report",
  "init",
  "pointers",
] as const satisfies readonly HostileCommand[];
export type Command = (typeof COMMANDS)[number];

export interface CommandVector extends HostileVector {
  /** Writes the row's files; it may use the place's config dir and the folder holding the repository. */
  make(place: Place): void;
  /** More assertions for this row, given the run (the generic ones are in commands.test.ts). */
  check?(place: Place, command: Command, run: Run): void;
  /**
   * Why only a separate process shows what this row checks: its commands then always run spawned
   * (`node dist/cli/main.js`), not in the test's worker.
   */
  needsProcess?: string;
}

export interface Place extends HostilePlace {
  /** The directory holding repo/, outside/ and cfg/. */
  top: string;
  /** The config dir `pointers` writes to. */
  cfg: string;
}

export interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** How the run went: in the test's worker (dist's runCli) or spawned. */
  via: "process" | "spawn";
}

const GIT = ["-c", "user.name=t", "-c", "user.email=t@example.invalid", "-c", "commit.gpgsign=false"];

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/**
 * A folder with more entries than the walker's bound (100,000) and one rule past them, made once per
 * process, outside any place: its entries are empty rules (`rules`) or empty files that are not rules
 * (`other`, cheaper to meet: no command reads or reports them one by one).
 */
const big = new Map<"rules" | "other", string>();
export function bigFolder(filler: "rules" | "other"): string {
  const made = big.get(filler);
  if (made) return made;
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "ac-hostile-big-")));
  const ext = filler === "rules" ? ".md" : ".bin";
  for (let i = 0; i < 100_050; i++) writeFileSync(join(dir, `r${i}${ext}`), "");
  writeFileSync(join(dir, "zz-last.md"), "Always-on text the CLI delivers past the walker's bound.\n");
  big.set(filler, dir);
  return dir;
}
export function removeBigFolder(): void {
  for (const dir of big.values()) rmSync(dir, { recursive: true, force: true });
  big.clear();
}

/** The rules link over the walker's bound, the folder's entries before the bound being `filler`. */
function overTheWalkBound(name: string, filler: "rules" | "other", what: string): CommandVector {
  return {
    name,
    class: "hides-text",
    what,
    make(p) {
      mkdirSync(join(p.repo, ".claude/rules"), { recursive: true });
      symlinkSync(bigFolder(filler), join(p.repo, ".claude/rules/vendor"));
    },
    incompleteFor: ["cap"],
    // init sets no cap from a cut measurement.
    refusedBy: ["init"],
    check(_p, command, r) {
      if (command === "cap") {
        expect(r.stdout).toContain("the measurement is incomplete");
        expect(r.stdout).toMatch(/\.claude\/rules\/vendor: links to .*walker's entry limit/);
        expect(r.stdout).not.toMatch(/\bclean\b/);
      }
    },
  };
}

/**
 * The rules link over the walker's bound with 100,000 files that are not rules before the rule it hides:
 * the same cut, without 100,000 rules for every command to report (commands.test.ts's every-row-at-once
 * repository holds this one; the row of VECTORS, with rules, runs alone under every command).
 */
export const OVER_THE_BOUND_QUIETLY = overTheWalkBound(
  "rules_link_to_a_folder_of_other_files_over_the_walk_bound",
  "other",
  "a rules link to a folder of 100,000 files that are not rules, then a rule: the rule past the bound is not counted",
);

/** The rows of every command but verify. */
export const VECTORS: CommandVector[] = [
  {
    name: "claude_folder_links_to_the_users_global_settings",
    class: "writes-outside",
    what: "`.claude` is a link to ~/.claude: init would put the hook into every project's settings",
    make(p) {
      // The repository's own rules move with the folder: ~/.claude holds them, as it would a user's.
      renameSync(join(p.repo, ".claude"), join(p.outside, "home/.claude"));
      write(join(p.outside, "home/.claude/settings.json"), '{\n  "theme": "dark"\n}\n');
      symlinkSync(join(p.outside, "home/.claude"), join(p.repo, ".claude"));
    },
    refusedBy: ["init"],
    check(p, command, r) {
      if (command === "init") expect(r.stderr).toContain(join(p.outside, "home/.claude"));
    },
  },
  {
    name: "settings_file_links_to_a_file_outside",
    class: "writes-outside",
    what: "`.claude/settings.json` is a link to a settings file outside the repository",
    make(p) {
      write(join(p.outside, "shared-settings.json"), "{}\n");
      mkdirSync(join(p.repo, ".claude"), { recursive: true });
      symlinkSync(join(p.outside, "shared-settings.json"), join(p.repo, ".claude/settings.json"));
    },
    refusedBy: ["init"],
    check(p, command, r) {
      if (command === "init") expect(r.stderr).toContain(join(p.outside, "shared-settings.json"));
    },
  },
  {
    name: "fixable_rule_links_to_a_file_outside",
    class: "writes-outside",
    what: "a rule `lint --fix` would rewrite is a link to a file outside the repository",
    make(p) {
      write(join(p.outside, "notes.md"), "---\nglobs:\n  - docs/**\n---\nNotes of the machine.\n");
      mkdirSync(join(p.repo, ".claude/rules"), { recursive: true });
      symlinkSync(join(p.outside, "notes.md"), join(p.repo, ".claude/rules/notes.md"));
    },
    // Claude Code never loads a rule whose real path leaves the repository: lint reports it and plans no
    // fix, so the file outside stays as it was (the generic check) and nothing is refused.
    check(_p, command, r) {
      if (command === "lint" || command === "lint_fix") expect(r.stdout).toContain("rule-link-escapes");
    },
  },
  {
    name: "report_file_links_to_a_file_outside",
    class: "writes-outside",
    what: "the report's output path is a link to a file outside the repository",
    make(p) {
      write(join(p.outside, "home/.bashrc"), "# the user's shell\n");
      symlinkSync(join(p.outside, "home/.bashrc"), join(p.repo, "report.html"));
    },
    refusedBy: ["report"],
  },
  {
    name: "pointer_file_links_out_of_the_rules_folder",
    class: "writes-outside",
    what: "a pointer file in the config dir's rules/ is a link out of that folder",
    make(p) {
      write(join(p.outside, "home/.profile"), "# the user's profile\n");
      write(join(p.repo, "pkg/CLAUDE.md"), "Nested memory the CLI would not load at launch.\n");
      mkdirSync(join(p.cfg, "rules"), { recursive: true });
      symlinkSync(join(p.outside, "home/.profile"), join(p.cfg, "rules/repository-001.md"));
    },
    // pointers leaves the link alone and takes another name (the generic check: nothing outside changed).
    check(_p, command, r) {
      if (command === "pointers")
        expect(r.stderr).toContain("repository-001.md: named like a pointer but a symbolic link; left alone");
    },
  },
  overTheWalkBound(
    "rules_link_to_a_folder_over_the_walk_bound",
    "rules",
    "a rules link to a folder with more entries than the walker's bound: the rules past it are not counted",
  ),
  {
    name: "memory_files_are_special_files",
    class: "crash",
    what: "a rule is a fifo, another a link to /dev/zero, CLAUDE.local.md a link to /proc/self/environ",
    make(p) {
      mkdirSync(join(p.repo, ".claude/rules"), { recursive: true });
      execFileSync("mkfifo", [join(p.repo, ".claude/rules/pipe.md")]);
      symlinkSync("/dev/zero", join(p.repo, ".claude/rules/zero.md"));
      symlinkSync("/proc/self/environ", join(p.repo, "CLAUDE.local.md"));
    },
    needsProcess:
      "/proc/self/environ is the environment the process started with: only a spawned CLI's holds the secret",
    check(p, command, _r) {
      // The report holds the text of what it charges: the kernel file's must not be there.
      if (command === "report")
        expect(readFileSync(join(p.repo, "report.html"), "utf8")).not.toContain(SECRET);
    },
  },
  {
    name: "memory_files_above_the_root",
    class: "reads-outside",
    what: "CLAUDE.md and AGENTS.md in the folder holding the repository (a runner's home, an outer checkout)",
    make(p) {
      for (const f of ["CLAUDE.md", "AGENTS.md", "GEMINI.md"]) write(join(p.top, f), `${ABOVE}\n`.repeat(50));
    },
    check(p, command, _r) {
      if (command === "report") {
        const html = readFileSync(join(p.repo, "report.html"), "utf8");
        expect(html).not.toContain(ABOVE);
      }
    },
  },
  {
    name: "git_config_runs_commands",
    class: "runs-code",
    what: "the repository's git config names a filter, an fsmonitor, hooks and a pager that create the marker",
    make(p) {
      const touch = `touch '${p.marker}'; cat`;
      const cfg = [
        "[core]",
        `\tfsmonitor = touch '${p.marker}'`,
        `\tpager = ${touch}`,
        `\thooksPath = .githooks`,
        '[filter "evil"]',
        `\tsmudge = ${touch}`,
        `\tclean = ${touch}`,
        "\trequired = true",
        '[diff "evil"]',
        `\ttextconv = touch '${p.marker}'; cat`,
      ].join("\n");
      writeFileSync(
        join(p.repo, ".git/config"),
        `${readFileSync(join(p.repo, ".git/config"), "utf8")}${cfg}\n`,
      );
      write(join(p.repo, ".gitattributes"), "*.md filter=evil diff=evil\n");
      for (const h of ["post-checkout", "pre-commit", "post-index-change", "reference-transaction"]) {
        write(join(p.repo, ".githooks", h), `#!/bin/sh\ntouch '${p.marker}'\n`);
        execFileSync("chmod", ["+x", join(p.repo, ".githooks", h)]);
      }
    },
    // The generator commits with filters and hooks of its own turned off; the marker is removed after.
  },
  {
    name: "names_with_terminal_and_markdown_controls",
    class: "forged-output",
    what: "file names holding a clear-screen, a clipboard write, a lone CR and an HTML comment opener",
    make(p) {
      const names = ["\u001b[2J\u001b[Hclean.md", "\u001b]52;c;ZWNobyBwd25lZA==\u0007x.md", "a\r<!-- b.md"];
      for (const n of names)
        write(join(p.repo, ".claude/rules", n), "An always-on rule with a hostile name.\n");
    },
  },
  {
    name: "config_nested_100000_deep",
    class: "crash",
    what: ".agent-context.json nested 100,000 levels deep",
    make(p) {
      write(join(p.repo, ".agent-context.json"), `{"cap":${"[".repeat(100_000)}${"]".repeat(100_000)}}`);
    },
    // Every command that reads the configuration refuses it in one line (pointers reads --cwd's, for its
    // pinned release).
    refusedBy: ["cap", "cap_base", "explain", "lint", "lint_fix", "route", "report", "init", "pointers"],
    check(_p, _command, r) {
      expect(r.stderr).toMatch(/\.agent-context\.json: nested deeper than 256 levels/);
    },
  },
  {
    name: "settings_nested_100000_deep",
    class: "crash",
    what: "every agent's settings file nested 100,000 levels deep",
    make(p) {
      const deep = `{"a":${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
      for (const f of [".claude/settings.local.json", ".gemini/settings.json", ".codex/config.toml"])
        write(
          join(p.repo, f),
          f.endsWith(".toml") ? `a = ${"[".repeat(100_000)}${"]".repeat(100_000)}\n` : deep,
        );
    },
  },
  {
    name: "patterns_and_frontmatter_built_to_hang_a_parser",
    class: "crash",
    what: "a rule whose paths pattern is 200 KB, one whose frontmatter nests 100,000 flow levels, an instruction file of Copilot's likewise, and a claudeMdExcludes pattern over 64 KiB",
    make(p) {
      write(
        join(p.repo, ".claude/rules/long.md"),
        `---\npaths:\n  - "${"a*".repeat(100_000)}b"\n---\nLong.\n`,
      );
      write(join(p.repo, ".claude/rules/deep.md"), `---\npaths: ${"[".repeat(100_000)}\n---\nDeep.\n`);
      write(
        join(p.repo, ".github/instructions/deep.instructions.md"),
        `---\napplyTo: ${"{".repeat(100_000)}\n---\nDeep.\n`,
      );
      write(
        join(p.repo, ".claude/settings.json"),
        JSON.stringify({ claudeMdExcludes: [`${"*".repeat(70_000)}x`] }),
      );
    },
  },
];

/** Makes a fresh place and applies `rows`, then commits the repository (with no filter or hook running). */
export function makePlace(rows: readonly CommandVector[]): Place {
  const top = realpathSync(mkdtempSync(join(tmpdir(), "ac-hostile-")));
  const repo = join(top, "repo");
  const outside = join(top, "outside");
  const cfg = join(top, "cfg");
  for (const d of [repo, join(outside, "home"), cfg]) mkdirSync(d, { recursive: true });
  const place: Place = { top, repo, outside, cfg, marker: join(top, "MARKER") };
  execFileSync("git", ["init", "-q", repo]);
  write(join(repo, "CLAUDE.md"), "# Project\n\nUse the house style.\n");
  write(join(repo, "src/a.ts"), "export const a = 1;\n");
  write(join(repo, ".claude/rules/ts.md"), "---\npaths:\n  - src/**\n---\nTypeScript rules.\n");
  for (const r of rows) r.make(place);
  const safe = [
    "-c",
    "core.hooksPath=/dev/null",
    "-c",
    "core.fsmonitor=false",
    "-c",
    "filter.evil.clean=cat",
  ];
  const q = { cwd: repo, stdio: ["ignore", "ignore", "pipe"] as ("ignore" | "pipe")[] };
  execFileSync("git", [...GIT, ...safe, "add", "-A"], q);
  execFileSync("git", [...GIT, ...safe, "commit", "-q", "--no-verify", "-m", "hostile"], q);
  rmSync(place.marker, { force: true });
  return place;
}

/**
 * Runs `command` on the place as a user does: the built CLI (test/support/cli-run.ts: in the worker, or
 * spawned with `spawn`), HOME outside the repository, no CI.
 */
export async function runCommand(
  place: Place,
  command: Command,
  how: { spawn?: boolean } = {},
): Promise<Run> {
  const args: Record<Command, string[]> = {
    cap: ["cap", "."],
    cap_base: ["cap", "--base", "HEAD", "."],
    explain: ["explain", "src/a.ts", "."],
    lint: ["lint", "."],
    lint_fix: ["lint", "--fix", "."],
    route: ["route", "src/a.ts", "."],
    report: ["report", "--out", "report.html", "."],
    init: ["init", "."],
    pointers: ["pointers", "--config-dir", place.cfg, "--cwd", "."],
  };
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!/^(CI|GITHUB_|NO_COLOR|FORCE_COLOR|CLAUDE_|GEMINI_|CODEX_|COPILOT_|XDG_|GIT_)/.test(k)) env[k] = v;
  env.HOME = join(place.outside, "home");
  env.AGENT_CONTEXT_HOSTILE = SECRET;
  const r = await agentContext(args[command], { cwd: place.repo, env, spawn: how.spawn, timeout: 120_000 });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr, via: r.via };
}

/** Every entry below `dir` (links not followed): its type, and its bytes or link target. */
export function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n);
      const st = lstatSync(p);
      if (st.isSymbolicLink()) out.set(p, `link ${readlinkSync(p)}`);
      else if (st.isDirectory()) {
        out.set(p, `dir ${st.mode}`);
        walk(p);
      } else if (st.isFile()) out.set(p, `file ${st.mode} ${readFileSync(p).toString("base64")}`);
      else out.set(p, `special ${st.mode}`);
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

/** Staged files of ours left behind below `dir` (`.<name>.<pid>.<ms>[.<n>].tmp`). */
export function leftStaged(dir: string): string[] {
  return [...snapshot(dir).keys()].filter((p) => /\/\.[^/]+\.\d+\.\d+(\.\d+)?\.tmp$/.test(p));
}
