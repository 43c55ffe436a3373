/**
 * The bad-input corpus (issue 15): one named generator per hostile input, written as real files into a
 * fresh directory. Nothing is checked in: every input is made here, at test (or bench) time, from code.
 *
 * Each {@link BadInput} is a row of a table (as picomatch's and ignore's test tables are): its name, what
 * it makes, which path of it the commands are pointed at, what each command must exit with, and which
 * files a message may name. test/slow/bad-input-corpus.test.ts runs every command against every row;
 * bench/bad-input.mjs measures `cap` on the largest rows.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** What a command may exit with for an input: one status, or any of several. */
export type Expected = number | readonly number[];

/** A command of the matrix (see test/slow/bad-input-corpus.test.ts). */
export type CommandId =
  | "cap"
  | "cap_json"
  | "cap_all_agents"
  | "explain"
  | "lint"
  | "lint_fix"
  | "route"
  | "route_bash"
  | "hook"
  | "pointers"
  | "report"
  | "init";

export interface BadInput {
  /** snake_case, used in test names. */
  name: string;
  /** What the input is, in words (a test name is built from it). */
  what: string;
  /** Writes the input into `root` (an empty, real directory that already holds `.git/`). */
  make(root: string): void;
  /** The repository-relative path `explain`, `route` and the hook are pointed at (default `src/a.ts`). */
  target?: string;
  /** Exit status per command, where the input settles it; others may exit with any documented status. */
  exits?: Partial<Record<CommandId, Expected>>;
  /** Commands not run for this input (they read nothing the input changes), with why. */
  skip?: Partial<Record<CommandId, string>>;
  /** Text the output must contain: the input's own file names, as a message names them. */
  names?: string[];
  /** The commands that must name them (default `cap` and `lint`); any command that exits 2 must too. */
  namedBy?: CommandId[];
  /** Wall-time bound per command run, ms (default {@link DEFAULT_BOUND_MS}). */
  boundMs?: number;
  /** Big inputs: generated once and shared, never copied. */
  big?: boolean;
  /**
   * Commands that do not yet end within the bound on this input, with why: run only with
   * `BAD_INPUT_FULL=1`, where they are expected to pass once fixed.
   */
  slow?: Partial<Record<CommandId, string>>;
}

/**
 * The share of the full counts the count-heavy inputs are generated at: `BAD_INPUT_SCALE` (default 1, the
 * issue's numbers). The test file lowers it for the 50,000-rule input only (see there); the benchmark
 * (bench/bad-input.mjs) always runs at full scale.
 */
export function scaled(n: number, scale = Number(process.env.BAD_INPUT_SCALE) || 1): number {
  return Math.max(1, Math.round(n * scale));
}

/** Default wall-time bound for one command on one input (ms), on a loaded 2-core machine. */
export const DEFAULT_BOUND_MS = 30_000;

/** Writes `files` (root-relative path → text or bytes) under `root`, making directories. */
export function writeTree(root: string, files: Record<string, string | Buffer>): void {
  for (const [rel, body] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), body);
  }
}

/** Makes a symlink `rel` (root-relative) pointing at `target`, making its directory. */
export function link(root: string, rel: string, target: string): void {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  symlinkSync(target, join(root, rel));
}

/** Makes a fifo at `rel` (mkfifo(1): Node has no mkfifo). */
export function fifo(root: string, rel: string): void {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  execFileSync("mkfifo", [join(root, rel)]);
}

/**
 * Makes a Unix domain socket file at `rel`: a child Node listens on it and exits without closing (the file
 * stays, with no listener). Returns false when the platform cannot (then the row notes it and skips).
 */
export function socket(root: string, rel: string): boolean {
  const p = join(root, rel);
  mkdirSync(dirname(p), { recursive: true });
  try {
    execFileSync(
      process.execPath,
      ["-e", "require('net').createServer().listen(process.argv[1], () => process.exit(0))", p],
      { timeout: 10_000, stdio: "ignore" },
    );
    return true;
  } catch {
    return false;
  }
}

