/**
 * The differential test for GitHub Copilot CLI: random repositories over what the copilot-cli model claims
 * (src/agents/copilot-cli/, docs/findings-copilot-cli.md, settled on @github/copilot 1.0.102) —
 * `.github/copilot-instructions.md`, AGENTS.md, CLAUDE.md, GEMINI.md (and names Copilot does not read) at
 * the git root, the working directory, the directories between, below and beside; instruction files under
 * `.github/instructions/**` and `.claude/rules/**` with `applyTo` / `paths:` in every form (strings, lists,
 * flow lists, the every-file forms, unquoted globs that are not YAML, bad lines, misspelt keys, braces,
 * trailing slashes, descriptions), in nested and dot folders; `@path` imports in the blocks (nested,
 * cycles, self, missing, directories, `~/`, absolute, code spans, fences, trailing punctuation, e-mails, npm
 * scopes); symlinks; CRLF, BOM, whitespace; the user's `~/.copilot` (`copilot-instructions.md`,
 * `instructions/`); `--add-dir`; then `view` calls whose reminders are compared.
 *
 * Compared: the instruction part of the system message byte for byte (`messages[0]`) and each reminder
 * message (`messages[i]`), and, for readable differences, both parsed into files by one parser: a
 * `<custom_instruction>` block is named by the case file whose text it starts with (the CLI names none),
 * the always-on part is split at the case's instruction files' texts, a table row and a reminder name
 * their path.
 *
 * Features run in order; append new ones at the end so old seeds keep their fixtures.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { isAbsolute, join, posix, resolve } from "node:path";
import { copilotCli } from "../../../src/agents/copilot-cli/index.js";
import { COPILOT_TABLE_HEAD } from "../../../src/agents/copilot-cli/launch.js";
import { copilotListEntries, copilotMessageOf } from "../../../src/agents/copilot-cli/verify.js";
import {
  attachmentsAfterTools,
  copilotVersion,
  customInstructions,
  runCopilot,
} from "../../support/copilot.js";
import type { FuzzAgent } from "./agents.js";
import { COPILOT_FOUND_CASES } from "./found-copilot.js";
import {
  body,
  bytesFile,
  dirOf,
  drawLayout,
  type Feature,
  FOLDER_FILE,
  type FuzzCase,
  type GenContext,
  isUnder,
  j,
  link,
  put,
  resetBodies,
} from "./generate.js";
import { rng } from "./prng.js";
import type { Loaded, Observation, Written } from "./run.js";

/** Memory file names Copilot reads (and some it does not), with weights. */
const NAMES: readonly [string, number][] = [
  ["AGENTS.md", 4],
  ["CLAUDE.md", 3],
  ["GEMINI.md", 2],
  [".github/copilot-instructions.md", 3],
  [".claude/CLAUDE.md", 0.4],
  ["CLAUDE.local.md", 0.4],
  ["AGENTS.override.md", 0.3],
  ["agents.md", 0.3],
];

/** Patterns `applyTo` scopes by; the read targets hit some of them. */
const GLOBS = [
  "**/*.ts",
  "src/**",
  "src/**/*.ts",
  "*.ts",
  "x.ts",
  "**/*.md",
  "./src/**",
  "/**",
  "/src/**",
  "src/",
  "src",
  "SRC/**",
  "{src,lib}/**",
  "*.{ts,js}",
  "lib/**",
  "docs/**",
  "a/**",
  "**/docs/*.md",
  "**/**",
  "src/**;lib/**",
];

/** `applyTo` forms (docs/findings-copilot-cli.md): every file, scoped, not YAML, lists, other keys. */
const FRONTMATTER: readonly [(g: string, h: string) => string | null, number][] = [
  [(g) => `applyTo: '${g}'`, 4],
  [(g) => `applyTo: "${g}"`, 3],
  [(g, h) => `applyTo: '${g}, ${h}'`, 1.5],
  [(g) => `applyTo: ${g}`, 2],
  [(g, h) => `applyTo:\n  - '${g}'\n  - '${h}'`, 1],
  [(g, h) => `applyTo: [${g}, ${h}]`, 0.7],
  [() => "applyTo: '**'", 1.5],
  [() => "applyTo: '*'", 0.5],
  [() => "applyTo: ''", 0.5],
  [() => "applyTo: '**/*'", 0.7],
  [() => "applyTo: ' ** '", 0.3],
  [() => "applyTo: ['**']", 0.3],
  [() => "applyTo: **", 0.5],
  [(g) => `applyTo: '**, ${g}'`, 0.4],
  [(g) => `applyto: '${g}'`, 0.3],
  [(g) => `paths: '${g}'`, 0.7],
  [(g) => `paths:\n  - '${g}'`, 0.5],
  [(g) => `applyTo: "${g}`, 0.3],
  [(g) => `foo: [\napplyTo: '${g}'`, 0.3],
  [(g) => `applyTo: '${g}'\nbar: : :`, 0.3],
  [(g) => `description: 'Rules for ${g}'\napplyTo: '${g}'`, 1],
  [() => "description: only a description", 0.5],
  [() => null, 1.5],
];

const dirs = (ctx: GenContext) => [...ctx.levels, ...ctx.below, ...ctx.aside];
const pickW = <T>(ctx: GenContext, table: readonly [T, number][]): T =>
  ctx.rng.weighted(
    table.map(([x]) => x),
    table.map(([, w]) => w),
  );

