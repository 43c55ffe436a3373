/**
 * The differential test for Gemini CLI: random repositories over what the gemini-cli model claims
 * (src/agents/gemini-cli/, docs/findings-gemini-cli.md, settled on @google/gemini-cli 0.61.0) — context
 * files (GEMINI.md, AGENTS.md, CLAUDE.md, a custom `context.fileName`, one with a directory) at the
 * ancestors of the working directory up to the git root (or past the home), the working directory, below
 * and beside it; the user's `~/.gemini/`; `@path` imports of every kind (nested, chains beyond the depth,
 * cycles, missing, directories, outside the project, through links, npm scopes, mentions, e-mails, URLs,
 * code spans, fences, comments, indented code, trailing punctuation); workspace and user settings
 * (`context.fileName`, `includeDirectories`, `memoryBoundaryMarkers`, `importFormat`, comments, a settings
 * file outside the working directory); `--include-directories`; symlinks; CRLF, BOM, whitespace; then
 * `read_file` and `list_directory` calls whose just-in-time context is compared block by block.
 *
 * Features run in order; append new ones at the end so old seeds keep their fixtures.
 */
import { join, posix, resolve } from "node:path";
import { parse as parseJsonc } from "jsonc-parser";
import { geminiCli } from "../../../src/agents/gemini-cli/index.js";
import { geminiSkillEntries } from "../../../src/agents/gemini-cli/verify.js";
import {
  geminiVersion,
  jitContext,
  parseBlocks,
  runGemini,
  sessionContext,
  systemContext,
  toolOutputs,
} from "../../support/gemini.js";
import type { FuzzAgent } from "./agents.js";
import { GEMINI_FOUND_CASES } from "./found-gemini.js";
import {
  body,
  dirOf,
  drawLayout,
  type Feature,
  type FuzzCase,
  type GenContext,
  j,
  link,
  pushArgs,
  put,
  RAW_BYTES,
  rawBytes,
  resetBodies,
} from "./generate.js";
import { rng } from "./prng.js";
import type { Loaded, Observation, Written } from "./run.js";

/** Context file names (the default, the names `context.fileName` may add, near misses), with weights. */
const NAMES: readonly [string, number][] = [
  ["GEMINI.md", 6],
  ["AGENTS.md", 2],
  ["CLAUDE.md", 1],
  ["CONTEXT.md", 1],
  ["gemini.md", 0.4],
  ["docs/AI.md", 0.4],
];

/** Values of `context.fileName` (string or list). */
const FILE_NAME_SETTINGS: readonly [unknown, number][] = [
  ["AGENTS.md", 3],
  [["AGENTS.md", "CONTEXT.md"], 2],
  ["CLAUDE.md", 1],
  ["docs/AI.md", 0.7],
  [["GEMINI.md"], 0.5],
  [" CONTEXT.md ", 0.3],
  [["CONTEXT.md", "AGENTS.md", "CONTEXT.md"], 0.3],
  [[], 0.3],
  ["", 0.2],
];

const dirs = (ctx: GenContext) => [...ctx.levels, ...ctx.below, ...ctx.aside];
const pickW = <T>(ctx: GenContext, table: readonly [T, number][]): T =>
  ctx.rng.weighted(
    table.map(([x]) => x),
    table.map(([, w]) => w),
  );

/** Context files of every name at every level. */
const contextFiles: Feature = {
  name: "context files",
  p: 0.97,
  apply(ctx) {
    const r = ctx.rng;
    for (const dir of dirs(ctx)) {
      if (!r.chance(dir === ctx.cwd ? 0.75 : 0.4)) continue;
      for (let k = r.int(1, 2); k > 0; k--) {
        const p = j(dir, pickW(ctx, NAMES));
        put(ctx, p, body(ctx, p), false);
      }
    }
  },
};

