/**
 * The share of a conformance suite's real-CLI cases that `npm test` runs, the whole set running in the long
 * tier (test/support/long-tier.ts): a fixed, seeded subset that covers every behaviour category the cases
 * carry. The same seed gives the same subset on every machine and run, so a failure names its case.
 */
import { seededRandom } from "./random.js";

export interface SampleOptions<T> {
  /** The seed of the order the cases are drawn in. */
  seed: number;
  /** How many cases to draw (at least one per category, so more when there are more categories). */
  count: number;
  /** The behaviour categories a case exercises (e.g. the kinds of file it writes, a HOME, a link). */
  categories: (c: T) => readonly string[];
}

/**
 * A seeded subset of `cases`, in their own order: first, drawn in the seeded order, a case for each
 * category no drawn case covers yet, then more drawn cases up to `count`.
 */
export function tierSample<T>(cases: readonly T[], opts: SampleOptions<T>): T[] {
  const rand = seededRandom(opts.seed);
  const order = cases.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = rand(i + 1);
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  const picked = new Set<number>();
  const covered = new Set<string>();
  for (const i of order) {
    const cats = opts.categories(cases[i] as T);
    if (cats.some((c) => !covered.has(c))) {
      picked.add(i);
      for (const c of cats) covered.add(c);
    }
  }
  for (const i of order) {
    if (picked.size >= opts.count) break;
    picked.add(i);
  }
  return cases.filter((_, i) => picked.has(i));
}

/** The kind of a fixture file: a memory file by its name, a rule, or any other file by its extension. */
function fileKind(p: string): string {
  const name = p.split("/").pop() ?? p;
  if (p.includes(".claude/rules/")) return "rule";
  if (p.includes(".github/instructions/")) return "instructions";
  if (/^(CLAUDE|CLAUDE\.local|AGENTS|GEMINI|copilot-instructions)\.md$/i.test(name))
    return `${p.split("/").length > 2 || !p.startsWith(".") ? (p.includes("/") ? "nested " : "") : ""}${p.includes(".claude/") ? ".claude/" : ""}${name}`;
  return `other${name.includes(".") ? name.slice(name.lastIndexOf(".")) : ""}`;
}

/** A fixture table as the suites write them (./fixture.ts, ./codex-layout.ts). */
export interface FixtureLike {
  files?: Record<string, unknown>;
  links?: Record<string, string>;
  git?: string[] | boolean;
  home?: string | Record<string, unknown>;
  cwd?: string;
  run?: unknown[];
  views?: unknown[];
}

/**
 * The categories of a fixture table: each file's kind (memory file by name, rule, other file by
 * extension), an import, front matter, a link, an empty folder, git (or none), a HOME and its files' kinds,
 * a launch folder below the root, a command run after writing, reads during the session.
 */
export function fixtureCategories(c: FixtureLike): string[] {
  const out = new Set<string>();
  const add = (files: Record<string, unknown>, prefix: string) => {
    for (const [p, text] of Object.entries(files)) {
      if (text && typeof text === "object" && !Buffer.isBuffer(text)) {
        out.add(`${prefix}${Object.keys(text)[0]}`);
        continue;
      }
      out.add(`${prefix}${fileKind(p)}`);
      if (typeof text === "string" && /(^|\s)@\S/.test(text)) out.add(`${prefix}import`);
      if (typeof text === "string" && text.startsWith("---")) out.add(`${prefix}frontmatter`);
    }
  };
  add(c.files ?? {}, "");
  if (c.home && typeof c.home === "object") add(c.home, "home ");
  if (c.links && Object.keys(c.links).length) out.add("link");
  if (Array.isArray(c.git) && c.git.length) out.add("git");
  if (c.git === false) out.add("no git");
  if (c.home) out.add("home");
  if (c.cwd && c.cwd !== ".") out.add("cwd");
  if (c.run?.length) out.add("run");
  if (c.views?.length) out.add("reads");
  return [...out];
}

/** Each front-matter line of a fixture's files (`applyTo: '**'`, `paths: "src/**"`): one category a form. */
export function frontMatterForms(files: Record<string, unknown> = {}): string[] {
  const out = new Set<string>();
  for (const text of Object.values(files)) {
    if (typeof text !== "string" || !text.startsWith("---\n")) continue;
    const end = text.indexOf("\n---", 3);
    for (const line of text.slice(4, end < 0 ? undefined : end).split("\n"))
      out.add(`front matter ${line.trim()}`);
  }
  return [...out];
}