const isMemory = (p: string) =>
  ["AGENTS.md", "CLAUDE.md", "GEMINI.md", ".github/copilot-instructions.md"].some(
    (n) => p === n || p.endsWith(`/${n}`),
  );

/** Memory files and repository instruction files at every level. */
const memoryFiles: Feature = {
  name: "memory files",
  p: 0.95,
  apply(ctx) {
    const r = ctx.rng;
    for (const dir of dirs(ctx)) {
      if (!r.chance(dir === ctx.cwd ? 0.75 : 0.45)) continue;
      for (let k = r.int(1, 3); k > 0; k--) {
        const p = j(dir, pickW(ctx, NAMES));
        put(ctx, p, body(ctx, p), false);
      }
    }
  },
};

/** An instruction file's text: a frontmatter form (or none) in a fence, then a body. */
function instruction(ctx: GenContext, p: string): string {
  const r = ctx.rng;
  const fm = pickW(ctx, FRONTMATTER)(r.pick(GLOBS), r.pick(GLOBS));
  const text = body(ctx, p).replace(/^---\n[\s\S]*?\n---\n/, "");
  if (fm === null) return text;
  const fence = r.weighted(["closed", "unclosed", "spaces"], [10, 0.5, 0.5]);
  if (fence === "unclosed") return `---\n${fm}\n${text}`;
  if (fence === "spaces") return `---  \n${fm}\n---   \n${text}`;
  return `---\n${fm}\n---\n${text}`;
}

/** Instruction files under `.github/instructions/` and `.claude/rules/` (nested, dot folders, wrong suffixes). */
const instructionFiles: Feature = {
  name: "instruction files",
  p: 0.85,
  apply(ctx) {
    const r = ctx.rng;
    for (const dir of dirs(ctx)) {
      if (!r.chance(dir === ctx.cwd ? 0.6 : 0.35)) continue;
      for (let k = r.int(1, 3); k > 0; k--) {
        const where = r.weighted([".github/instructions", ".claude/rules"], [4, 1.5]);
        const sub = r.weighted(["", "sub", "x/y", ".hidden"], [6, 2, 1, 0.5]);
        const name = r.pick(["style", "ts", "docs", "test", "api"]);
        const ext =
          where === ".claude/rules"
            ? r.weighted([".md", ".MD", ".txt"], [20, 0.5, 0.5])
            : r.weighted([".instructions.md", ".md", ".instructions.MD"], [20, 1, 0.4]);
        const p = j(dir, where, sub, `${name}${k}${ext}`);
        put(ctx, p, instruction(ctx, p), false);
      }
    }
  },
};

/** Plain files: read targets (sources the patterns match) and import targets. */
const plainFiles: Feature = {
  name: "plain files",
  p: 1,
  apply(ctx) {
    const r = ctx.rng;
    for (const dir of dirs(ctx)) {
      for (let k = r.int(0, 2); k > 0; k--) {
        const p = j(
          dir,
          r.pick([
            "src/x.ts",
            "src/y/z.ts",
            "x.ts",
            "lib/w.js",
            "n.md",
            "docs/n.md",
            "src/.hidden.ts",
            "SRC/u.ts",
          ]),
        );
        put(ctx, p, `content of ${p}\n`);
      }
    }
    for (let k = r.int(0, 3); k > 0; k--) {
      const p = j(r.pick(dirs(ctx)), "docs", r.pick(["guide.md", "api.md", "notes.txt", "data.json"]));
      put(ctx, p, body(ctx, p));
    }
    if (r.chance(0.3)) put(ctx, j("ext", r.pick(["e.md", "shared.md"])), body(ctx, "ext"));
  },
};

/** How an import token is written around its path. */
const CONTEXTS: readonly [(t: string) => string, number][] = [
  [(t) => `See @${t}`, 6],
  [(t) => `@${t}`, 4],
  [(t) => `See @${t}.`, 1],
  [(t) => `Also @${t}, and more`, 1],
  [(t) => `(@${t})`, 0.7],
  [(t) => `@${t} and words after it`, 1],
  [(t) => `Run \`@${t}\` now`, 1],
  [(t) => `\`\`\`\n@${t}\n\`\`\``, 1],
  [(t) => `    @${t}`, 0.4],
  [(t) => `<!-- @${t} -->`, 0.7],
  [(t) => `- item @${t}`, 1],
  [(t) => `mail me@${t}`, 0.4],
  [(t) => `Read @${t}: it matters`, 0.4],
  [(t) => `@${t}#section`, 0.3],
  [(t) => `"@${t}"`, 0.3],
];

const PROSE = [
  "Use @types/node for typings.",
  "Ask @alice before merging.",
  "Write to bob@example.com today.",
  "Price @ 5.",
];

function insertLine(ctx: GenContext, from: string, line: string): void {
  const r = ctx.rng;
  const text = ctx.files.get(from) ?? "";
  const lines = text.split("\n");
  const at = r.int(0, Math.max(0, lines.length - 1));
  if (r.chance(0.3) && lines[at] !== undefined && lines[at] !== "") lines[at] = `${lines[at]} ${line}`;
  else lines.splice(at === 0 && text.startsWith("---") ? lines.length - 1 : at + 1, 0, line);
  ctx.files.set(from, lines.join("\n"));
}