/** Plain files: read targets and import targets (docs, other extensions, a folder outside the project). */
const plainFiles: Feature = {
  name: "plain files",
  p: 1,
  apply(ctx) {
    const r = ctx.rng;
    for (const dir of dirs(ctx)) {
      for (let k = r.int(0, 2); k > 0; k--) {
        const p = j(dir, r.pick(["src/x.ts", "src/y/z.ts", "x.ts", "lib/w.js", "n.md", "docs/n.md"]));
        put(ctx, p, `content of ${p}\n`);
      }
    }
    for (let k = r.int(0, 3); k > 0; k--) {
      const p = j(r.pick(dirs(ctx)), "docs", r.pick(["guide.md", "api.md", "notes.txt", "data.json"]));
      put(ctx, p, body(ctx, p));
    }
    if (r.chance(0.35)) put(ctx, j("ext", r.pick(["e.md", "shared.md"])), body(ctx, "ext"));
  },
};

/** How an import token is written around its path (Gemini's scanner: `@` after whitespace). */
const CONTEXTS: readonly [(t: string) => string, number][] = [
  [(t) => `See @${t}`, 6],
  [(t) => `@${t}`, 4],
  [(t) => `\t@${t}`, 0.5],
  [(t) => `See @${t}.`, 1],
  [(t) => `Also @${t}, and more`, 1],
  [(t) => `(@${t})`, 0.5],
  [(t) => `@${t}#section`, 0.4],
  [(t) => `Run \`@${t}\` now`, 1],
  [(t) => `\`\`\`\n@${t}\n\`\`\``, 1],
  [(t) => `Run \`\`x @${t}\`\` now`, 0.3],
  [(t) => `    @${t}`, 0.5],
  [(t) => `<!-- @${t} -->`, 1],
  [(t) => `- item @${t}`, 1],
  [(t) => `mail me@${t}`, 0.3],
  [(t) => `\\@${t}`, 0.3],
  [(t) => `# Head @${t}`, 0.4],
];

/** Prose that Gemini's scanner takes as imports (or not). */
const PROSE = [
  "Use @types/node for typings.",
  "Ask @alice before merging.",
  "Write to @bob@example.com today.",
  "Scope @angular/core.",
  "Mail me@example.com please.",
  "See @https://example.com/a.md too.",
  "See @file:///etc/hostname too.",
  "Price @ 5 and @1x and @_private.",
];

function insertLine(ctx: GenContext, from: string, line: string): void {
  const r = ctx.rng;
  const text = ctx.files.get(from) ?? "";
  const lines = text.split("\n");
  const at = r.int(0, Math.max(0, lines.length - 1));
  if (r.chance(0.3) && lines[at] !== undefined && lines[at] !== "") lines[at] = `${lines[at]} ${line}`;
  else lines.splice(at + 1, 0, line);
  ctx.files.set(from, lines.join("\n"));
}

const isContextFile = (p: string) => NAMES.some(([n]) => p === n || p.endsWith(`/${n}`));

