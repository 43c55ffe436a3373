/**
 * The generator of the differential test: random fixture repositories over everything the Claude Code
 * model knows (memory files at every level and name, rules in every frontmatter form, imports of every
 * kind, symlinks, a random working directory and release). A case is plain data (a FixtureSpec plus a
 * working directory, a home, a release and a few reads), so it can be written, shrunk and printed as a
 * named fixture.
 *
 * Features are pluggable: {@link FEATURES} is an ordered list of `{ name, apply(ctx) }`; a new source of
 * context (settings files, environment switches, the user layer under `$CLAUDE_CONFIG_DIR`) is one more
 * entry that writes into `ctx.files` / `ctx.env` and may add reads. Call order is part of the seed: add new
 * features at the end of the list so existing seeds keep their fixtures.
 */
import { dirname, posix } from "node:path";
import { type Rng, rng } from "./prng.js";

/** One generated case: what to write, where to launch, what to read. Paths are POSIX, relative to the root. */
export interface FuzzCase {
  /** The case's own seed (`RUNSEED:INDEX`): generating it again gives the same case. */
  seed: string;
  /** The pinned Claude Code release the CLI runs (the model answers for it when it knows it). */
  release: string;
  /** Working directory of the launch. */
  cwd: string;
  /** HOME of the launch (`~/` imports resolve against it); CLAUDE_CONFIG_DIR is `.cfg` beside it. */
  home: string;
  /** Directories to `git init`. */
  git: string[];
  /** File path → content; `<R>` stands for the absolute root. */
  files: Record<string, string>;
  /** Link path → target (relative to the link's directory, or absolute with `<R>`). */
  links: Record<string, string>;
  /** Extra environment of the launch (the env-switch feature sets Claude Code's switches). */
  env: Record<string, string>;
  /** `--add-dir` directories, relative to the root (both sides get them). */
  addDirs: string[];
  /** Other CLI arguments that change loading (`<R>` stands for the root), given to both sides; absent: none. */
  args?: string[];
  /** Files the scripted model reads with the Read tool after launch, in order. */
  reads: string[];
}

/** The mutable state features write into while one case is generated. */
export interface GenContext {
  rng: Rng;
  /** The project's base directory ("" or under the home). */
  base: string;
  cwd: string;
  home: string;
  git: string[];
  files: Map<string, string>;
  links: Map<string, string>;
  env: Record<string, string>;
  addDirs: string[];
  /** Other CLI arguments (generators that draw flags set it). */
  args?: string[];
  /** cwd and its ancestors up to the root, outermost first. */
  levels: string[];
  /** Directories of the project below the cwd. */
  below: string[];
  /** Directories of the project neither above nor below the cwd. */
  aside: string[];
  /** Files written as CRLF or with a BOM at the end (after imports were inserted). */
  crlf: Set<string>;
  bom: Set<string>;
  /** Candidate read targets (regular files). */
  readable: Set<string>;
}

/** One pluggable part of the generator. */
export interface Feature {
  name: string;
  /** Probability that a case gets this feature at all. */
  p: number;
  apply(ctx: GenContext): void;
}

/** POSIX join that ignores empty parts. */
export const j = (...parts: string[]): string => parts.filter((p) => p !== "").join("/");

/** The directory of a root-relative path ("" at the root). */
export const dirOf = (p: string): string => (posix.dirname(p) === "." ? "" : posix.dirname(p));

export const isUnder = (dir: string, p: string): boolean =>
  dir === "" || p === dir || p.startsWith(`${dir}/`);

/**
 * The working directory drawn under `base` (the project, `a` or `a/b`) and the project's folders around it:
 * `levels` (the cwd and its ancestors up to the root, outermost first), `below` and `aside` it. One draw.
 */
export function drawLayout(
  r: Rng,
  base: string,
): { cwd: string; levels: string[]; below: string[]; aside: string[] } {
  const cwd = j(base, r.weighted(["", "a", "a/b"], [5, 3, 2]));
  const levels = [""];
  for (const part of cwd.split("/").filter(Boolean)) levels.push(j(levels.at(-1) ?? "", part));
  const project = ["", "a", "a/b", "a/b/c", "d"].map((d) => j(base, d));
  const below = project.filter((d) => d !== cwd && isUnder(cwd, d));
  const aside = project.filter((d) => !levels.includes(d) && !below.includes(d));
  return { cwd, levels, below, aside };
}