/** `@` imports from memory files (and some from instruction files, which Copilot does not expand). */
const imports: Feature = {
  name: "imports",
  p: 0.8,
  apply(ctx) {
    const r = ctx.rng;
    const all = [...ctx.files.keys(), ...ctx.links.keys()];
    const importers = [...ctx.files.keys()].filter((p) => /\.md$/i.test(p) && !p.startsWith(`${ctx.home}/`));
    if (importers.length === 0) return;
    const memory = importers.filter(isMemory);
    for (let k = r.int(1, 6); k > 0; k--) {
      const from = memory.length > 0 && r.chance(0.75) ? r.pick(memory) : r.pick(importers);
      if (r.chance(0.12)) {
        insertLine(ctx, from, r.pick(PROSE));
        continue;
      }
      const kind = r.weighted(["file", "missing", "dir", "self"], [10, 1.5, 0.5, 0.4]);
      const to =
        kind === "file"
          ? r.pick(all)
          : kind === "missing"
            ? j(dirOf(from), `missing${k}.md`)
            : kind === "self"
              ? from
              : r.pick(dirs(ctx).filter((d) => d !== "")) || "docs";
      const rel = posix.relative(dirOf(from), to) || posix.basename(to);
      const form = r.weighted(["rel", "dot", "abs", "tilde"], [6, 1.5, 1, 0.6]);
      const token =
        form === "abs"
          ? `<R>/${to}`
          : form === "tilde"
            ? `~/${posix.relative(ctx.home, to)}`
            : form === "dot" && !rel.startsWith("..")
              ? `./${rel}`
              : rel;
      insertLine(ctx, from, pickW(ctx, CONTEXTS)(token));
    }
  },
};

/** Nested chains and cycles reached from a memory file at a launch level. */
const chains: Feature = {
  name: "import chains and cycles",
  p: 0.25,
  apply(ctx) {
    const r = ctx.rng;
    const dir = j(r.pick(dirs(ctx)), "chain");
    let start: string;
    if (r.chance(0.6)) {
      const n = r.int(2, 6);
      for (let i = 1; i <= n; i++)
        put(ctx, j(dir, `h${i}.md`), `hop ${i}\n${i < n ? `@h${i + 1}.md\n` : ""}`);
      start = j(dir, "h1.md");
    } else {
      put(ctx, j(dir, "c1.md"), "cycle one\n@c2.md\n");
      put(ctx, j(dir, "c2.md"), "cycle two\n@c1.md @./c1.md\n");
      start = j(dir, "c1.md");
    }
    const from =
      [...ctx.files.keys()].find(
        (p) => isMemory(p) && ctx.levels.includes(dirOf(p).replace(/\/?\.github$/, "")),
      ) ?? j(r.pick(ctx.levels), "AGENTS.md");
    const rel = posix.relative(dirOf(from), start);
    ctx.files.set(from, `${ctx.files.get(from) ?? `Memory of ${from}.\n`}@${rel}\n`);
  },
};

/** Symlinks: a linked memory file, a dangling one, a directory link named AGENTS.md, a linked instructions folder. */
const symlinks: Feature = {
  name: "symlinks",
  p: 0.3,
  apply(ctx) {
    const r = ctx.rng;
    for (let k = r.int(1, 2); k > 0; k--) {
      const dir = r.pick(dirs(ctx));
      const kind = r.pick(["memory", "dangling", "dir", "instructions"]);
      const abs = r.chance(0.3);
      const target = (from: string, to: string) => (abs ? `<R>/${to}` : posix.relative(dirOf(from), to));
      if (kind === "memory") {
        const to = j(dir, "real", "AGENTS.md");
        put(ctx, to, `${body(ctx, to)}@near.md\n`, false);
        put(ctx, j(dir, "real", "near.md"), `near ${to}\n`);
        const from = j(r.pick(ctx.levels), r.pick(["AGENTS.md", "CLAUDE.md", "GEMINI.md"]));
        link(ctx, from, target(from, to));
      } else if (kind === "dangling") {
        link(ctx, j(dir, r.pick(["AGENTS.md", "CLAUDE.md"])), "nowhere.md");
      } else if (kind === "dir") {
        put(ctx, j(dir, "sub", "inner.md"), "inner\n", false);
        link(ctx, j(dir, "AGENTS.md"), "sub");
      } else {
        const to = j("ext", "instr");
        put(
          ctx,
          j(to, `linked${k}.instructions.md`),
          instruction(ctx, j(to, `linked${k}.instructions.md`)),
          false,
        );
        const from = j(r.pick(ctx.levels), ".github/instructions", `linked${k}`);
        link(ctx, from, target(from, to));
      }
    }
  },
};

/** CRLF, a BOM and surrounding whitespace on a few files. */
const encodings: Feature = {
  name: "line endings, byte order marks, whitespace",
  p: 0.3,
  apply(ctx) {
    const r = ctx.rng;
    for (const p of ctx.files.keys()) {
      if (r.chance(0.15)) ctx.crlf.add(p);
      if (r.chance(0.08)) ctx.bom.add(p);
      if (r.chance(0.05)) ctx.files.set(p, `\n\n  ${ctx.files.get(p)}  \n\n`);
    }
  },
};