/** `@` imports between the files, in every form and context, plus prose that looks like imports. */
const imports: Feature = {
  name: "imports",
  p: 0.85,
  apply(ctx) {
    const r = ctx.rng;
    const all = [...ctx.files.keys(), ...ctx.links.keys()];
    const importers = [...ctx.files.keys()].filter((p) => /\.md$/i.test(p));
    if (importers.length === 0) return;
    const ctxFiles = importers.filter(isContextFile);
    for (let k = r.int(1, 6); k > 0; k--) {
      const from = ctxFiles.length > 0 && r.chance(0.7) ? r.pick(ctxFiles) : r.pick(importers);
      if (r.chance(0.15)) {
        insertLine(ctx, from, r.pick(PROSE));
        continue;
      }
      const kind = r.weighted(["file", "missing", "dir"], [10, 1.5, 0.5]);
      const to =
        kind === "file"
          ? r.pick(all)
          : kind === "missing"
            ? j(dirOf(from), `missing${k}.md`)
            : r.pick(dirs(ctx).filter((d) => d !== "")) || "docs";
      const rel = posix.relative(dirOf(from), to) || ".";
      const form = r.weighted(["rel", "dot", "abs", "tilde"], [6, 1.5, 1.2, 0.6]);
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

/** Chains longer than the depth limit, cycles and a self-import, reached from a context file. */
const chains: Feature = {
  name: "import chains and cycles",
  p: 0.3,
  apply(ctx) {
    const r = ctx.rng;
    const dir = j(r.pick(dirs(ctx)), "chain");
    const shape = r.weighted(["chain", "cycle", "self"], [5, 3, 1]);
    let start: string;
    if (shape === "chain") {
      const n = r.int(3, 8);
      for (let i = 1; i <= n; i++)
        put(ctx, j(dir, `h${i}.md`), `hop ${i}\n${i < n ? `@./h${i + 1}.md\n` : ""}`);
      start = j(dir, "h1.md");
    } else if (shape === "cycle") {
      put(ctx, j(dir, "c1.md"), "cycle one\n@c2.md\n");
      put(ctx, j(dir, "c2.md"), "cycle two\n@c1.md @./c1.md\n");
      start = j(dir, "c1.md");
    } else {
      put(ctx, j(dir, "GEMINI.md"), "self\n@./GEMINI.md\n", false);
      start = j(dir, "GEMINI.md");
    }
    const from =
      [...ctx.files.keys()].find((p) => isContextFile(p) && ctx.levels.includes(dirOf(p)) && p !== start) ??
      j(r.pick(ctx.levels), "GEMINI.md");
    const rel = posix.relative(dirOf(from), start);
    ctx.files.set(from, `${ctx.files.get(from) ?? `Context of ${from}.\n`}@${rel}\n`);
    if (r.chance(0.3)) ctx.files.set(from, `${ctx.files.get(from)}@${rel}\n`);
  },
};

/** Symlinks: a linked context file (one identity twice), a dangling one, a directory named GEMINI.md, a doc leaving the project. */
const symlinks: Feature = {
  name: "symlinks",
  p: 0.3,
  apply(ctx) {
    const r = ctx.rng;
    for (let k = r.int(1, 2); k > 0; k--) {
      const dir = r.pick(dirs(ctx));
      const kind = r.pick(["linked", "dangling", "dir", "out"]);
      const abs = r.chance(0.3);
      const target = (from: string, to: string) => (abs ? `<R>/${to}` : posix.relative(dirOf(from), to));
      if (kind === "linked") {
        const to = j(dir, "real", "GEMINI.md");
        put(ctx, to, `${body(ctx, to)}@near.md\n`, false);
        put(ctx, j(dir, "real", "near.md"), `near ${to}\n`);
        const from = j(r.pick(ctx.levels), r.pick(["GEMINI.md", "AGENTS.md"]));
        link(ctx, from, target(from, to));
      } else if (kind === "dangling") {
        const from = j(dir, "GEMINI.md");
        link(ctx, from, "nowhere.md");
      } else if (kind === "dir") {
        put(ctx, j(dir, "GEMINI.md", "inner.txt"), "a directory named GEMINI.md\n", false);
      } else {
        put(ctx, "ext/out.md", body(ctx, "ext/out.md"));
        const from = j(dir, "docs", `out${k}.md`);
        if (link(ctx, from, target(from, "ext/out.md"))) ctx.readable.add(from);
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

/** The user's `~/.gemini/`: GEMINI.md (importing inside and outside it), AGENTS.md, user settings. */
const userLayer: Feature = {
  name: "the user layer under ~/.gemini",
  p: 0.35,
  apply(ctx) {
    const r = ctx.rng;
    const g = j(ctx.home, ".gemini");
    if (r.chance(0.8)) {
      const imp = r.weighted(
        ["", "@./inc.md\n", "@inc.md\n", "@../proj/GEMINI.md\n", "@~/.gemini/inc.md\n"],
        [4, 2, 1, 1, 0.5],
      );
      put(ctx, j(g, "GEMINI.md"), `${body(ctx, j(g, "GEMINI.md"))}${imp}`, false);
      if (imp !== "") put(ctx, j(g, "inc.md"), `user include\n`, false);
    }
    if (r.chance(0.3)) put(ctx, j(g, "AGENTS.md"), body(ctx, j(g, "AGENTS.md")), false);
    if (r.chance(0.4))
      put(
        ctx,
        j(g, "settings.json"),
        `${JSON.stringify({ context: { fileName: pickW(ctx, FILE_NAME_SETTINGS) } })}\n`,
        false,
      );
  },
};

/**
 * Workspace settings (`<cwd>/.gemini/settings.json`, sometimes with a comment, sometimes in an ancestor
 * where the CLI does not read them): `context.fileName`, `includeDirectories`, `memoryBoundaryMarkers`,
 * `importFormat`.
 */
const settings: Feature = {
  name: "workspace settings",
  p: 0.4,
  apply(ctx) {
    const r = ctx.rng;
    const c: Record<string, unknown> = {};
    if (r.chance(0.6)) c.fileName = pickW(ctx, FILE_NAME_SETTINGS);
    if (r.chance(0.25)) {
      const list: string[] = [];
      for (const d of r.sample(ctx.aside, r.int(1, 2))) {
        list.push(posix.relative(ctx.cwd, d) || ".");
        // The folder must exist (a missing one stops the CLI: seed gx:13); no draw, so seeds keep.
        put(ctx, j(d, ".keep"), "", false);
      }
      // A missing directory here makes 0.61.0 stop ("Directory does not exist", exit 1: g061:81); the
      // parent of the cwd instead.
      if (r.chance(0.2)) list.push("..");
      c.includeDirectories = list;
    }
    if (r.chance(0.2)) {
      const markers = r.weighted<string[]>(
        [[], [".git"], ["package.json"], ["package.json", ".git"]],
        [2, 1, 2, 1],
      );
      c.memoryBoundaryMarkers = markers;
      if (markers.includes("package.json")) put(ctx, j(r.pick(ctx.levels), "package.json"), "{}\n", false);
    }
    if (r.chance(0.15)) c.importFormat = "flat";
    const where = r.chance(0.85) ? ctx.cwd : r.pick(ctx.levels);
    const json = JSON.stringify({ context: c }, null, 2);
    put(ctx, j(where, ".gemini/settings.json"), `${r.chance(0.2) ? "// workspace\n" : ""}${json}\n`, false);
  },
};

/** `--include-directories` of a directory beside the working directory, or outside the project. */
const includeDirs: Feature = {
  name: "--include-directories",
  p: 0.2,
  apply(ctx) {
    const r = ctx.rng;
    const dir = ctx.aside.length > 0 && r.chance(0.6) ? r.pick(ctx.aside) : "other";
    ctx.addDirs.push(dir);
    if (dir === "other" && r.chance(0.5)) ctx.git.push("other");
    put(ctx, j(dir, "GEMINI.md"), body(ctx, j(dir, "GEMINI.md")), false);
    put(ctx, j(dir, "sub/GEMINI.md"), body(ctx, j(dir, "sub/GEMINI.md")), false);
    put(ctx, j(dir, "sub/f.ts"), "in an included directory\n");
  },
};

/** Skill and subagent names: plain, punctuated (Gemini turns `:\\/<>*?"|` into `-`), cased, invalid for agents. */
const SOURCE_NAMES = [
  "deploy",
  "lint",
  "Beta",
  "beta",
  "a:b/c",
  "a_b",
  "x1",
  "db.migrate",
  "Bad Name",
  "_hidden",
];

/** A description of one of the shapes Gemini treats differently (never cut, never escaped). */
function sourceDescription(ctx: GenContext, tag: string): string | undefined {
  const r = ctx.rng;
  return pickW<() => string | undefined>(ctx, [
    [() => `Does ${tag}`, 8],
    [() => `"Quoted: ${tag}"`, 1],
    [() => `>\n  Folded ${tag}\n  over lines`, 1],
    [() => `Has <tags> & ampersand ${tag}`, 0.7],
    [() => `${"long é ".repeat(r.int(150, 300))}${tag}`, 0.6],
    [() => `bad: yaml: [ ${tag}\n  continued line`, 0.6],
    [() => "", 0.5],
    [() => undefined, 0.8],
  ])();
}

/** A SKILL.md or agent file: frontmatter (name, description, extra keys) or none, a body. */
function sourceFile(ctx: GenContext, tag: string, name: string | undefined, extra: string[] = []): string {
  const r = ctx.rng;
  const shape = pickW(ctx, [
    ["front", 10],
    ["none", 0.7],
    ["empty", 0.4],
    ["crlf", 0.6],
    ["bom", 0.4],
  ]);
  if (shape === "empty") return "";
  const bodyText = `\n# ${tag}\nBody, not sent at launch.\n`;
  if (shape === "none") return bodyText;
  const lines: string[] = [];
  if (name !== undefined) lines.push(`name: ${r.chance(0.1) ? `"${name}"` : name}`);
  const d = sourceDescription(ctx, tag);
  if (d !== undefined) lines.push(`description: ${d}`);
  lines.push(...extra);
  const t = `---\n${lines.join("\n")}\n---\n${bodyText}`;
  if (shape === "crlf") return t.replaceAll("\n", "\r\n");
  return shape === "bom" ? `\ufeff${t}` : t;
}

/**
 * Skills (issue 26): `SKILL.md` and `FOLDER/SKILL.md` (and two folders deep, not read) in the cwd's
 * `.gemini/skills` and `.agents/skills`, an ancestor's or a child's (not read), `.claude/skills` (not
 * read), `~/.gemini/skills`, `~/.agents/skills`; duplicate names across folders; `skills.disabled`.
 * Compared as the skills section's entries (a set: one folder's order is the file system's).
 */
const skills: Feature = {
  name: "skills",
  p: 0.5,
  apply(ctx) {
    const r = ctx.rng;
    const g = j(ctx.home, ".gemini");
    const roots = [
      j(ctx.cwd, ".gemini/skills"),
      j(ctx.cwd, ".agents/skills"),
      j(g, "skills"),
      j(ctx.home, ".agents/skills"),
      j(r.pick(dirs(ctx)), r.pick([".gemini/skills", ".claude/skills", ".agents/skills"])),
    ];
    for (const root of r.sample(roots, r.int(1, 3))) {
      for (let k = r.int(1, 3); k > 0; k--) {
        const folder = r.pick(SOURCE_NAMES.filter((n) => !/[:/ ]/.test(n)));
        const depth = pickW(ctx, [
          [`${folder}/`, 8],
          ["", 0.6],
          [`group/${folder}/`, 0.7],
        ]);
        const name = pickW<string | undefined>(ctx, [
          [folder, 4],
          [r.pick(SOURCE_NAMES), 2],
          [undefined, 1],
        ]);
        const p = j(root, `${depth}SKILL.md`);
        put(ctx, p, sourceFile(ctx, `skill ${p}`, name), false);
      }
    }
    if (r.chance(0.2)) {
      const where = j(ctx.cwd, ".gemini/settings.json");
      if (!ctx.files.has(where))
        put(
          ctx,
          where,
          `${JSON.stringify({ skills: { disabled: [r.pick(["Beta", "deploy", "LINT", "none"])] } })}\n`,
          false,
        );
    }
  },
};

/**
 * Subagents: the user's `~/.gemini/agents/*.md` (listed) and the project's `.gemini/agents/*.md` (listed
 * only once acknowledged in `~/.gemini/acknowledgments/agents.json`: never here, so they must not show).
 */
const subagents: Feature = {
  name: "subagents",
  p: 0.3,
  apply(ctx) {
    const r = ctx.rng;
    const g = j(ctx.home, ".gemini");
    for (const dir of r.sample([j(g, "agents"), j(ctx.cwd, ".gemini/agents")], r.int(1, 2)))
      for (let k = r.int(1, 2); k > 0; k--) {
        const file = r.pick(["helper", "_draft", "Review", "x-1"]);
        const name = pickW<string | undefined>(ctx, [
          [file.toLowerCase().replace(/^_/, ""), 4],
          ["Bad Name", 0.7],
          [undefined, 0.7],
        ]);
        put(ctx, j(dir, `${file}.md`), sourceFile(ctx, `agent ${dir}/${file}`, name), false);
      }
  },
};

/**
 * Extensions under `~/.gemini/extensions/<dir>/`: a manifest with `contextFileName` (missing, a string, a
 * list, a missing file, `..`), its context files, an invalid manifest, none; a workspace extension (no
 * effect); `-e NAME` / `-e none`; `extension-enablement.json`.
 */
const extensions: Feature = {
  name: "extensions",
  p: 0.3,
  apply(ctx) {
    const r = ctx.rng;
    const ext = j(ctx.home, ".gemini/extensions");
    const names: string[] = [];
    for (let k = r.int(1, 2); k > 0; k--) {
      const name = r.pick(["tools", "docs-ext", "Zed"]);
      if (names.includes(name)) continue;
      names.push(name);
      const dir = j(ext, name);
      const kind = pickW(ctx, [
        ["default", 4],
        ["string", 2],
        ["list", 1.5],
        ["missing-file", 0.7],
        ["invalid", 0.5],
        ["none", 0.4],
      ]);
      const manifest: Record<string, unknown> = { name, version: "1.0.0" };
      if (kind === "string") manifest.contextFileName = "CONTEXT.md";
      if (kind === "list") manifest.contextFileName = ["CONTEXT.md", "GEMINI.md", ""];
      if (kind === "missing-file") manifest.contextFileName = "nothere.md";
      if (kind !== "none")
        put(
          ctx,
          j(dir, "gemini-extension.json"),
          kind === "invalid" ? "{ not json\n" : `${JSON.stringify(manifest)}\n`,
          false,
        );
      put(ctx, j(dir, "GEMINI.md"), body(ctx, j(dir, "GEMINI.md")), false);
      if (kind === "string" || kind === "list")
        put(ctx, j(dir, "CONTEXT.md"), body(ctx, j(dir, "CONTEXT.md")), false);
    }
    if (r.chance(0.2)) {
      const w = j(ctx.cwd, ".gemini/extensions/ws");
      put(ctx, j(w, "gemini-extension.json"), '{"name":"ws","version":"1.0.0"}\n', false);
      put(ctx, j(w, "GEMINI.md"), "workspace extension, not loaded\n", false);
    }
    if (r.chance(0.25)) pushArgs(ctx, "-e", r.pick([...names, "none"]));
  },
};

/** The private project memory `~/.gemini/tmp/<slug>/memory/MEMORY.md` (else `GEMINI.md` there). */
const privateMemory: Feature = {
  name: "private project memory",
  p: 0.2,
  apply(ctx) {
    const r = ctx.rng;
    const slug = (ctx.cwd.split("/").at(-1) ?? "").toLowerCase().replace(/[^a-z0-9]/g, "-") || "project";
    const dir = j(ctx.home, ".gemini/tmp", r.chance(0.85) ? slug : "other", "memory");
    const name = r.chance(0.8) ? "MEMORY.md" : "GEMINI.md";
    put(ctx, j(dir, name), r.chance(0.2) ? "  \n\t\n" : body(ctx, j(dir, name)), false);
  },
};

/**
 * Odd files where Gemini reads: invalid UTF-8, NUL bytes, whitespace-only, a context file that is a link
 * to a file in the home (out of the project); custom commands (`.gemini/commands/*.toml`: no effect).
 */
const oddFiles: Feature = {
  name: "odd files and commands",
  p: 0.3,
  apply(ctx) {
    const r = ctx.rng;
    for (let k = r.int(1, 2); k > 0; k--) {
      const p = j(r.pick(ctx.levels), r.pick(["GEMINI.md", "AGENTS.md"]));
      const kind = pickW(ctx, [
        ["invalid", 2],
        ["nul", 0.7],
        ["ws", 1],
        ["home-link", 1],
      ]);
      if (kind === "invalid")
        put(
          ctx,
          p,
          rawBytes(
            Buffer.concat([
              Buffer.from(`bad ${p} `),
              Buffer.from([0x80, 0xc3, 0xed, 0xa0, 0x80]),
              Buffer.from("\n"),
            ]),
          ),
          false,
        );
      else if (kind === "nul") put(ctx, p, `nul ${p}\u0000x\n`, false);
      else if (kind === "ws") put(ctx, p, "\r\n  \t\r\n", false);
      else {
        put(ctx, j(ctx.home, "notes/linked.md"), `linked from ${p}\n`, false);
        link(ctx, p, `<R>/${j(ctx.home, "notes/linked.md")}`);
      }
    }
    if (r.chance(0.5))
      put(
        ctx,
        j(ctx.cwd, ".gemini/commands/deploy.toml"),
        'description = "Deploy"\nprompt = "Deploy it"\n',
        false,
      );
  },
};

/** The Gemini generator's features, in order (append new ones at the end). */
export const GEMINI_FEATURES: Feature[] = [
  contextFiles,
  plainFiles,
  imports,
  chains,
  symlinks,
  encodings,
  userLayer,
  settings,
  includeDirs,
  skills,
  subagents,
  extensions,
  privateMemory,
  oddFiles,
];

/**
 * The Gemini case for `seed`: a project at `proj` or `home/proj`, a working directory at its root, `a`
 * or `a/b`, a git root at the project, at `a`, at the fixture root (above the home), nested below, or
 * none; 1-3 tool calls (`read_file` of a file, `list_directory` of a directory written with a trailing
 * `/`, sometimes a missing file). Deterministic.
 */
export function generateGeminiCase(
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
    [6, 1.5, cwd.startsWith(j(base, "a")) ? 1.5 : 0, 1, 1],
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
  for (const f of GEMINI_FEATURES) if (r.chance(f.p)) f.apply(ctx);
  const files: Record<string, string> = {};
  for (const [p, t] of ctx.files) {
    let text = ctx.crlf.has(p) ? t.replaceAll("\r\n", "\n").replaceAll("\n", "\r\n") : t;
    if (ctx.bom.has(p)) text = `\ufeff${text}`;
    files[p] = t.startsWith(RAW_BYTES) ? t : text;
  }
  const readable = [...ctx.readable].filter((p) => ctx.files.has(p) || ctx.links.has(p));
  const reads: string[] = [];
  for (let k = r.int(1, 3); k > 0 && readable.length > 0; k--) {
    const roll = r.next();
    if (roll < 0.05) reads.push(j(r.pick(dirs(ctx)), "src/missing.ts"));
    else if (roll < 0.2) reads.push(`${r.pick(dirs(ctx).filter((d) => d !== "")) || base}/`);
    else reads.push(r.pick(readable));
  }
  return {
    seed,
    release,
    cwd,
    home,
    git: ctx.git,
    files,
    links: Object.fromEntries(ctx.links),
    env: {},
    addDirs: [...ctx.addDirs],
    ...(ctx.args?.length ? { args: [...ctx.args] } : {}),
    reads,
  };
}

/** The tool call of one read: `list_directory` for a path ending in `/`, else `read_file` (absolute paths). */
function toolCall(w: Written, read: string) {
  return read.endsWith("/")
    ? { functionCall: { name: "list_directory", args: { dir_path: join(w.root, read) } } }
    : { functionCall: { name: "read_file", args: { file_path: join(w.root, read) } } };
}

/**
 * Runs the pinned Gemini CLI on a written case: launch blocks (the system instruction's, labelled
 * `system`, then the first user message's, `project`; each the whole `--- Context from: …` block) and, per
 * tool call, the just-in-time blocks appended to its output.
 * @throws Error when the CLI did not play the whole script
 */
export async function observeGeminiCli(c: FuzzCase, w: Written): Promise<Observation> {
  const userFile = c.files[j(c.home, ".gemini/settings.json")];
  const run = await runGemini({
    cwd: w.cwd,
    home: w.home,
    userSettings: {
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
      ...(userFile ? (parseJsonc(userFile.replace(/^\ufeff/, "")) as Record<string, unknown>) : {}),
    },
    script: c.reads.map((r) => [toolCall(w, r)]),
    args: [...c.addDirs.flatMap((d) => ["--include-directories", join(w.root, d)]), ...(c.args ?? [])],
    env: c.env,
    timeoutMs: 120_000,
  });
  if (run.mainRequests.length !== c.reads.length + 1)
    throw new Error(
      `expected ${c.reads.length + 1} main requests, got ${run.mainRequests.length} (exit ${run.code}): ${run.stderr.slice(0, 500)}`,
    );
  const outputs = toolOutputs(run);
  if (outputs.length !== c.reads.length)
    throw new Error(`expected ${c.reads.length} tool results, got ${outputs.length}`);
  const launch: Loaded[] = [
    ...parseBlocks(systemContext(run)).map((b) => ({ path: b.path, label: "system", text: b.block })),
    ...parseBlocks(sessionContext(run)).map((b) => ({ path: b.path, label: "project", text: b.block })),
  ];
  const reads = outputs.map((o) => parseBlocks(jitContext(o)).map((b) => ({ path: b.path, text: b.block })));
  // biome-ignore lint/suspicious/noExplicitAny: API parts
  const parts: any[] = run.mainRequests[0]?.body.systemInstruction?.parts ?? [];
  const system = parts.map((p) => p.text ?? "").join("");
  const entries = geminiSkillEntries(system).map((e) => `skills: ${e.text}`);
  return { launch, reads, entries };
}

/**
 * Runs the gemini-cli model on a written case in the user view (the CLI's home, environment and
 * `--include-directories`): its top-level blocks at launch and per tool call.
 */
export function observeGeminiModel(c: FuzzCase, w: Written): Observation {
  const snapshot = geminiCli.launch({
    root: w.root,
    cwd: w.cwd,
    view: "user",
    user: { home: w.home, env: { ...c.env } },
    addDirs: c.addDirs.map((d) => join(w.root, d)),
    agentArgs: c.args ?? [],
  });
  const blocks = snapshot.items
    .filter((it) => it.importedBy === null && (it.kind === "memory" || it.kind === "extension"))
    .map((it) => ({
      path: resolve(w.root, it.path),
      label: it.reason.startsWith("user memory") ? "system" : "project",
      text: snapshot.texts.get(it.path) ?? "",
      extension: it.kind === "extension",
    }));
  // The system instruction's blocks, then the first message's: extensions' before the project's.
  const launch = [
    ...blocks.filter((b) => b.label === "system"),
    ...blocks.filter((b) => b.label !== "system" && b.extension),
    ...blocks.filter((b) => b.label !== "system" && !b.extension),
  ].map(({ extension: _e, ...b }) => b);
  const session = geminiCli.onDemand?.(snapshot);
  const reads = c.reads.map((r) => {
    if (!session) return [];
    const res = session.read(join(w.root, r));
    return res.items
      .filter((it) => it.importedBy === null)
      .map((it) => ({ path: resolve(w.root, it.path), text: res.texts.get(it.path) ?? "" }));
  });
  // The skills section's entries as a set (one folder's order is the file system's): sorted by text.
  const entries = snapshot.items
    .flatMap((it) =>
      it.kind === "skill" && typeof it.extra?.entry === "string" ? [`skills: ${it.extra.entry}`] : [],
    )
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { launch, reads, entries };
}

/** Gemini CLI's fuzz agent (pinned @google/gemini-cli, the release test/agents/package.json names). */
export const geminiAgent: FuzzAgent = {
  model: geminiCli,
  releases: () => [geminiVersion()],
  modelRelease: (release) =>
    geminiCli.releases.includes(release) ? release : (geminiCli.releases[0] as string),
  generate: generateGeminiCase,
  observeCli: observeGeminiCli,
  observeModel: observeGeminiModel,
  found: GEMINI_FOUND_CASES,
};