/** The memory file names Claude Code knows (and near misses), with weights. */
export const MEMORY_NAMES: readonly [string, number][] = [
  ["CLAUDE.md", 5],
  [".claude/CLAUDE.md", 2],
  ["CLAUDE.local.md", 2],
  [".claude/CLAUDE.local.md", 1],
  ["AGENTS.md", 4],
  [".claude/AGENTS.md", 1.5],
  ["agents.md", 0.7],
  ["AGENTS.override.md", 0.3],
];

/** Globs the rules scope by; the read targets below hit some of them. */
const GLOBS = [
  "src/**",
  "src/**/*.ts",
  "**/*.ts",
  "*.md",
  "**/*.md",
  "a/**",
  "b/**/*.ts",
  "lib/**",
  "{src,lib}/**",
  "/src/**",
  "./src/**/*.ts",
  "src/*",
  "docs/**",
  "**",
  "x.ts",
];

/** Every frontmatter form the model knows (docs/findings-claude-launch.md, findings-claude-onread.md). */
const FRONTMATTER: readonly [(g: string, h: string) => string, number][] = [
  [(g) => `paths: ${g}`, 3],
  [(g) => `paths: "${g}"`, 3],
  [(g) => `paths: '${g}'`, 1],
  [(g, h) => `paths:\n  - "${g}"\n  - ${h}`, 2],
  [(g, h) => `paths: ${g}, ${h}`, 1],
  [(g, h) => `paths: [${g}, ${h}]`, 1],
  [(g, h) => `paths: "${g}, ${h}"`, 1],
  [(g, h) => `paths:\n  - "${g}"\n  - "!${h}"`, 0.5],
  [(g) => `globs: ${g}`, 1],
  [() => "paths:", 0.5],
  [() => "paths: []", 0.5],
  [() => 'paths: ""', 0.3],
  [() => "paths: null", 0.3],
  [() => 'paths: "**"', 0.5],
  [() => "description: a rule", 1],
  [(g) => `meta:\n  paths: ${g}`, 0.3],
  [(g) => `Paths: ${g}`, 0.3],
  [() => "paths: 5", 0.2],
  [() => "paths:\n  a: b", 0.2],
  [(g) => `paths: [${g}\n  bad: : :`, 0.5],
  [(g) => `paths:\n\t- ${g}`, 0.3],
  [(g) => `paths: ${g} # why`, 0.3],
  [(g, h) => `paths: ${g}\npaths: ${h}`, 0.3],
];

/** How the frontmatter block is fenced (most are well formed). */
const FENCES: readonly [(fm: string) => string, number][] = [
  [(fm) => `---\n${fm}\n---\n`, 10],
  [(fm) => `---\n${fm}\n`, 0.5],
  [(fm) => `---\n${fm}\n...\n`, 0.4],
  [(fm) => `\n---\n${fm}\n---\n`, 0.4],
  [(fm) => `---  \n${fm}\n---   \n`, 0.4],
  [(fm) => `---\n${fm}\n---\n\n\n    `, 0.3],
];

let textCounter = 0;

/** Restarts the numbering of generated bodies (each case starts at 1, so a seed replays its texts). */
export function resetBodies(): void {
  textCounter = 0;
}

/** A small Markdown body that names its file, in one of the shapes the loader treats differently. */
export function body(ctx: GenContext, path: string): string {
  const r = ctx.rng;
  const tag = `${path} #${++textCounter}`;
  const shape = r.weighted(
    ["text", "empty", "blank", "comment", "frontmatter", "decorated"],
    [10, 0.6, 0.4, 0.6, 0.8, 3],
  );
  if (shape === "empty") return "";
  if (shape === "blank") return "   \n\n";
  if (shape === "comment") return `<!-- only a comment in ${tag} -->\n`;
  if (shape === "frontmatter") return `---\npaths: ${r.pick(GLOBS)}\n---\nText of ${tag}.\n`;
  const lines = [`Text of ${tag}.`];
  if (shape === "decorated") {
    for (let i = r.int(1, 3); i > 0; i--) {
      lines.push(
        r.pick([
          "",
          "# Heading",
          "- a list item",
          "keep <!-- inline comment --> this",
          "<!-- block comment -->",
          "trailing spaces   ",
          "\tindented with a tab",
          "> a quote",
        ]),
      );
    }
    if (r.chance(0.2)) lines.unshift("", "");
  }
  return `${lines.join("\n")}${r.chance(0.9) ? "\n" : ""}`;
}

/** The prefix of a file text that stands for raw bytes (hex after it): invalid UTF-8 in a case. */
export const RAW_BYTES = "\u0000hex:";

/** A file text written as exactly these bytes (see {@link RAW_BYTES}; run.ts writeCase decodes it). */
export function rawBytes(b: Buffer): string {
  return `${RAW_BYTES}${b.toString("hex")}`;
}