/** The user's `~/.copilot`: copilot-instructions.md and instruction files (and files Copilot does not read there). */
const userLayer: Feature = {
  name: "the user layer under ~/.copilot",
  p: 0.3,
  apply(ctx) {
    const r = ctx.rng;
    const c = j(ctx.home, ".copilot");
    if (r.chance(0.7))
      put(ctx, j(c, "copilot-instructions.md"), body(ctx, j(c, "copilot-instructions.md")), false);
    for (let i = r.int(0, 2); i > 0; i--) {
      const p = j(c, "instructions", r.pick(["", "sub"]), `u${i}.instructions.md`);
      put(ctx, p, instruction(ctx, p), false);
    }
    if (r.chance(0.2)) put(ctx, j(c, "AGENTS.md"), body(ctx, j(c, "AGENTS.md")), false);
  },
};

/** `--add-dir` of a directory beside the working directory (the model: no instruction files). */
const addDirs: Feature = {
  name: "--add-dir",
  p: 0.12,
  apply(ctx) {
    const r = ctx.rng;
    const dir = ctx.aside.length > 0 && r.chance(0.6) ? r.pick(ctx.aside) : "other";
    ctx.addDirs.push(dir);
    put(ctx, j(dir, "AGENTS.md"), body(ctx, j(dir, "AGENTS.md")), false);
    put(ctx, j(dir, ".github/instructions/o.instructions.md"), instruction(ctx, "o"), false);
    put(ctx, j(dir, "src/o.ts"), "in an added directory\n");
  },
};

/** Invalid UTF-8 forms (hex): a lone continuation byte, a truncated sequence, a five-byte lead, a surrogate, NUL. */
const BAD_UTF8 = ["80", "e282", "f8888080", "eda080", "00"];
const badText = (ctx: GenContext, p: string) =>
  bytesFile(
    Buffer.concat([
      Buffer.from(`bad ${p} `),
      Buffer.from(ctx.rng.pick(BAD_UTF8), "hex"),
      Buffer.from(" end\n"),
    ]).toString("hex"),
  );

/**
 * Odd files in the repository: empty and whitespace-only memory files, invalid UTF-8, a memory or
 * instruction name that is a folder, links leaving the project and dangling ones, names differing in `/`
 * versus `-`, `.`, `_`, a large file.
 */
const oddFiles: Feature = {
  name: "odd files",
  p: 0.35,
  apply(ctx) {
    const r = ctx.rng;
    for (let k = r.int(1, 3); k > 0; k--) {
      const dir = r.pick(ctx.levels.filter((d) => d === ctx.base || isUnder(ctx.base, d)));
      const kind = r.weighted(
        ["empty", "space", "bad", "folder", "out", "dangling", "punct", "large"],
        [1, 1, 1.2, 1, 0.8, 0.6, 1.2, 0.4],
      );
      const mem = j(dir, pickW(ctx, NAMES.slice(0, 4)));
      const instr = (n: string) => j(dir, ".github/instructions", n);
      if (kind === "empty") put(ctx, mem, "", false);
      else if (kind === "space") put(ctx, mem, r.pick(["  ", "\n\n", " \t\n", "\r\n\r\n"]), false);
      else if (kind === "bad")
        put(ctx, r.chance(0.5) ? mem : instr(`bad${k}.instructions.md`), badText(ctx, mem), false);
      else if (kind === "folder") {
        const p = r.chance(0.6) ? mem : instr(`f${k}.instructions.md`);
        if (r.chance(0.5)) put(ctx, j(p, "inner.instructions.md"), instruction(ctx, j(p, "in")), false);
        else put(ctx, p, FOLDER_FILE, false);
      } else if (kind === "out") {
        put(ctx, j("ext", `out${k}.md`), body(ctx, j("ext", `out${k}.md`)), false);
        const from = r.chance(0.5) ? mem : instr(`out${k}.instructions.md`);
        link(ctx, from, r.chance(0.5) ? `<R>/ext/out${k}.md` : posix.relative(dirOf(from), `ext/out${k}.md`));
      } else if (kind === "dangling") link(ctx, instr(`gone${k}.instructions.md`), "nowhere.md");
      else if (kind === "punct") {
        const names = ["a-b", "a/b", "a.b", "a_b", "a b", "a", "a-b/c", "é", "A-b"];
        for (const n of r.sample(names, r.int(2, 4))) {
          const p = instr(`${n}.instructions.md`);
          put(ctx, p, instruction(ctx, p), false);
        }
      } else put(ctx, mem, `${"large line of text\n".repeat(r.int(2000, 6000))}`, false);
    }
  },
};

/** `excludeAgent` in instruction files' frontmatter (`coding-agent` leaves a file out of the CLI). */
const excludeAgents: Feature = {
  name: "excludeAgent",
  p: 0.2,
  apply(ctx) {
    const r = ctx.rng;
    for (let k = r.int(1, 3); k > 0; k--) {
      const dir = r.pick(ctx.levels.filter((d) => d === ctx.base || isUnder(ctx.base, d)));
      const where = r.weighted([".github/instructions", ".claude/rules"], [3, 1]);
      const p = j(dir, where, `ex${k}${where === ".claude/rules" ? ".md" : ".instructions.md"}`);
      const ex = r.pick([
        'excludeAgent: "coding-agent"',
        "excludeAgent: coding-agent",
        "excludeAgent: [coding-agent]",
        "excludeAgent:\n  - code-review\n  - coding-agent",
        'excludeAgent: "code-review"',
        'excludeAgent: "cli"',
        'excludeAgent: "Coding-Agent"',
        'excludeAgent: ""',
      ]);
      const scope = r.chance(0.5) ? `\napplyTo: '${r.pick(GLOBS)}'` : "";
      put(ctx, p, `---\n${ex}${scope}\n---\nExcluded? ${p}\n`, false);
    }
  },
};

