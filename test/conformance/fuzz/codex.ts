/**
 * The differential test for Codex (issues 26 and 31): random repositories and user layers over what the
 * codex model claims (src/agents/codex/, docs/findings-codex.md, docs/findings-sources-codex.md, settled on
 * @openai/codex 0.171.0), run through `codex debug prompt-input hi` and the model in the user view:
 * - the AGENTS.md chain: `AGENTS.md`, `AGENTS.override.md` and fallback names at the cwd, its ancestors up
 *   to the project root (and below and beside it, which Codex does not read), odd files (empty, whitespace,
 *   CRLF, BOM, invalid UTF-8, a folder named AGENTS.md, links inside, out of the repository and dangling);
 * - skills: `SKILL.md` in `.codex/skills` and `.agents/skills` of each level (and `.claude/skills`, which
 *   Codex does not read), `$CODEX_HOME/skills`, `~/.agents/skills`; nested folders, linked folders, names
 *   and descriptions of every shape, `agents/openai.yaml` hiding a skill, `[[skills.config]]` disabling one;
 * - what the user controls: `CODEX_HOME` (set, unset, empty), its `config.toml` (budget, fallback names,
 *   root markers, trust), a profile file with `--profile`, the global `AGENTS.md` / `AGENTS.override.md`,
 *   `-c key=value`, `-C DIR`, `--add-dir` (no effect).
 * Compared: the AGENTS.md user message byte for byte (as one "file", `<message>`) and the skills list's
 * entries in order (Codex's own `.system` skills left out). Codex attaches nothing on read: no reads.
 *
 * Features run in order; append new ones at the end so old seeds keep their fixtures.
 */
import { isAbsolute, join, resolve } from "node:path";
import { renderCodexMessage } from "../../../src/agents/codex/chain.js";
import { codex as codexCli } from "../../../src/agents/codex/index.js";
import { codexHomeOf } from "../../../src/agents/codex/launch.js";
import { codexSkillEntries } from "../../../src/agents/codex/verify.js";
import { codexVersion, runCodex } from "../../support/codex.js";
import type { FuzzAgent } from "./agents.js";
import { CODEX_FOUND_CASES } from "./found-codex.js";
import {
  body,
  drawLayout,
  type Feature,
  type FuzzCase,
  type GenContext,
  j,
  link,
  pushArgs,
  put,
  rawBytes,
  resetBodies,
} from "./generate.js";
import { type Rng, rng } from "./prng.js";
import type { Observation, Written } from "./run.js";

const dirs = (ctx: GenContext) => [...ctx.levels, ...ctx.below, ...ctx.aside];
const pickW = <T>(r: Rng, table: readonly [T, number][]): T =>
  r.weighted(
    table.map(([x]) => x),
    table.map(([, w]) => w),
  );