/** Appends CLI arguments to the case. */
export function pushArgs(ctx: GenContext, ...args: string[]): void {
  ctx.args = [...(ctx.args ?? []), ...args];
}

/** Adds a file unless the path (or a parent or child of it) is taken; `readable` makes it a read target. */
export function put(ctx: GenContext, path: string, text: string, readable = true): boolean {
  if (ctx.files.has(path) || ctx.links.has(path)) return false;
  for (const p of [...ctx.files.keys(), ...ctx.links.keys()]) {
    if (p.startsWith(`${path}/`) || path.startsWith(`${p}/`)) return false;
  }
  ctx.files.set(path, text);
  if (readable) ctx.readable.add(path);
  return true;
}

/** Adds a symlink unless the path (or a parent or child of it) is taken. */
export function link(ctx: GenContext, path: string, target: string): boolean {
  if (ctx.files.has(path) || ctx.links.has(path)) return false;
  for (const p of [...ctx.files.keys(), ...ctx.links.keys()]) {
    if (p.startsWith(`${path}/`) || path.startsWith(`${p}/`)) return false;
  }
  ctx.links.set(path, target);
  return true;
}

const projectDirs = (ctx: GenContext) => [...ctx.levels, ...ctx.below, ...ctx.aside];

/** Memory files at random levels: ancestors of the cwd, the cwd, below it and beside it. */
const memoryFiles: Feature = {
  name: "memory files",
  p: 0.95,
  apply(ctx) {
    const r = ctx.rng;
    for (const dir of projectDirs(ctx)) {
      if (!r.chance(dir === ctx.cwd ? 0.7 : 0.4)) continue;
      const names = MEMORY_NAMES.map(([n]) => n);
      const weights = MEMORY_NAMES.map(([, w]) => w);
      for (let k = r.int(1, 3); k > 0; k--) {
        const p = j(dir, r.weighted(names, weights));
        put(ctx, p, body(ctx, p));
      }
    }
  },
};

/** Rules under `.claude/rules/` (nested folders too) in every frontmatter form, some with other suffixes. */
const rules: Feature = {
  name: "rules",
  p: 0.85,
  apply(ctx) {
    const r = ctx.rng;
    for (const dir of projectDirs(ctx)) {
      if (!r.chance(dir === ctx.cwd ? 0.6 : 0.35)) continue;
      for (let k = r.int(1, 3); k > 0; k--) {
        const sub = r.weighted(["", "sub", "x/y"], [6, 2, 1]);
        const ext = r.weighted([".md", ".MD", ".txt", ".markdown"], [20, 0.5, 0.5, 0.3]);
        const p = j(dir, ".claude/rules", sub, `${r.pick(["style", "ts", "docs", "test", "api"])}${k}${ext}`);
        let text = body(ctx, p);
        if (r.chance(0.6)) {
          const forms = FRONTMATTER.map(([f]) => f);
          const fm = r.weighted(
            forms,
            FRONTMATTER.map(([, w]) => w),
          )(r.pick(GLOBS), r.pick(GLOBS));
          const fence = r.weighted(
            FENCES.map(([f]) => f),
            FENCES.map(([, w]) => w),
          );
          text = fence(fm) + text.replace(/^---\n[\s\S]*?\n---\n/, "");
        }
        put(ctx, p, text);
      }
    }
  },
};

/** Plain files: read targets (sources the globs match) and import targets (docs, non-text, outside). */
const plainFiles: Feature = {
  name: "plain files",
  p: 1,
  apply(ctx) {
    const r = ctx.rng;
    for (const dir of projectDirs(ctx)) {
      for (let k = r.int(0, 2); k > 0; k--) {
        const p = j(
          dir,
          r.pick(["src/x.ts", "src/y/z.ts", "x.ts", "lib/w.js", "n.md", "docs/n.md", "b/q.ts"]),
        );
        put(ctx, p, `content of ${p}\n`);
      }
    }
    for (let k = r.int(0, 3); k > 0; k--) {
      const p = j(r.pick(projectDirs(ctx)), "docs", r.pick(["guide.md", "api.md", "style.md", "notes"]));
      put(ctx, p, body(ctx, p));
    }
    if (r.chance(0.3)) {
      const p = j(ctx.base, "docs", r.pick(["notes.txt", "logo.png", "data.json", "Makefile", "run.sh"]));
      put(ctx, p, `non-markdown ${p}\n`);
    }
    if (r.chance(0.35)) put(ctx, j("ext", r.pick(["e.md", "shared.md"])), body(ctx, "ext"));
  },
};