/**
 * The user layer moved and odd: `COPILOT_HOME` absolute, relative (from the cwd) or empty; its
 * `copilot-instructions.md` empty, whitespace, invalid UTF-8, a folder, a link (to a file, dangling);
 * `instructions/**` with odd names, dot folders, a folder named like a file, an upper-case suffix.
 */
const userHome: Feature = {
  name: "COPILOT_HOME and odd user files",
  p: 0.3,
  apply(ctx) {
    const r = ctx.rng;
    const where = r.weighted(["default", "abs", "rel", "empty"], [1, 2, 1.5, 0.5]);
    let c = j(ctx.home, ".copilot");
    if (where === "abs") {
      c = "uh/copilot";
      ctx.env.COPILOT_HOME = "<R>/uh/copilot";
    } else if (where === "rel") {
      c = j(ctx.cwd, "rel-home");
      ctx.env.COPILOT_HOME = "rel-home";
    } else if (where === "empty") ctx.env.COPILOT_HOME = "";
    const file = j(c, "copilot-instructions.md");
    const kind = r.weighted(
      ["text", "empty", "space", "bad", "folder", "link", "dangling", "bom"],
      [4, 1, 1, 1, 0.7, 0.7, 0.5, 0.7],
    );
    if (kind === "text") put(ctx, file, body(ctx, file), false);
    else if (kind === "empty") put(ctx, file, "", false);
    else if (kind === "space") put(ctx, file, " \n\t\n", false);
    else if (kind === "bad") put(ctx, file, badText(ctx, file), false);
    else if (kind === "folder") put(ctx, file, FOLDER_FILE, false);
    else if (kind === "bom") {
      put(ctx, file, body(ctx, file), false);
      ctx.bom.add(file);
      if (r.chance(0.5)) ctx.crlf.add(file);
    } else if (kind === "link") {
      put(ctx, "shared/ui.md", body(ctx, "shared/ui.md"), false);
      link(ctx, file, "<R>/shared/ui.md");
    } else link(ctx, file, "nowhere.md");
    for (let i = r.int(0, 3); i > 0; i--) {
      const sub = r.weighted(["", "sub", "a/b", ".dot", "x.instructions.md"], [3, 2, 1, 0.6, 0.4]);
      const name = r.weighted(
        [`u${i}.instructions.md`, `U${i}.Instructions.MD`, `u${i}.md`, "AGENTS.md", `a-${i}.instructions.md`],
        [5, 0.6, 0.6, 0.4, 1],
      );
      const p = j(c, "instructions", sub, name);
      if (r.chance(0.12)) put(ctx, p, badText(ctx, p), false);
      else put(ctx, p, instruction(ctx, p), false);
    }
    if (r.chance(0.15)) link(ctx, j(c, "instructions", "dangling.instructions.md"), "nowhere.md");
  },
};

/**
 * `COPILOT_CUSTOM_INSTRUCTIONS_DIRS`: absolute and relative entries (from the cwd), spaces, empty entries,
 * duplicates, missing folders, a file, a folder inside the project; each folder with
 * `.github/instructions/`, `.claude/rules/`, other `*.instructions.md` and its own `AGENTS.md`.
 */
const customDirs: Feature = {
  name: "COPILOT_CUSTOM_INSTRUCTIONS_DIRS",
  p: 0.3,
  apply(ctx) {
    const r = ctx.rng;
    const entries: string[] = [];
    for (let k = r.int(1, 3); k > 0; k--) {
      const kind = r.weighted(["abs", "rel", "inside", "missing", "file"], [3, 2, 1.5, 0.5, 0.3]);
      const dir = kind === "inside" ? j(ctx.base, r.pick(["docs", "a", "tools"])) : `cd${k}`;
      if (kind === "file") {
        put(ctx, "cdfile", "a file\n");
        entries.push("<R>/cdfile");
        continue;
      }
      if (kind === "missing") {
        entries.push(`<R>/missing${k}`);
        continue;
      }
      entries.push(kind === "rel" || kind === "inside" ? posix.relative(ctx.cwd, dir) || "." : `<R>/${dir}`);
      const files = [
        j(dir, ".github/instructions", `c${k}.instructions.md`),
        j(dir, ".claude/rules", `r${k}.md`),
        j(dir, `top${k}.instructions.md`),
        j(dir, "deep", `-x${k}.instructions.md`),
        j(dir, ".hidden", `h${k}.instructions.md`),
      ];
      for (const p of r.sample(files, r.int(1, files.length))) put(ctx, p, instruction(ctx, p), false);
      if (r.chance(0.5)) put(ctx, j(dir, "AGENTS.md"), body(ctx, j(dir, "AGENTS.md")), false);
      if (r.chance(0.2)) put(ctx, j(dir, "CLAUDE.md"), body(ctx, j(dir, "CLAUDE.md")), false);
    }
    if (r.chance(0.2)) entries.push(entries[0] as string);
    if (r.chance(0.2)) entries.splice(r.int(0, entries.length), 0, "");
    ctx.env.COPILOT_CUSTOM_INSTRUCTIONS_DIRS = entries.map((e) => (r.chance(0.2) ? ` ${e} ` : e)).join(",");
  },
};