/** A sparse file of `bytes` bytes whose first bytes are `head` (the rest reads as NULs; costs no disk). */
export function sparse(root: string, rel: string, head: string, bytes: number): void {
  writeTree(root, { [rel]: head });
  truncateSync(join(root, rel), bytes);
}

/** A billion-laughs YAML document: 9 levels of anchors, each alias list 9 wide (9^9 nodes expanded). */
export function yamlBomb(): string {
  const lines = ['a0: &a0 ["lol"]'];
  for (let i = 1; i <= 9; i++) {
    const refs = Array.from({ length: 9 }, () => `*a${i - 1}`).join(", ");
    lines.push(`a${i}: &a${i} [${refs}]`);
  }
  lines.push("paths: *a9");
  return lines.join("\n");
}

const BASE = {
  "CLAUDE.md": "# Memory\nSee @docs/guide.md\n",
  "docs/guide.md": "Guide.\n",
  "src/a.ts": "export const a = 1;\n",
  ".claude/rules/ts.md": '---\npaths: ["src/**/*.ts"]\n---\nTS rule\n',
};

/** {@link BASE} without `paths` (the input puts something else there). */
function baseWithout(...paths: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(BASE).filter(([k]) => !paths.includes(k)));
}

/** Every exit status the docs document for a command (hook: always 0). */
export const DOCUMENTED_EXITS: Record<CommandId, readonly number[]> = {
  cap: [0, 1, 2],
  cap_json: [0, 1, 2],
  cap_all_agents: [0, 1, 2],
  explain: [0, 2],
  lint: [0, 1, 2],
  lint_fix: [0, 1, 2],
  route: [0, 2],
  route_bash: [0, 2],
  hook: [0],
  pointers: [0, 2],
  report: [0, 2],
  init: [0, 2],
};

/** Exit 2 for every command that reads `.agent-context.json` (the hook fails open: 0). */
const CONFIG_ERROR: Partial<Record<CommandId, Expected>> = {
  cap: 2,
  cap_json: 2,
  cap_all_agents: 2,
  explain: 2,
  lint: 2,
  lint_fix: 2,
  route: 2,
  route_bash: 2,
  hook: 0,
  report: 2,
  init: 2,
};

function configRow(name: string, what: string, text: string | Buffer, says: string): BadInput {
  return {
    name,
    what,
    make: (r) => writeTree(r, { ...BASE, ".agent-context.json": text }),
    exits: CONFIG_ERROR,
    names: [".agent-context.json", says],
    skip: { pointers: "pointers reads no .agent-context.json" },
  };
}