/** A chain of imports longer than the hop limit, or a cycle. */
const chains: Feature = {
  name: "import chains and cycles",
  p: 0.3,
  apply(ctx) {
    const r = ctx.rng;
    const dir = j(r.pick(projectDirs(ctx)), "chain");
    if (r.chance(0.6)) {
      const n = r.int(3, 7);
      for (let i = 1; i <= n; i++) {
        put(ctx, j(dir, `h${i}.md`), `hop ${i} of ${dir}\n${i < n ? `@h${i + 1}.md\n` : ""}`);
      }
    } else {
      put(ctx, j(dir, "c1.md"), `cycle one\n@c2.md\n`);
      put(ctx, j(dir, "c2.md"), `cycle two\n@c1.md @./c1.md\n`);
    }
    // Reached from a memory file of a launch level (or a new CLAUDE.md there).
    const start = j(dir, ctx.files.has(j(dir, "h1.md")) ? "h1.md" : "c1.md");
    const from =
      [...ctx.files.keys()].find(
        (p) => /(^|\/)(CLAUDE|AGENTS)\.md$/.test(p) && ctx.levels.includes(dirOf(p)),
      ) ?? j(r.pick(ctx.levels), "CLAUDE.md");
    const rel = posix.relative(dirOf(from), start);
    ctx.files.set(from, `${ctx.files.get(from) ?? `Memory of ${from}.\n`}@${rel}\n`);
  },
};

/** Symlinks: rule files and rule folders into and out of the cwd, a linked memory file, a loop, a doc alias. */
const symlinks: Feature = {
  name: "symlinks",
  p: 0.35,
  apply(ctx) {
    const r = ctx.rng;
    for (let k = r.int(1, 3); k > 0; k--) {
      const dir = r.pick(projectDirs(ctx));
      const kind = r.pick(["rule-file", "rule-dir", "memory", "loop", "doc"]);
      const abs = r.chance(0.3);
      const target = (from: string, to: string) => (abs ? `<R>/${to}` : posix.relative(dirname(from), to));
      if (kind === "rule-file") {
        const to = j(r.pick([ctx.base, "ext", ...projectDirs(ctx)]), "shared", `r${k}.md`);
        put(ctx, to, body(ctx, to));
        const from = j(dir, ".claude/rules", `link${k}.md`);
        link(ctx, from, target(from, to));
      } else if (kind === "rule-dir") {
        const to = j(r.pick([ctx.base, "ext"]), "shared", `dir${k}`);
        put(ctx, j(to, "inner.md"), body(ctx, j(to, "inner.md")));
        const from = j(dir, ".claude/rules", `linkdir${k}`);
        link(ctx, from, target(from, to));
      } else if (kind === "memory") {
        const to = j(dir, "real", "CLAUDE.md");
        put(ctx, to, `${body(ctx, to)}@near.md\n`);
        put(ctx, j(dir, "real", "near.md"), `near ${to}\n`);
        const from = j(dir, r.pick(["CLAUDE.md", "AGENTS.md", ".claude/CLAUDE.md"]));
        link(ctx, from, target(from, to));
      } else if (kind === "loop") {
        link(ctx, j(dir, ".claude/rules", "loop"), ".");
      } else {
        const to = [...ctx.files.keys()].filter((p) => p.endsWith(".md"));
        if (to.length === 0) continue;
        const from = j(dir, "docs", `alias${k}.md`);
        if (link(ctx, from, target(from, r.pick(to)))) ctx.readable.add(from);
      }
    }
  },
};

/** How an import token is written around its path. */
const IMPORT_CONTEXTS: readonly [(t: string) => string, number][] = [
  [(t) => `See @${t}`, 6],
  [(t) => `@${t}`, 4],
  [(t) => `See @${t}.`, 1],
  [(t) => `Also @${t}, and more`, 1],
  [(t) => `Read @${t}: it matters`, 0.5],
  [(t) => `(@${t})`, 0.5],
  [(t) => `@${t}#section`, 0.5],
  [(t) => `Run \`@${t}\` now`, 1],
  [(t) => `\`\`\`\n@${t}\n\`\`\``, 1],
  [(t) => `    @${t}`, 0.4],
  [(t) => `<!-- @${t} -->`, 1],
  [(t) => `<!-- x --> @${t}`, 0.4],
  [(t) => `- item @${t}`, 1],
  [(t) => `# Head @${t}`, 0.5],
  [(t) => `mail me@${t}`, 0.3],
  [(t) => `\\@${t}`, 0.3],
  [(t) => `> quote @${t}`, 0.3],
];