/** The `CHILD_CUSTOM_INSTRUCTIONS` feature flag and `--no-custom-instructions`. */
const switches: Feature = {
  name: "feature flags and --no-custom-instructions",
  p: 0.2,
  apply(ctx) {
    const r = ctx.rng;
    if (r.chance(0.6))
      ctx.env.COPILOT_CLI_ENABLED_FEATURE_FLAGS = r.pick([
        "CHILD_CUSTOM_INSTRUCTIONS",
        " CHILD_CUSTOM_INSTRUCTIONS ,OTHER",
        "OTHER",
      ]);
    if (r.chance(0.45)) ctx.args = ["--no-custom-instructions"];
  },
};

/**
 * Skills and custom agents (issue 26): `SKILL.md` folders below `.github/skills`, `.claude/skills` and
 * `.agents/skills` of the cwd or an ancestor (up to the fixture root, so some lie above the git root), the
 * user's `~/.copilot/skills`, `.claude/commands/*.md`; agents as `.github/agents/**\/*.md` (`.agent.md` too)
 * and `.claude/agents/*.md` and `~/.copilot/agents/*.md`. Frontmatter: valid, none, YAML that does not parse,
 * no description, `disable-model-invocation: true`, `infer: false`, a description over 1,024 characters,
 * `<&>` to escape, a name found in two places. Compared entry by entry, in order (`copilotListEntries`).
 */
const skillsAndAgents: Feature = {
  name: "skills and custom agents",
  p: 0.6,
  apply(ctx) {
    const r = ctx.rng;
    // `a&b`: a skill name the CLI refuses; an agent in `.github/agents/sub/`: named `sub--NAME`
    // (copilot-skill-agent-names.test.ts).
    const names = ["deploy", "review", "db-migrate", "Lint", "lint", "a&b"];
    const fm = (name: string | undefined, desc: string | undefined, extra = "") => {
      const form = r.weighted(["ok", "none", "broken", "long", "escape"], [6, 1, 1, 0.6, 1]);
      if (form === "none") return `Just a body for ${name ?? "x"}.\n`;
      const lines: string[] = [];
      if (name !== undefined) lines.push(`name: ${name}`);
      if (desc !== undefined)
        lines.push(
          form === "broken"
            ? `description: [unclosed ${desc}`
            : form === "long"
              ? `description: ${"long ".repeat(210)}${desc}`
              : form === "escape"
                ? `description: "<b>${desc}</b> & more"`
                : `description: ${desc}`,
        );
      if (extra) lines.push(extra);
      return `---\n${lines.join("\n")}\n---\nBody of ${name ?? "x"}.\n`;
    };
    const levels = ctx.levels.filter((l) => l === ctx.cwd || isUnder(l, ctx.cwd));
    for (let k = r.int(1, 4); k > 0; k--) {
      const user = r.chance(0.2);
      const dir = user
        ? j(ctx.home, ".copilot/skills")
        : j(
            r.pick(levels.length > 0 ? levels : [ctx.cwd]),
            r.pick([".github/skills", ".claude/skills", ".agents/skills"]),
          );
      const folder = r.pick(names);
      const name = r.chance(0.85) ? folder : r.pick(names);
      const extra = r.weighted(
        ["", "disable-model-invocation: true", "argument-hint: [a, b]", "license: MIT"],
        [6, 1, 0.7, 1],
      );
      put(
        ctx,
        j(dir, r.chance(0.15) ? `nested/${folder}` : folder, "SKILL.md"),
        fm(
          r.chance(0.93) ? name : undefined,
          r.chance(0.93) ? `Skill ${folder} in ${dir}` : undefined,
          extra,
        ),
        false,
      );
    }
    if (r.chance(0.3))
      put(ctx, j(ctx.cwd, ".claude/commands", `${r.pick(names)}.md`), fm(undefined, "A command", ""), false);
    for (let k = r.int(0, 3); k > 0; k--) {
      const user = r.chance(0.2);
      const dir = user
        ? j(ctx.home, ".copilot/agents")
        : j(
            r.pick(levels.length > 0 ? levels : [ctx.cwd]),
            r.pick([".github/agents", ".github/agents/sub", ".claude/agents"]),
          );
      const stem = r.pick(["helper", "tester", "Helper", "planner"]);
      const file = r.chance(0.3) ? `${stem}.agent.md` : `${stem}.md`;
      const extra = r.weighted(["", "infer: false", "tools: [read]", "skills: none"], [6, 1, 1, 0.7]);
      put(
        ctx,
        j(dir, file),
        fm(r.chance(0.3) ? stem : undefined, r.chance(0.9) ? `Agent ${stem} in ${dir}` : undefined, extra),
        false,
      );
    }
  },
};

/** The Copilot generator's features, in order (append new ones at the end). */
export const COPILOT_FEATURES: Feature[] = [
  memoryFiles,
  instructionFiles,
  plainFiles,
  imports,
  chains,
  symlinks,
  encodings,
  userLayer,
  addDirs,
  oddFiles,
  excludeAgents,
  userHome,
  customDirs,
  switches,
  skillsAndAgents,
];

/**
 * The Copilot case for `seed`: a project at `proj` or `home/proj`, a working directory at its root, `a`
 * or `a/b`, a git root at the project, at `a`, at the fixture root (holding the home), nested below, or
 * none; 1-3 `view` calls (files, sometimes a directory or a missing file). Deterministic.
 */