/** Where the case's CODEX_HOME is (relative to the root): `home/.codex` unless the case moves it. */
function codexHomeRel(ctx: GenContext): string {
  const v = ctx.env.CODEX_HOME;
  return v ? v.replace(/^<R>\//, "") : j(ctx.home, ".codex");
}

/** Odd file contents (shared list of generator-inputs.md). */
function oddText(r: Rng, tag: string): string {
  return pickW<() => string>(r, [
    [() => "", 2],
    [() => "   \n\t\n", 1],
    [() => "\r\n\r\n  \r\n", 0.7],
    [() => `\ufeffBOM ${tag}\n`, 1],
    [() => `CRLF ${tag}\r\nsecond\r\n`, 1],
    [
      () =>
        rawBytes(Buffer.concat([Buffer.from(`bad ${tag} `), Buffer.from([0x80, 0xc3]), Buffer.from("\n")])),
      1,
    ],
    [
      () =>
        rawBytes(
          Buffer.concat([
            Buffer.from(`sur ${tag} `),
            Buffer.from([0xed, 0xa0, 0x80, 0xf8, 0x88, 0x80, 0x80, 0x80]),
            Buffer.from(" end\n"),
          ]),
        ),
      0.6,
    ],
    [() => `nul ${tag}\u0000x\n`, 0.4],
    [() => `${"é".repeat(r.int(5, 40))} ${tag}\n`, 1],
  ])();
}

/** The AGENTS.md chain: every name Codex tries (and near misses) at every level, some odd. */
const agentsFiles: Feature = {
  name: "AGENTS files",
  p: 0.95,
  apply(ctx) {
    const r = ctx.rng;
    for (const dir of dirs(ctx)) {
      if (!r.chance(dir === ctx.cwd ? 0.7 : 0.45)) continue;
      for (let k = r.int(1, 2); k > 0; k--) {
        const name = pickW(r, [
          ["AGENTS.md", 6],
          ["AGENTS.override.md", 1.2],
          ["CONTEXT.md", 1],
          ["agents.md", 0.4],
          ["docs/AI.md", 0.3],
          ["CLAUDE.md", 0.4],
        ]);
        const p = j(dir, name);
        put(ctx, p, r.chance(0.2) ? oddText(r, p) : body(ctx, p), false);
      }
    }
  },
};

/** Links and folders where a file is expected. */
const oddPaths: Feature = {
  name: "links and folders named AGENTS.md",
  p: 0.25,
  apply(ctx) {
    const r = ctx.rng;
    for (let k = r.int(1, 2); k > 0; k--) {
      const dir = r.pick(ctx.levels);
      const kind = r.pick(["inside", "outside", "dangling", "folder", "loop"]);
      const from = j(dir, r.chance(0.8) ? "AGENTS.md" : "AGENTS.override.md");
      if (kind === "inside") {
        const to = j(ctx.base, "docs", "real-agents.md");
        put(ctx, to, body(ctx, to), false);
        link(ctx, from, r.chance(0.5) ? `<R>/${to}` : relTo(dir, to));
      } else if (kind === "outside") {
        put(ctx, "ext/agents.md", `outside text of ${from}\n`, false);
        link(ctx, from, "<R>/ext/agents.md");
      } else if (kind === "dangling") link(ctx, from, "nowhere.md");
      else if (kind === "loop") link(ctx, from, "AGENTS.md");
      else put(ctx, j(from, "inner.md"), "a folder named like the file\n", false);
    }
  },
};

function relTo(fromDir: string, to: string): string {
  const a = fromDir === "" ? [] : fromDir.split("/");
  const b = to.split("/");
  let i = 0;
  while (i < a.length && i < b.length - 1 && a[i] === b[i]) i++;
  return [...a.slice(i).map(() => ".."), ...b.slice(i)].join("/");
}

/** Skill folder names: plain, cased, punctuated, code-point order edges. */
const SKILL_NAMES = ["deploy", "lint", "Zeta", "_under", "a-b", "a_b", "db.migrate", "alpha", "é-name", "x1"];

/** A SKILL.md description in one of the shapes Codex treats differently. */
function description(r: Rng, tag: string): string | undefined {
  return pickW<() => string | undefined>(r, [
    [() => `Does ${tag}`, 8],
    [() => `"Quoted: ${tag}"`, 1],
    [() => `'single ${tag}'`, 0.6],
    [() => `>\n  Folded ${tag}\n  over lines`, 1],
    [() => `|\n  Literal ${tag}\n  two`, 1],
    [() => `${"long é ".repeat(r.int(140, 170))}${tag}`, 1],
    [() => `${"x".repeat(1024 - r.int(-2, 2))}`, 0.5],
    [() => `bad: yaml: [ ${tag}`, 0.6],
    [() => "", 0.6],
    [() => undefined, 0.8],
    [() => `  spaced   out ${tag}  `, 0.5],
  ])();
}

function skillText(r: Rng, tag: string, name: string | undefined): string {
  const shape = pickW(r, [
    ["front", 10],
    ["none", 0.8],
    ["unclosed", 0.4],
    ["empty", 0.4],
    ["crlf", 0.6],
    ["bom", 0.5],
  ]);
  const bodyText = `\n# ${tag}\nBody text, not sent.\n`;
  if (shape === "empty") return "";
  if (shape === "none") return bodyText;
  const lines: string[] = [];
  if (name !== undefined) lines.push(`name: ${name}`);
  const d = description(r, tag);
  if (d !== undefined) lines.push(`description: ${d}`);
  if (r.chance(0.15)) lines.push("metadata:\n  short-description: short one");
  const t = `---\n${lines.join("\n")}\n${shape === "unclosed" ? "" : "---\n"}${bodyText}`;
  if (shape === "crlf") return t.replaceAll("\n", "\r\n");
  if (shape === "bom") return `\ufeff${t}`;
  return t;
}

/** One skill folder below `root` (relative path of its SKILL.md returned, or undefined when taken). */
function addSkill(ctx: GenContext, root: string): string | undefined {
  const r = ctx.rng;
  const folder = r.pick(SKILL_NAMES);
  const nest = pickW(r, [
    ["", 8],
    ["group/", 1.5],
    ["group/inner/", 0.7],
  ]);
  const name = pickW<string | undefined>(r, [
    [folder, 4],
    [undefined, 3],
    [`${folder}-n`, 1],
    ["Other Name", 0.4],
    ["n".repeat(65), 0.3],
    ["n".repeat(64), 0.2],
  ]);
  const p = j(root, `${nest}${folder}`, "SKILL.md");
  if (!put(ctx, p, skillText(r, `skill ${p}`, name), false)) return undefined;
  if (r.chance(0.15)) {
    const yaml = pickW(r, [
      ["policy:\n  allow_implicit_invocation: false\n", 4],
      ["policy:\n  allow_implicit_invocation: true\n", 1],
      ["interface:\n  display_name: Shown\n  short_description: short\n", 1],
      ["policy: [broken\n", 1],
      ['policy:\n  allow_implicit_invocation: "false"\n', 0.5],
      ["", 0.5],
    ]);
    put(ctx, j(root, `${nest}${folder}`, "agents", "openai.yaml"), yaml, false);
  }
  if (r.chance(0.1))
    put(ctx, j(root, `${nest}${folder}`, "scripts", "run.sh"), "#!/bin/sh\necho hi\n", false);
  return p;
}

/**
 * Skills: `.codex/skills` and `.agents/skills` at each level of the project (and below, beside, and in
 * `.claude/skills`, which Codex does not read), the user's `$CODEX_HOME/skills` and `~/.agents/skills`.
 */
const skills: Feature = {
  name: "skills",
  p: 0.7,
  apply(ctx) {
    const r = ctx.rng;
    const roots: string[] = [];
    for (const d of ctx.levels) {
      if (r.chance(0.35)) roots.push(j(d, ".codex/skills"));
      if (r.chance(0.35)) roots.push(j(d, ".agents/skills"));
    }
    if (r.chance(0.15))
      roots.push(
        j(
          r.pick([...ctx.below, ...ctx.aside, ctx.cwd]),
          r.pick([".codex/skills", ".claude/skills", ".agent/skills"]),
        ),
      );
    if (r.chance(0.25)) roots.push(j(codexHomeRel(ctx), "skills"));
    if (r.chance(0.2)) roots.push(j(ctx.home, ".agents/skills"));
    if (roots.length === 0) roots.push(j(ctx.cwd, ".agents/skills"));
    for (const root of roots) for (let k = r.int(1, 3); k > 0; k--) addSkill(ctx, root);
    if (r.chance(0.1)) put(ctx, j(r.pick(roots), "no-skill", "README.md"), "No SKILL.md here.\n", false);
  },
};

/** Linked skill folders and skills roots: inside the repository, out of it (into the home), dangling. */
const skillLinks: Feature = {
  name: "linked skill folders",
  p: 0.2,
  apply(ctx) {
    const r = ctx.rng;
    const level = r.pick(ctx.levels);
    const kind = pickW(r, [
      ["folder", 3],
      ["root", 2],
      ["outside", 1],
      ["dangling", 0.7],
      ["file", 0.7],
    ]);
    const shared = j(ctx.base, "shared-skills");
    if (kind === "folder" || kind === "root") {
      const target = addSkill(ctx, shared);
      if (!target) return;
      const folder = target.split("/").slice(0, -1).join("/");
      if (kind === "folder") link(ctx, j(level, ".agents/skills", "linked"), `<R>/${folder}`);
      else link(ctx, j(level, r.pick([".codex/skills", ".agents/skills"])), `<R>/${shared}`);
    } else if (kind === "outside") {
      const target = addSkill(ctx, "ext/skills");
      if (target)
        link(ctx, j(level, ".codex/skills", "out"), `<R>/${target.split("/").slice(0, -1).join("/")}`);
    } else if (kind === "dangling") link(ctx, j(level, ".agents/skills", "gone"), "nowhere");
    else {
      put(
        ctx,
        j(shared, "one", "SKILL.md"),
        "---\nname: via-file-link\ndescription: linked file\n---\n",
        false,
      );
      link(ctx, j(level, ".agents/skills", "filelink", "SKILL.md"), `<R>/${j(shared, "one", "SKILL.md")}`);
    }
  },
};

const BUDGETS: readonly [number, number][] = [
  [0, 1],
  [1, 0.5],
  [7, 0.5],
  [40, 1],
  [120, 1],
  [400, 1],
  [32768, 1],
];

/**
 * The user layer: where CODEX_HOME is (set, unset, empty), its global AGENTS files, `config.toml` (budget,
 * fallback names, root markers, trust, `[[skills.config]]`), a profile file; files of other agents in the
 * home that Codex does not read.
 */
const userLayer: Feature = {
  name: "the user layer and CODEX_HOME",
  p: 0.6,
  apply(ctx) {
    const r = ctx.rng;
    const ch = codexHomeRel(ctx);
    if (r.chance(0.5)) {
      const name = r.chance(0.8) ? "AGENTS.md" : "AGENTS.override.md";
      put(ctx, j(ch, name), r.chance(0.25) ? oddText(r, name) : body(ctx, j(ch, name)), false);
      if (r.chance(0.2))
        put(ctx, j(ch, name === "AGENTS.md" ? "AGENTS.override.md" : "AGENTS.md"), body(ctx, ch), false);
    }
    if (r.chance(0.15)) put(ctx, j(ctx.home, "AGENTS.md"), "home AGENTS, not read\n", false);
    if (r.chance(0.1)) put(ctx, j(ctx.home, ".codex/instructions.md"), "legacy instructions\n", false);
    if (r.chance(0.55)) {
      const lines: string[] = [];
      if (r.chance(0.5)) lines.push(`project_doc_max_bytes = ${pickW(r, BUDGETS)}`);
      if (r.chance(0.4))
        lines.push(
          `project_doc_fallback_filenames = ${pickW(r, [
            ['["CONTEXT.md"]', 3],
            ['["CONTEXT.md", "CLAUDE.md"]', 1],
            ['["docs/AI.md"]', 0.5],
            ["[]", 0.5],
            ['["AGENTS.md"]', 0.3],
            ['[""]', 0.3],
          ])}`,
        );
      if (r.chance(0.2))
        lines.push(
          `project_root_markers = ${pickW(r, [
            ["[]", 1],
            ['[".git"]', 1],
            ['["package.json"]', 1],
            ['["package.json", ".git"]', 0.5],
          ])}`,
        );
      if (lines.some((l) => l.includes("package.json")) && r.chance(0.7))
        put(ctx, j(r.pick(ctx.levels), "package.json"), "{}\n", false);
      if (r.chance(0.25)) {
        const level = r.pick(ctx.levels);
        const trust = r.chance(0.6) ? "trusted" : "untrusted";
        lines.push(`[projects."<R>${level === "" ? "" : `/${level}`}"]`, `trust_level = "${trust}"`);
        if (trust === "trusted" && r.chance(0.7))
          put(
            ctx,
            j(r.pick(ctx.levels), ".codex/config.toml"),
            `project_doc_max_bytes = ${pickW(r, BUDGETS)}\n${r.chance(0.4) ? 'project_doc_fallback_filenames = ["CONTEXT.md"]\n' : ""}`,
            false,
          );
      } else if (r.chance(0.2))
        put(ctx, j(ctx.cwd, ".codex/config.toml"), `project_doc_max_bytes = ${pickW(r, BUDGETS)}\n`, false);
      if (r.chance(0.15))
        lines.push(
          "[[skills.config]]",
          `path = "<R>/${j(ctx.cwd, ".agents/skills/deploy/SKILL.md")}"`,
          "enabled = false",
        );
      put(ctx, j(ch, "config.toml"), `${lines.join("\n")}\n`, false);
    }
    if (r.chance(0.15)) {
      put(ctx, j(ch, "small.config.toml"), `project_doc_max_bytes = ${pickW(r, BUDGETS)}\n`, false);
      if (r.chance(0.7)) pushArgs(ctx, "--profile", "small");
    }
  },
};

/** Flags: `-c key=value` (overrides every file), `-C DIR`, `--add-dir DIR` (no effect). */
const flags: Feature = {
  name: "flags",
  p: 0.35,
  apply(ctx) {
    const r = ctx.rng;
    if (r.chance(0.5)) pushArgs(ctx, "-c", `project_doc_max_bytes=${pickW(r, BUDGETS)}`);
    if (r.chance(0.3)) pushArgs(ctx, "-c", 'project_doc_fallback_filenames=["CONTEXT.md"]');
    if (r.chance(0.15)) pushArgs(ctx, "-c", `project_root_markers=${r.pick(["[]", '["package.json"]'])}`);
    if (r.chance(0.2)) {
      const d = r.pick(ctx.aside.length > 0 ? ctx.aside : ["other"]);
      put(ctx, j(d, "AGENTS.md"), body(ctx, j(d, "AGENTS.md")), false);
      pushArgs(ctx, "--add-dir", `<R>/${d}`);
    }
    if (r.chance(0.25)) pushArgs(ctx, "-C", `<R>/${ctx.cwd}`);
  },
};

/** The Codex generator's features, in order (append new ones at the end). */
export const CODEX_FEATURES: Feature[] = [agentsFiles, oddPaths, skills, skillLinks, userLayer, flags];

/**
 * The Codex case for `seed`: a project at `proj` or `home/proj`, a working directory at its root, `a` or
 * `a/b`, a git root at the project, at `a`, none, or nested. Deterministic.
 */
export function generateCodexCase(
  seed: string,
  opts: { releases: readonly string[]; release?: string },
): FuzzCase {
  const r = rng(seed);
  resetBodies();
  const home = "home";
  const base = r.weighted(["proj", "home/proj"], [3, 1]);
  const { cwd, levels, below, aside } = drawLayout(r, base);
  const git = r.weighted<string[]>(
    [[base], [], [j(base, "a")], [base, j(base, "a/b/c")]],
    [6, 1.2, cwd.startsWith(j(base, "a")) ? 1.5 : 0, 0.7],
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
    args: [],
    levels,
    below,
    aside,
    crlf: new Set(),
    bom: new Set(),
    readable: new Set(),
  };
  const release = opts.release ?? r.pick(opts.releases);
  // Where CODEX_HOME is (set, unset: ~/.codex, empty = unset), before any feature writes into it.
  const where = r.weighted(["default", "set", "empty"], [4, 2, 0.7]);
  if (where === "set") ctx.env.CODEX_HOME = `<R>/${j(home, "cx")}`;
  else if (where === "empty") ctx.env.CODEX_HOME = "";
  for (const f of CODEX_FEATURES) if (r.chance(f.p)) f.apply(ctx);
  // CODEX_HOME must exist (else Codex stops).
  const ch = codexHomeRel(ctx);
  if (![...ctx.files.keys()].some((p) => p.startsWith(`${ch}/`))) ctx.files.set(j(ch, ".keep"), "");
  return {
    seed,
    release,
    cwd,
    home,
    git: ctx.git,
    files: Object.fromEntries(ctx.files),
    links: Object.fromEntries(ctx.links),
    env: { ...ctx.env },
    addDirs: [],
    args: [...(ctx.args ?? [])],
    reads: [],
  };
}

const sub = (w: Written, s: string) => s.replaceAll("<R>", w.root);

/** The case's environment with `<R>` replaced. */
function envOf(c: FuzzCase, w: Written): Record<string, string> {
  return Object.fromEntries(Object.entries(c.env).map(([k, v]) => [k, sub(w, v)]));
}

/** The label of the message "file" both sides report. */
const MESSAGE = "<AGENTS.md message>";

/**
 * Runs the pinned Codex on a written case: `codex [args] debug prompt-input hi` with the case's HOME and
 * CODEX_HOME, in the cwd (or the project base with `-C`). Throws when it did not print the prompt.
 */
export async function observeCodexCli(c: FuzzCase, w: Written): Promise<Observation> {
  const env = envOf(c, w);
  const args = (c.args ?? []).map((a) => sub(w, a));
  const run = await runCodex({
    cwd: args.includes("-C") ? w.root : w.cwd,
    home: w.home,
    codexHome: null,
    args,
    env,
    timeoutMs: 60_000,
  });
  if (run.code !== 0 || !run.parsed)
    throw new Error(
      `codex exited ${run.code}${run.parsed ? "" : " without the prompt"}: ${run.stderr.slice(0, 400)}`,
    );
  const launch = [{ path: join(w.root, MESSAGE), text: run.agentsMessage }];
  const entries = codexSkillEntries(run.skillsBlock ?? "").map((e) => `skills: ${e.text}`);
  return { launch, reads: [], entries };
}

/** `-c key=value` arguments (the model takes them as agent arguments). */
export function observeCodexModel(c: FuzzCase, w: Written): Observation {
  const env = envOf(c, w);
  const args = (c.args ?? []).map((a) => sub(w, a));
  const user = { home: w.home, env: { HOME: w.home, ...env } };
  const snapshot = codexCli.launch({
    root: w.root,
    cwd: w.cwd,
    view: "user",
    user,
    agentArgs: args,
  });
  // The message: the global file (outside the root, in $CODEX_HOME) then the delivered project files.
  const codexHome = codexHomeOf(user);
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(w.root, p));
  const memory = snapshot.items.filter((it) => it.kind === "memory");
  const global = memory.find((it) => abs(it.path).startsWith(`${codexHome}/`));
  const project = memory
    .filter((it) => it !== global && it.charged)
    .map((it) => snapshot.texts.get(it.path) ?? "")
    .filter((t) => t !== "");
  const globalText = global ? (snapshot.texts.get(global.path) ?? null) : null;
  const { message } = renderCodexMessage(snapshot.cwd, globalText, project);
  const entries = snapshot.items.flatMap((it) =>
    it.extra?.list === "skills" && typeof it.extra.entry === "string" ? [`skills: ${it.extra.entry}`] : [],
  );
  return { launch: [{ path: join(w.root, MESSAGE), text: message }], reads: [], entries };
}

/** Codex's fuzz agent (pinned @openai/codex, the release test/agents/package.json names). */
export const codexAgent: FuzzAgent = {
  model: codexCli,
  releases: () => [codexVersion()],
  modelRelease: (release) =>
    codexCli.releases.includes(release) ? release : (codexCli.releases[0] as string),
  generate: generateCodexCase,
  observeCli: observeCodexCli,
  observeModel: observeCodexModel,
  found: CODEX_FOUND_CASES,
};