/** `@` imports between the files already generated, written relative, `./`, absolute or `~/`. */
const imports: Feature = {
  name: "imports",
  p: 0.8,
  apply(ctx) {
    const r = ctx.rng;
    const all = [...ctx.files.keys(), ...ctx.links.keys()];
    const importers = all.filter((p) => ctx.files.has(p) && /\.md$/i.test(p));
    if (importers.length === 0) return;
    // Importers at a launch level matter most (their imports load at launch): pick them more often.
    const atLevel = importers.filter((p) =>
      ctx.levels.some((l) => dirOf(p) === l || dirOf(p).startsWith(j(l, ".claude"))),
    );
    for (let k = r.int(1, 6); k > 0; k--) {
      const from = atLevel.length > 0 && r.chance(0.6) ? r.pick(atLevel) : r.pick(importers);
      const kind = r.weighted(["file", "missing", "dir"], [10, 1.5, 0.5]);
      const to =
        kind === "file"
          ? r.pick(all)
          : kind === "missing"
            ? j(dirOf(from), `missing${k}.md`)
            : r.pick(projectDirs(ctx).filter((d) => d !== "")) || "docs";
      const rel = posix.relative(dirOf(from), to) || ".";
      const form = r.weighted(["rel", "dot", "abs", "tilde"], [6, 1, 1.5, 1.2]);
      const token =
        form === "abs"
          ? `<R>/${to}`
          : form === "tilde"
            ? `~/${posix.relative(ctx.home, to)}`
            : form === "dot" && !rel.startsWith("..")
              ? `./${rel}`
              : rel;
      const line = r.weighted(
        IMPORT_CONTEXTS.map(([f]) => f),
        IMPORT_CONTEXTS.map(([, w]) => w),
      )(token);
      const text = ctx.files.get(from) ?? "";
      const lines = text.split("\n");
      const at = r.int(0, Math.max(0, lines.length - 1));
      if (r.chance(0.3) && lines[at] !== undefined && lines[at] !== "") lines[at] = `${lines[at]} ${line}`;
      else lines.splice(at === 0 && text.startsWith("---") ? lines.length - 1 : at + 1, 0, line);
      ctx.files.set(from, lines.join("\n"));
    }
  },
};

/** CRLF line endings and byte order marks on a few files. */
const encodings: Feature = {
  name: "line endings and byte order marks",
  p: 0.3,
  apply(ctx) {
    const r = ctx.rng;
    for (const p of ctx.files.keys()) {
      if (r.chance(0.15)) ctx.crlf.add(p);
      if (r.chance(0.08)) ctx.bom.add(p);
    }
  },
};

/**
 * The user layer: `$CLAUDE_CONFIG_DIR` (`.cfg` at the root, as the harness sets it) with a CLAUDE.md and
 * unscoped and scoped rules; the harness runs the model in the user view with the same home and config dir.
 */
const userLayer: Feature = {
  name: "the user layer under $CLAUDE_CONFIG_DIR",
  p: 0.3,
  apply(ctx) {
    const r = ctx.rng;
    if (r.chance(0.7)) {
      const docs = [...ctx.files.keys()].filter((f) => f.endsWith(".md") && !f.startsWith(".cfg/"));
      const imp = docs.length > 0 && r.chance(0.4) ? `@~/../${r.pick(docs)}\n` : "";
      put(ctx, ".cfg/CLAUDE.md", `${body(ctx, ".cfg/CLAUDE.md")}${imp}`, false);
    }
    for (let i = r.int(1, 2); i > 0; i--) {
      const p = `.cfg/rules/${r.pick(["u", "user", "z"])}${i}.md`;
      const text = r.chance(0.5) ? `${fenced(r)}User rule ${p}.\n` : body(ctx, p);
      put(ctx, p, text, false);
    }
  },
};

/** A random frontmatter block in a random fence, over random globs. */
const fenced = (r: Rng): string =>
  r.weighted(
    FENCES.map(([f]) => f),
    FENCES.map(([, w]) => w),
  )(
    r.weighted(
      FRONTMATTER.map(([f]) => f),
      FRONTMATTER.map(([, w]) => w),
    )(r.pick(GLOBS), r.pick(GLOBS)),
  );

/** The memory files the case has, for patterns that should hit some of them. */
const memoryPaths = (ctx: GenContext) =>
  [...ctx.files.keys(), ...ctx.links.keys()].filter((f) =>
    MEMORY_NAMES.some(([n]) => f === n || f.endsWith(`/${n}`)),
  );