export function generateCopilotCase(
  seed: string,
  opts: { releases: readonly string[]; release?: string },
): FuzzCase {
  const r = rng(seed);
  resetBodies();
  const home = "home";
  const base = r.weighted(["proj", "home/proj"], [3, 1]);
  const { cwd, levels, below, aside } = drawLayout(r, base);
  const git = r.weighted<string[]>(
    [[base], [], [j(base, "a")], [""], [base, j(base, "a/b/c")]],
    [6, 1.2, cwd.startsWith(j(base, "a")) ? 1.5 : 0, 0.7, 1],
  );
  const ctx: GenContext = {
    rng: r,
    base,
    cwd,
    home,
    git: [...git],
    files: new Map(),
    links: new Map(),
    env: {},
    addDirs: [],
    levels,
    below,
    aside,
    crlf: new Set(),
    bom: new Set(),
    readable: new Set(),
  };
  const release = opts.release ?? r.pick(opts.releases);
  for (const f of COPILOT_FEATURES) if (r.chance(f.p)) f.apply(ctx);
  const files: Record<string, string> = {};
  for (const [p, t] of ctx.files) {
    if (t.startsWith("\u0000")) {
      files[p] = t;
      continue;
    }
    let text = ctx.crlf.has(p) ? t.replaceAll("\r\n", "\n").replaceAll("\n", "\r\n") : t;
    if (ctx.bom.has(p)) text = `\ufeff${text}`;
    files[p] = text;
  }
  const readable = [...ctx.readable].filter((p) => ctx.files.has(p) || ctx.links.has(p));
  // Reads below the working directory matter most (nested memory attaches there): prefer them.
  const near = readable.filter((p) => isUnder(cwd, p));
  const reads: string[] = [];
  for (let k = r.int(1, 3); k > 0 && readable.length > 0; k--) {
    const roll = r.next();
    if (roll < 0.05) reads.push(j(r.pick(dirs(ctx)), "src/missing.ts"));
    else if (roll < 0.12) reads.push(r.pick(dirs(ctx).filter((d) => d !== "")) || base);
    else reads.push(near.length > 0 && r.chance(0.7) ? r.pick(near) : r.pick(readable));
  }
  return {
    seed,
    release,
    cwd,
    home,
    git: ctx.git,
    files,
    links: Object.fromEntries(ctx.links),
    env: { ...ctx.env },
    addDirs: [...ctx.addDirs],
    ...(ctx.args ? { args: [...ctx.args] } : {}),
    reads,
  };
}

const dropBom = (s: string) => (s.charCodeAt(0) === 0xfeff ? s.slice(1) : s);

/** Every regular file of the case (links followed) with its text as Copilot reads it (BOM dropped), by absolute path. */
function caseTexts(c: FuzzCase, w: Written): [string, string][] {
  const out: [string, string][] = [];
  for (const p of [...Object.keys(c.files), ...Object.keys(c.links)].sort()) {
    const abs = join(w.root, p);
    try {
      if (!statSync(abs).isFile()) continue;
      out.push([abs, dropBom(readFileSync(abs, "utf8"))]);
    } catch {
      // a dangling link
    }
  }
  return out;
}

/**
 * The case file a `<custom_instruction>` block comes from: the one sharing the longest prefix with it (a
 * whole file's text first), or `<block: N files start so>` when several tie (duplicates, empty files).
 */
function nameBlock(block: string, texts: readonly [string, string][]): string {
  let best: string[] = [];
  let bestScore = -1;
  for (const [abs, t] of texts) {
    let n = 0;
    const max = Math.min(t.length, block.length);
    while (n < max && t[n] === block[n]) n++;
    const score = n * 2 + (n === t.length ? 1 : 0);
    if (score > bestScore) {
      best = [abs];
      bestScore = score;
    } else if (score === bestScore) best.push(abs);
  }
  return best.length === 1 ? (best[0] as string) : `<block: ${best.length} files start so>`;
}

/** The always-on part split at the case files' texts (greedy, longest first), each named by its file. */
function splitAlways(part: string, texts: readonly [string, string][]): Loaded[] {
  const out: Loaded[] = [];
  let rest = part.startsWith("\n") ? part.slice(1) : part;
  const sorted = [...texts].sort((a, b) => b[1].length - a[1].length);
  while (rest.length > 0) {
    const hit = sorted.find(([, t]) => t.length > 0 && rest.startsWith(t));
    if (!hit) {
      out.push({ path: "<always-on: unmatched>", label: "always", text: rest });
      break;
    }
    out.push({ path: hit[0], label: "always", text: hit[1] });
    rest = rest.slice(hit[1].length);
    if (rest.startsWith("\n\n")) rest = rest.slice(2);
    else if (rest === "\n") rest = "";
  }
  return out;
}

const REMINDER =
  /<system_reminder>\nCustom instructions from (.+?)\. Apply these to any code you write here:\n\n([\s\S]*?)\n<\/system_reminder>/g;

/**
 * One side's observation from what it sent: the instruction part of the system message (`region`) and,
 * per view, the reminder message ("" when none). One parser for the CLI and the model; shown paths are
 * resolved against the repository (the git root, else the cwd).
 */