/** The corpus. Order: links and special files, sizes and counts, encodings, YAML, names, configuration. */
export const BAD_INPUTS: readonly BadInput[] = [
  {
    name: "a_link_to_root_in_the_rules_folder",
    what: "a symlink under .claude/rules pointing at /",
    make: (r) => {
      writeTree(r, { ...BASE, ".agent-context.json": '{"cap": 1000000000}\n' });
      link(r, ".claude/rules/ext", "/");
    },
    names: [".claude/rules/ext"],
    // Each command walks up to the walker's 100,000-entry bound through the link (3-5 s idle).
    boundMs: 90_000,
    big: true,
  },
  {
    name: "link_cycles",
    what: "a rules directory linking to its parent, two links pointing at each other, a self-link imported",
    make: (r) => {
      writeTree(r, { ...BASE, "CLAUDE.md": "# Memory\n@docs/self.md @docs/a.md @docs/guide.md\n" });
      link(r, ".claude/rules/up", "..");
      link(r, ".claude/rules/loop-a.md", "loop-b.md");
      link(r, ".claude/rules/loop-b.md", "loop-a.md");
      link(r, "docs/self.md", "self.md");
      link(r, "docs/a.md", "b.md");
      link(r, "docs/b.md", "a.md");
      link(r, "src/back", "..");
    },
  },
  {
    name: "fifos_where_memory_rules_and_imports_are",
    what: "a CLAUDE.md, a rule, an import target and a router shard that are fifos",
    make: (r) => {
      writeTree(r, { ...baseWithout("docs/guide.md"), "pkg/x.ts": "x\n" });
      fifo(r, "pkg/CLAUDE.md");
      fifo(r, ".claude/rules/fifo.md");
      fifo(r, "docs/guide.md");
      fifo(r, ".agent-context/routers/fifo.md");
      fifo(r, "AGENTS.md");
    },
    names: [".claude/rules/fifo.md", "docs/guide.md"],
  },
  {
    name: "sockets_where_memory_and_rules_are",
    what: "a rule, an import target and a router shard that are Unix sockets",
    make: (r) => {
      writeTree(r, baseWithout("docs/guide.md"));
      for (const rel of [".claude/rules/sock.md", "docs/guide.md", ".agent-context/routers/sock.md"]) {
        if (!socket(r, rel)) writeTree(r, { [rel]: "socket not supported here: plain file\n" });
      }
    },
    names: [".claude/rules/sock.md"],
  },
  {
    name: "links_to_devices",
    what: "CLAUDE.md, a rule, an import and a router shard linking to /dev/zero and /dev/null",
    make: (r) => {
      writeTree(r, { ...BASE, "CLAUDE.md": "# Memory\n@docs/zero.md @docs/null.md @/dev/zero\n" });
      link(r, ".claude/rules/zero.md", "/dev/zero");
      link(r, ".claude/rules/null.md", "/dev/null");
      link(r, "docs/zero.md", "/dev/zero");
      link(r, "docs/null.md", "/dev/null");
      link(r, "AGENTS.md", "/dev/zero");
      link(r, "GEMINI.md", "/dev/urandom");
      link(r, ".agent-context/routers/zero.md", "/dev/zero");
    },
    names: [".claude/rules/zero.md"],
  },
  {
    name: "directories_named_like_memory_files",
    what: "directories called CLAUDE.md, AGENTS.md, GEMINI.md, a rule, an import, settings and a shard",
    make: (r) => {
      writeTree(r, { ...baseWithout("CLAUDE.md", "docs/guide.md"), "pkg/x.ts": "x\n" });
      for (const d of [
        "CLAUDE.md",
        "AGENTS.md",
        "GEMINI.md",
        "CLAUDE.local.md",
        ".claude/CLAUDE.md",
        ".claude/rules/dir.md",
        ".claude/settings.json",
        ".claude/settings.local.json",
        "docs/guide.md",
        "pkg/CLAUDE.md",
        ".github/copilot-instructions.md",
        ".github/instructions/x.instructions.md",
        ".agent-context/routers/dir.md",
      ])
        mkdirSync(join(r, d), { recursive: true });
      writeTree(r, { ".claude/rules/dir.md/inner.md": "inner rule\n" });
    },
  },
  {
    name: "a_200_mb_memory_file_rule_and_import",
    what: "a 200 MB CLAUDE.md, rule, import target and router shard (sparse: text, then NULs)",
    make: (r) => {
      writeTree(r, BASE);
      const MB = 1024 * 1024;
      sparse(r, "CLAUDE.md", "# Memory\n@docs/big.md\n", 200 * MB);
      sparse(r, "docs/big.md", "Big doc @docs/guide.md\n", 200 * MB);
      sparse(r, ".claude/rules/big.md", '---\npaths: ["src/**"]\n---\nbig\n', 200 * MB);
      sparse(r, "AGENTS.md", "# Agents\n", 200 * MB);
      sparse(r, ".agent-context/routers/big.md", "`src/**` | BIG → rules/ |\n", 200 * MB);
    },
    names: ["CLAUDE.md"],
    big: true,
  },
  {
    name: "fifty_thousand_rules",
    what: "50,000 rules (times BAD_INPUT_SCALE), scoped and unscoped",
    make: (r) => {
      writeTree(r, { ...BASE, ".agent-context.json": '{"cap": 1000000000}\n' });
      const dir = join(r, ".claude/rules/many");
      mkdirSync(dir, { recursive: true });
      for (let i = 0; i < scaled(50_000); i++)
        writeFileSync(
          join(dir, `r${i}.md`),
          i % 10 === 0 ? `rule ${i}\n` : `---\npaths: ["src/m${i}/**"]\n---\nrule ${i}\n`,
        );
    },
    boundMs: 90_000,
    big: true,
  },
  {
    name: "an_import_chain_of_5000_files",
    what: "CLAUDE.md importing a chain of 5,000 files, each importing the next",
    make: (r) => {
      const files: Record<string, string> = { ...BASE, "CLAUDE.md": "# Memory\n@chain/0.md\n" };
      for (let i = 0; i < 5000; i++) files[`chain/${i}.md`] = `link ${i}\n@chain/${i + 1}.md\n`;
      writeTree(r, files);
    },
    big: true,
  },
  {
    name: "ten_thousand_imports_in_one_file",
    what: "CLAUDE.md with 10,000 imports (half of them missing, the rest existing files)",
    make: (r) => {
      const files: Record<string, string> = { ...BASE };
      const lines = ["# Memory"];
      for (let i = 0; i < 10_000; i++) {
        lines.push(`@imp/f${i}.md`);
        if (i % 2 === 0) files[`imp/f${i}.md`] = `f${i}\n`;
      }
      files["CLAUDE.md"] = `${lines.join("\n")}\n`;
      files[".agent-context.json"] = '{"cap": 1000000000}\n';
      writeTree(r, files);
    },
    big: true,
  },
  {
    name: "a_100_level_nest_with_memory_at_each_level",
    what: "100 nested directories, each with a CLAUDE.md and a .claude/rules rule",
    make: (r) => {
      writeTree(r, BASE);
      let rel = "";
      for (let i = 0; i < 100; i++) {
        rel = rel ? `${rel}/d${i}` : `d${i}`;
        writeTree(r, {
          [`${rel}/CLAUDE.md`]: `level ${i}\n`,
          [`${rel}/.claude/rules/l.md`]: `---\npaths: ["*.ts"]\n---\nlevel ${i} rule\n`,
        });
      }
      writeTree(r, { [`${rel}/x.ts`]: "x\n" });
    },
    target: `${Array.from({ length: 100 }, (_, i) => `d${i}`).join("/")}/x.ts`,
    // report launches in each of the 100 directories: 7-9 s idle, far more on a loaded machine.
    boundMs: 60_000,
  },
  {
    name: "invalid_utf8",
    what: "CLAUDE.md, a rule, an import and a shard with invalid UTF-8 bytes",
    make: (r) => {
      const bad = Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1, 0xed, 0xa0, 0x80, 0x0a]);
      writeTree(r, {
        ...BASE,
        "CLAUDE.md": Buffer.concat([Buffer.from("# Memory @docs/guide.md\n"), bad]),
        "docs/guide.md": Buffer.concat([Buffer.from("Guide "), bad]),
        ".claude/rules/bad.md": Buffer.concat([
          Buffer.from('---\npaths: ["src/\xff**"]\n---\n', "latin1"),
          bad,
        ]),
        ".agent-context/routers/bad.md": Buffer.concat([
          Buffer.from("`src/**` | R\xff → rules/ |\n", "latin1"),
        ]),
      });
    },
    names: ["CLAUDE.md"],
  },
  {
    name: "utf16_with_a_bom",
    what: "CLAUDE.md, a rule and a shard in UTF-16LE with a byte order mark",
    make: (r) => {
      const u16 = (s: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(s, "utf16le")]);
      writeTree(r, {
        ...BASE,
        "CLAUDE.md": u16("# Memory\n@docs/guide.md\n"),
        ".claude/rules/u16.md": u16('---\npaths: ["src/**"]\n---\nutf16 rule\n'),
        ".agent-context/routers/u16.md": u16("`src/**` | U16 → rules/ |\n"),
        "rules/U16.md": u16("u16\n"),
      });
    },
  },
  {
    name: "nul_bytes",
    what: "NUL bytes in CLAUDE.md, in rule frontmatter, in an import path and in a shard",
    make: (r) =>
      writeTree(r, {
        ...BASE,
        "CLAUDE.md": "# Mem\u0000ory\n@docs/gu\u0000ide.md @docs/guide.md\n\u0000\u0000\n",
        ".claude/rules/nul.md": '---\npaths: ["src/\u0000**"]\n---\nnul\u0000rule\n',
        ".agent-context/routers/nul.md": "`src/\u0000**` | N\u0000UL → rules/ |\n`src/**` | OK → rules/ |\n",
        "rules/OK.md": "ok\n",
      }),
  },
  {
    name: "lone_carriage_returns",
    what: "CLAUDE.md, rule frontmatter and a shard whose lines end with a lone CR",
    make: (r) =>
      writeTree(r, {
        ...BASE,
        "CLAUDE.md": "# Memory\r@docs/guide.md\r<!-- c\r-->\r",
        ".claude/rules/cr.md": '---\rpaths: ["src/**"]\r---\rcr rule\r',
        ".claude/rules/crlf.md": '---\r\npaths: ["src/**"]\r\n---\r\ncrlf\r\n',
        ".agent-context/routers/cr.md": "`src/**` | CR → rules/ |\r`git add` | CR → rules/ |\r",
        "rules/CR.md": "cr\r",
      }),
  },
  {
    name: "ten_megabyte_single_lines",
    what: "a 10 MB one-line import target, a 3 MB one-line rule of links, @ and comments",
    make: (r) =>
      writeTree(r, {
        ...BASE,
        "CLAUDE.md": "# Memory\n@docs/line.md\n",
        "docs/line.md": `${"word ".repeat(2 * 1024 * 1024)}\n`,
        ".claude/rules/line.md": `${"[x](y) `z` @q.md <!-- c --> *e* _f_ ".repeat(90_000)}\n`,
        ".agent-context.json": '{"cap": 1000000000}\n',
      }),
    big: true,
    // cap and lint's mention scans read it through the Markdown fast path (no whole-file parse).
  },
  {
    name: "a_yaml_anchor_bomb_in_frontmatter",
    what: "rule frontmatter that is a billion-laughs anchor bomb, and one with globs: aliasing it",
    make: (r) =>
      writeTree(r, {
        ...BASE,
        ".claude/rules/bomb.md": `---\n${yamlBomb()}\n---\nbomb rule\n`,
        ".claude/rules/bomb-globs.md": `---\n${yamlBomb().replace("paths: *a9", "globs: *a9")}\n---\nglobs bomb\n`,
        ".github/instructions/bomb.instructions.md": `---\n${yamlBomb().replace("paths: *a9", "applyTo: *a9")}\n---\nx\n`,
      }),
  },
  {
    name: "unterminated_frontmatter",
    what: "rules whose frontmatter never closes (small, and 100,000 lines)",
    make: (r) =>
      writeTree(r, {
        ...BASE,
        ".claude/rules/open.md": '---\npaths: ["src/**"]\nbody without a closing fence\n',
        ".claude/rules/open-big.md": `---\n${"paths: x\n".repeat(100_000)}`,
        ".claude/rules/only-fence.md": "---",
      }),
  },
  {
    name: "hostile_file_names",
    what: "rules and imports named with newlines, leading dashes, $(...), unicode, 250 bytes",
    make: (r) => {
      const long = `${"l".repeat(240)}.md`;
      writeTree(r, {
        ...BASE,
        "CLAUDE.md": `# Memory\n@-rf.md @docs/$(touch PWNED).md @docs/ünï©ødé🤖.md @docs/${long}\n`,
        "-rf.md": "dash\n",
        "docs/$(touch PWNED).md": "subst\n",
        "docs/ünï©ødé🤖.md": "unicode\n",
        [`docs/${long}`]: "long\n",
        ".claude/rules/new\nline.md": "---\npaths: src/**\n---\nnewline\n",
        ".claude/rules/-rf.md": "---\nglobs: src/**\n---\ndash\n",
        ".claude/rules/$(touch PWNED2).md": "---\npaths: [src/**]\n---\nsubst\n",
        ".claude/rules/`touch PWNED3`.md": "backtick\n",
        [`.claude/rules/${long}`]: "long rule\n",
        ".claude/rules/\u202eevil.md": "rtl override\n",
        ".agent-context/routers/$(touch PWNED4).md": "`src/**` | -rf → rules/ |\n",
        "rules/-rf.md": "dash router rule\n",
      });
    },
    target: "src/a.ts",
  },
  configRow(
    "a_config_with_a_duplicate_key",
    "an .agent-context.json giving cap twice",
    '{"cap": 100, "cap": 999999}\n',
    "given twice",
  ),
  configRow("a_config_with_1e400", "an .agent-context.json with cap 1e400", '{"cap": 1e400}\n', "1e400"),
  configRow(
    "a_config_with_a_wrong_typed_hook_limit",
    'an .agent-context.json with "hook": {"maxRows": "x"}',
    '{"hook": {"maxRows": "x"}}\n',
    "hook.maxRows",
  ),
  configRow(
    "a_config_with_wrong_typed_values",
    'an .agent-context.json with "hook": {"oncePerSession": "no", "maxBytes": -1}',
    '{"hook": {"oncePerSession": "no"}}\n',
    "hook.oncePerSession",
  ),
  configRow(
    "a_config_whose_hook_is_not_an_object",
    'an .agent-context.json with "hook": 5',
    '{"hook": 5}\n',
    '"hook"',
  ),
  configRow(
    "a_config_whose_routers_leave_the_repository",
    "an .agent-context.json whose routers name ../../../../../etc/*.conf",
    '{"routers": ["../../../../../etc/*.conf"]}\n',
    "leaves the repository",
  ),
  configRow(
    "a_config_that_is_not_json",
    "an .agent-context.json of binary garbage",
    Buffer.from([0x7b, 0xff, 0x00, 0x22, 0x63]),
    "not valid JSON",
  ),
  {
    name: "malformed_claude_settings",
    what: ".claude/settings.json with duplicate hooks, 1e400, invalid UTF-8 and a local one of wrong shapes",
    make: (r) =>
      writeTree(r, {
        ...BASE,
        ".claude/settings.json": Buffer.from(
          '{"hooks": {}, "hooks": {"PreToolUse": "x"}, "n": 1e400, "s": "caf\xe9"}\n',
          "latin1",
        ),
        ".claude/settings.local.json": '{"hooks": [1, 2], "claudeMdExcludes": {"a": 1}, "permissions": 5}\n',
      }),
    // Claude Code's JSON.parse takes this file (duplicates, 1e400 and the bad byte included), so cap and
    // lint rightly say nothing; init cannot edit it faithfully and refuses, naming it.
    exits: { init: 2 },
    names: [".claude/settings.json"],
    namedBy: ["init"],
  },
  {
    name: "claude_settings_of_wrong_shapes",
    what: ".claude/settings.json that is valid JSON of the wrong shapes",
    make: (r) =>
      writeTree(r, {
        ...BASE,
        ".claude/settings.json": '{"hooks": {"PreToolUse": {"matcher": 5}}, "claudeMdExcludes": "x"}\n',
      }),
    names: [".claude/settings.json"],
  },
  {
    name: "unreadable_and_bad_router_shards",
    what: "router shards that are a directory, a fifo, a dangling link, invalid UTF-8 and a link out",
    make: (r) => {
      writeTree(r, {
        ...BASE,
        ".agent-context/routers/good.md": "`src/**` | GOOD → rules/ |\n",
        ".agent-context/routers/bad-utf8.md": Buffer.from("`src/**` | B\xff → rules/ |\n", "latin1"),
        "rules/GOOD.md": "good rule\n",
      });
      mkdirSync(join(r, ".agent-context/routers/dir.md"));
      fifo(r, ".agent-context/routers/fifo.md");
      link(r, ".agent-context/routers/dangling.md", "nothere.md");
      link(r, ".agent-context/routers/out.md", "/etc/hostname");
    },
    names: [
      ".agent-context/routers/fifo.md",
      ".agent-context/routers/bad-utf8.md",
      ".agent-context/routers/dangling.md",
    ],
    namedBy: ["lint", "route", "route_bash"],
  },
];