/**
 * Settings that change the set: `claudeMdExcludes` (absolute globs, `**` forms and misses) in the
 * project's `.claude/settings.json` or `.claude/settings.local.json` of the working directory or in the
 * user's settings, and the AGENTS.md plugin's `instructionFiles` mode in the user's settings.
 */
const settings: Feature = {
  name: "settings: claudeMdExcludes and the AGENTS.md mode",
  p: 0.3,
  apply(ctx) {
    const r = ctx.rng;
    const where = () =>
      r.weighted(
        [
          j(ctx.cwd, ".claude/settings.json"),
          j(ctx.cwd, ".claude/settings.local.json"),
          ".cfg/settings.json",
        ],
        [3, 2, 2],
      );
    const json = new Map<string, Record<string, unknown>>();
    const get = (f: string): Record<string, unknown> => {
      const o = json.get(f) ?? {};
      json.set(f, o);
      return o;
    };
    if (r.chance(0.7)) {
      const mem = memoryPaths(ctx);
      const patterns: string[] = [];
      for (let i = r.int(1, 2); i > 0; i--) {
        const target = mem.length > 0 ? r.pick(mem) : "CLAUDE.md";
        patterns.push(
          r.weighted(
            [
              `<R>/${target}`,
              `**/${target}`,
              `**/${posix.basename(target)}`,
              `<R>/${dirOf(target) || "x"}/**`,
              "**/nothing.md",
            ],
            [3, 2, 1, 1, 0.5],
          ),
        );
      }
      get(where()).claudeMdExcludes = patterns;
    }
    if (r.chance(0.4)) {
      const mode = r.weighted(
        ["claude-md-or-agents-md", "claude-md-and-agents-md", "claude-md", "managed-only"],
        [1, 3, 2, 0.5],
      );
      get(".cfg/settings.json").pluginConfigs = {
        "cc-plugin-agents-md@builtin": { options: { instructionFiles: mode } },
      };
    }
    for (const [f, v] of json) put(ctx, f, `${JSON.stringify(v, null, 2)}\n`, false);
  },
};

/**
 * Environment switches the CLI reads (CLAUDE_CODE_DISABLE_CLAUDE_MDS, CLAUDE_CODE_DISABLE_ATTACHMENTS) and
 * `--add-dir` of a directory beside the working directory, with or without
 * CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD.
 */
const switches: Feature = {
  name: "environment switches and --add-dir",
  p: 0.25,
  apply(ctx) {
    const r = ctx.rng;
    if (r.chance(0.15)) ctx.env.CLAUDE_CODE_DISABLE_CLAUDE_MDS = r.pick(["1", "true"]);
    if (r.chance(0.2)) ctx.env.CLAUDE_CODE_DISABLE_ATTACHMENTS = "1";
    if (ctx.aside.length > 0 && r.chance(0.7)) {
      const dir = r.pick(ctx.aside);
      ctx.addDirs.push(dir);
      if (!ctx.files.has(j(dir, "CLAUDE.md"))) put(ctx, j(dir, "CLAUDE.md"), body(ctx, j(dir, "CLAUDE.md")));
      if (r.chance(0.5))
        put(ctx, j(dir, ".claude/rules/added.md"), body(ctx, j(dir, ".claude/rules/added.md")), false);
      if (r.chance(0.7)) ctx.env.CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD = r.pick(["1", "true"]);
    }
  },
};

/** The generator's features, in the order they run. Append new ones at the end (see the module doc). */
/** Skill, command and subagent names: plain, namespaced-looking, cased, punctuated, one like a built-in. */
const SOURCE_NAMES = ["deploy", "lint", "Review", "a-b", "a_b", "x1", "db.migrate", "init", "Explore", "ops"];

/** A description in one of the shapes the CLI treats differently (cut, folded, quoted, missing...). */
function description(r: Rng, tag: string): string | undefined {
  return r.weighted<() => string | undefined>(
    [
      () => `Does ${tag}`,
      () => `"Quoted: ${tag}"`,
      () => `'single ${tag}'`,
      () => `>\n  Folded ${tag}\n  over lines`,
      () => `|\n  Literal ${tag}\n  two`,
      () => `${"long é ".repeat(r.int(200, 320))}${tag}`,
      () => `has: a colon ${tag}`,
      () => "",
      () => undefined,
      () => `[${tag}]`,
    ],
    [8, 1, 1, 1, 1, 1, 1, 0.6, 1, 0.5],
  )();
}