export function copilotObservation(
  region: string,
  reminders: string[],
  c: FuzzCase,
  w: Written,
): Observation {
  const texts = caseTexts(c, w);
  // Copilot 1.0.102 shows a table row's and a reminder's path relative to the git root or to the cwd
  // (docs/findings-fuzz.md), absolute outside the repository: a shown path names the file under the git
  // root when one is there, else under the cwd. The exact form is compared in `messages`.
  const gitRoot = repoRoot(c, w);
  const named = (shown: string) =>
    isAbsolute(shown) || existsSync(join(gitRoot, shown)) ? resolve(gitRoot, shown) : resolve(w.cwd, shown);
  const blocks = customInstructions(region);
  const launch: Loaded[] = blocks.map((b) => ({ path: nameBlock(b, texts), label: "block", text: b }));
  const endBlocks = region.lastIndexOf("</custom_instruction>\n");
  let rest = endBlocks < 0 ? region : region.slice(endBlocks + "</custom_instruction>\n".length);
  const t = rest.indexOf(COPILOT_TABLE_HEAD);
  const table = t < 0 ? "" : rest.slice(t + COPILOT_TABLE_HEAD.length);
  rest = t < 0 ? rest : rest.slice(0, t);
  if (rest.trim() !== "") launch.push(...splitAlways(rest.replace(/\n$/, ""), texts));
  for (const row of table.split("\n")) {
    const m = /^\| (.*) \| '(.*)' \| (.*) \|$/.exec(row);
    if (m) launch.push({ path: named(m[2] as string), label: "row", text: row });
  }
  const reads = reminders.map((msg) =>
    [...msg.matchAll(REMINDER)].map((m) => ({ path: named(m[1] as string), text: m[2] as string })),
  );
  return { launch, reads, messages: [region, ...reminders] };
}

/**
 * Runs the pinned Copilot CLI on a written case (`view` with absolute paths, `--add-dir` per added
 * directory, COPILOT_HOME = HOME/.copilot).
 * @throws Error when the CLI failed or did not play the whole script
 */
export async function observeCopilotCli(c: FuzzCase, w: Written): Promise<Observation> {
  const run = await runCopilot({
    cwd: w.cwd,
    home: w.home,
    script: c.reads.map((r) => ({ toolCalls: [{ name: "view", args: { path: join(w.root, r) } }] })),
    args: [...c.addDirs.flatMap((d) => ["--add-dir", join(w.root, d)]), ...(c.args ?? [])],
    env: caseEnv(c, w),
    timeoutMs: 120_000,
  });
  const after = attachmentsAfterTools(run);
  if (run.code !== 0 || !run.system.includes("</tools>\n") || after.length !== c.reads.length)
    throw new Error(
      `exit ${run.code}, ${run.requests.length} requests, ${after.length} tool results: ${`${run.stderr}${run.stdout}`.slice(0, 500)}`,
    );
  const entries = copilotListEntries(run).map((e) => `${e.list}: ${e.text.replaceAll(w.root, "<R>")}`);
  return { ...copilotObservation(run.region, after, c, w), entries };
}

/** The case's environment with `<R>` as the written root. */
function caseEnv(c: FuzzCase, w: Written): Record<string, string> {
  return Object.fromEntries(Object.entries(c.env).map(([k, v]) => [k, v.replaceAll("<R>", w.root)]));
}

/**
 * The nearest directory at or above the cwd (inside the fixture) holding `.git`: the repository a user would
 * measure. With none, the fixture's root: without git the CLI reads skills, commands and custom agents in every
 * directory above the cwd (docs/findings-sources-copilot-cli.md), and the fixture is all there is above it.
 */
function repoRoot(c: FuzzCase, w: Written): string {
  for (let d = c.cwd; ; d = dirOf(d)) {
    if (c.git.includes(d)) return join(w.root, d);
    if (d === "") return w.root;
  }
}

/**
 * Runs the copilot-cli model on a written case in the user view (the CLI's home and COPILOT_HOME), rooted
 * at the repository (the git root, else the cwd): the region it predicts and the reminder per view.
 */
export function observeCopilotModel(c: FuzzCase, w: Written): Observation {
  const snapshot = copilotCli.launch({
    root: repoRoot(c, w),
    cwd: w.cwd,
    view: "user",
    user: { home: w.home, env: { COPILOT_HOME: join(w.home, ".copilot"), ...caseEnv(c, w) } },
    addDirs: c.addDirs.map((d) => join(w.root, d)),
    ...(c.args ? { agentArgs: c.args } : {}),
  });
  const region = copilotMessageOf(snapshot).message;
  const session = copilotCli.onDemand?.(snapshot);
  const reminders = c.reads.map((r) => {
    const res = session?.read(join(w.root, r));
    const rs = (res?.items ?? []).map((i) => String(i.extra?.reminder ?? ""));
    return rs.length === 0 ? "" : `\n${rs.join("\n")}`;
  });
  // The skills and custom agents entries, each list in the model's order (skills first, as the CLI's
  // system message comes before the task tool's description).
  const listed = (list: string) =>
    snapshot.items.flatMap((it) =>
      it.extra?.list === list && typeof it.extra.entry === "string"
        ? [`${list}: ${it.extra.entry.replaceAll(w.root, "<R>")}`]
        : [],
    );
  return {
    ...copilotObservation(region, reminders, c, w),
    entries: [...listed("skills"), ...listed("agents")],
  };
}

/** GitHub Copilot CLI's fuzz agent (pinned @github/copilot, the release test/agents/package.json names). */
export const copilotAgent: FuzzAgent = {
  model: copilotCli,
  releases: () => [copilotVersion()],
  modelRelease: (release) =>
    copilotCli.releases.includes(release) ? release : (copilotCli.releases[0] as string),
  generate: generateCopilotCase,
  observeCli: observeCopilotCli,
  observeModel: observeCopilotModel,
  found: COPILOT_FOUND_CASES,
};