/** A source file's text: frontmatter with some of `keys` (or none, or broken), then a body. */
function sourceText(r: Rng, tag: string, name: string | undefined, extra: string[]): string {
  const shape = r.weighted(["front", "none", "broken", "empty"], [10, 1, 0.6, 0.4]);
  const bodyText = r.weighted(
    [`First line of ${tag}.\n\nMore.\n`, `\n# Heading ${tag}\nText\n`, ""],
    [4, 1, 0.5],
  );
  if (shape === "empty") return "";
  if (shape === "none") return bodyText;
  if (shape === "broken")
    return `---\nname: ${name ?? tag}\ndescription: [unclosed: ${tag}\n---\n${bodyText}`;
  const lines: string[] = [];
  if (name !== undefined) lines.push(`name: ${name}`);
  const d = description(r, tag);
  if (d !== undefined) lines.push(`description: ${d}`);
  lines.push(...extra);
  return `---\n${lines.join("\n")}\n---\n${bodyText}`;
}

/**
 * Skills, commands and subagents (issue 26): `.claude/skills/FOLDER/SKILL.md`, `.claude/commands/**.md` and
 * `.claude/agents/**.md` at the cwd and its ancestors (and aside, which the CLI does not read), and the
 * user's under `$CLAUDE_CONFIG_DIR`; names equal to or other than the folder's, duplicated across levels,
 * like a built-in's; descriptions cut, folded, quoted, missing; flags that hide an entry; scripts beside a
 * skill; a skills folder linked. Compared as the lists' entries (run.ts), not as files.
 */
const sources: Feature = {
  name: "skills, commands and subagents",
  p: 0.6,
  apply(ctx) {
    const r = ctx.rng;
    const dirs = [
      ...ctx.levels,
      ...(r.chance(0.2) ? ctx.aside.slice(0, 1) : []),
      ...(r.chance(0.3) ? [".cfg"] : []),
    ];
    for (const d of r.sample(dirs, r.int(1, Math.min(3, dirs.length)))) {
      const claude = d === ".cfg" ? ".cfg" : j(d, ".claude");
      for (let k = r.int(0, 3); k > 0; k--) {
        const folder = r.pick(SOURCE_NAMES);
        const name = r.weighted([folder, undefined, `${folder}-n`, "Other Name"], [4, 3, 1, 0.5]);
        const flags = r.weighted<string[]>(
          [[], ["disable-model-invocation: true"], ["user-invocable: false"], ["allowed-tools: Read"]],
          [8, 1, 1, 1],
        );
        const p = j(claude, "skills", folder, "SKILL.md");
        if (put(ctx, p, sourceText(r, `skill ${p}`, name, flags), false) && r.chance(0.2))
          put(ctx, j(claude, "skills", folder, "scripts/run.sh"), "#!/bin/sh\necho hi\n", false);
      }
      if (r.chance(0.1))
        put(ctx, j(claude, "skills", "empty-folder", "README.md"), "No SKILL.md here.\n", false);
      for (let k = r.int(0, 2); k > 0; k--) {
        const ns = r.weighted(["", "ops/", "ops/deep/"], [4, 2, 1]);
        const p = j(claude, "commands", `${ns}${r.pick(SOURCE_NAMES)}.md`);
        const extra = r.chance(0.2) ? ["argument-hint: <file>"] : [];
        put(ctx, p, sourceText(r, `command ${p}`, r.chance(0.1) ? "named" : undefined, extra), false);
      }
      for (let k = r.int(0, 2); k > 0; k--) {
        const sub = r.chance(0.15) ? "nested/" : "";
        const file = r.pick(SOURCE_NAMES);
        const p = j(claude, "agents", `${sub}${file}.md`);
        const tools = r.weighted<string[]>(
          [
            [],
            ["tools: Read, Grep"],
            ["tools: [Bash]"],
            ["disallowedTools: Write"],
            ["tools: Read", "disallowedTools: Read"],
          ],
          [4, 2, 1, 1, 0.5],
        );
        const name = r.weighted([file, undefined, "same-agent"], [5, 1, 1]);
        put(ctx, p, sourceText(r, `agent ${p}`, name, tools), false);
      }
    }
  },
};

/** Memory files and rules the odd-files feature may change (names as the memory-files and rules features write them). */
const ODD_TARGET = /(^|\/)(CLAUDE\.md|CLAUDE\.local\.md|AGENTS\.md|\.claude\/rules\/.*)$/;

/**
 * Odd files (issue 31): a memory file or rule whose bytes are invalid UTF-8 (a lone continuation byte, a
 * cut sequence, an overlong form), hold a NUL, or are whitespace only (tabs, CR LF, no newline); a memory
 * name or a rule that is a folder; a dangling link as a memory file. Appended last, so older seeds keep
 * their fixtures.
 */
const oddFiles: Feature = {
  name: "odd files",
  p: 0.3,
  apply(ctx) {
    const r = ctx.rng;
    const targets = [...ctx.files.keys()].filter((f) => ODD_TARGET.test(f) && !f.startsWith(".cfg/settings"));
    for (const p of r.sample(targets, Math.min(targets.length, r.int(1, 2)))) {
      const head = Buffer.from(`Odd ${p} `);
      const text = r.weighted<() => string>(
        [
          () => rawBytes(Buffer.concat([head, Buffer.from([0xff, 0x0a])])),
          () => rawBytes(Buffer.concat([head, Buffer.from([0xe2, 0x82, 0x0a, 0x41, 0x0a])])),
          () => rawBytes(Buffer.concat([head, Buffer.from([0xc0, 0xaf, 0x0a])])),
          () => rawBytes(Buffer.concat([head, Buffer.from([0x00, 0x42, 0x0a])])),
          () => " \t \n\t\n",
          () => "\r\n\r\n",
          () => "   ",
        ],
        [2, 1, 1, 1, 1, 1, 1],
      )();
      ctx.files.set(p, text);
      ctx.crlf.delete(p);
      ctx.bom.delete(p);
    }
    if (r.chance(0.4)) {
      const level = r.pick([...ctx.levels, ...ctx.below]);
      put(
        ctx,
        j(level, r.pick(["CLAUDE.md", "CLAUDE.local.md", ".claude/CLAUDE.md", ".claude/rules/dir.md"])),
        FOLDER_FILE,
        false,
      );
    }
    if (r.chance(0.3)) {
      const level = r.pick([...ctx.levels, ...ctx.below]);
      link(
        ctx,
        j(level, r.pick(["CLAUDE.md", "CLAUDE.local.md", ".claude/rules/gone.md"])),
        "gone-nowhere.md",
      );
    }
  },
};

export const FEATURES: Feature[] = [
  memoryFiles,
  rules,
  plainFiles,
  chains,
  symlinks,
  imports,
  encodings,
  userLayer,
  settings,
  switches,
  sources,
  oddFiles,
];

/**
 * Generates the case for `seed` with the given features (default {@link FEATURES}). `releases` are the
 * pinned releases to choose from (one is drawn per case unless `release` is given). Deterministic: the
 * same seed, feature list and releases give the same case.
 */
export function generateCase(
  seed: string,
  opts: { releases: readonly string[]; release?: string; features?: readonly Feature[] },
): FuzzCase {
  const r = rng(seed);
  textCounter = 0;
  const home = "home";
  const base = r.chance(0.25) ? "home/proj" : "";
  const { cwd, levels, below, aside } = drawLayout(r, base);
  const git = r.weighted<string[]>(
    [[base], [], [j(base, "a")]],
    [6, 2, cwd.startsWith(j(base, "a")) ? 2 : 0],
  );
  const ctx: GenContext = {
    rng: r,
    base,
    cwd,
    home,
    git,
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
  for (const f of opts.features ?? FEATURES) {
    if (r.chance(f.p)) f.apply(ctx);
  }
  const files: Record<string, string> = {};
  for (const [p, t] of ctx.files) {
    if (t.startsWith(RAW_BYTES) || t === FOLDER_FILE) {
      files[p] = t;
      continue;
    }
    let text = ctx.crlf.has(p) ? t.replaceAll("\r\n", "\n").replaceAll("\n", "\r\n") : t;
    if (ctx.bom.has(p)) text = `\ufeff${text}`;
    files[p] = text;
  }
  const readable = [...ctx.readable].filter((p) => ctx.files.has(p) || ctx.links.has(p));
  const reads: string[] = [];
  for (let k = r.int(1, 3); k > 0 && readable.length > 0; k--) {
    reads.push(r.chance(0.05) ? j(r.pick(projectDirs(ctx)), "src/missing.ts") : r.pick(readable));
  }
  return {
    seed,
    release,
    cwd,
    home,
    git,
    files,
    links: Object.fromEntries(ctx.links),
    env: { ...ctx.env },
    addDirs: [...ctx.addDirs],
    reads,
  };
}

/** A file's content that {@link writeCase} writes as these bytes (hex): invalid UTF-8 and the like. */
export const bytesFile = (hex: string): string => `${RAW_BYTES}${hex}`;
/** A file's content that {@link writeCase} writes as an empty folder: a folder where a file is expected. */
export const FOLDER_FILE = "\u0000dir";
