/**
 * The shrinker of the differential test: delta-debugs a disagreeing case (drops files and links in chunks,
 * then one by one, drops reads and git repositories, lines of files, moves the cwd up) while the CLI and
 * the model still disagree the same way, and prints the result as a ready-to-paste named fixture.
 */
import { posix } from "node:path";
import type { FuzzCase } from "./generate.js";
import type { Loaded, Observation } from "./run.js";

/**
 * The kind of a disagreement, stable while a case shrinks: where (launch or a read), what (loads, text,
 * label, order) and which file. Read numbers are dropped (a read may go) and so are texts (lines may go).
 */
export function signature(diff: string): string {
  const where = diff.startsWith("launch") ? "launch" : diff.startsWith("read") ? "read" : "other";
  const m = /: (the CLI loads|the model loads|text of|label of|order|message framing)\s*([^ ;:]*)/.exec(diff);
  const which = m?.[1] === "order" || m?.[1] === "message framing" ? "" : (m?.[2] ?? "");
  return `${where}|${m?.[1] ?? diff.slice(0, 40)}|${which}`;
}

function without<T>(o: Record<string, T>, keys: Set<string>): Record<string, T> {
  return Object.fromEntries(Object.entries(o).filter(([k]) => !keys.has(k)));
}

/** Smaller variants of `c`, biggest steps first. */
function* candidates(c: FuzzCase): Generator<FuzzCase> {
  const entries = [
    ...Object.keys(c.files).map((k) => `f:${k}`),
    ...Object.keys(c.links).map((k) => `l:${k}`),
  ];
  const drop = (keys: string[]): FuzzCase => {
    const f = new Set(keys.filter((k) => k.startsWith("f:")).map((k) => k.slice(2)));
    const l = new Set(keys.filter((k) => k.startsWith("l:")).map((k) => k.slice(2)));
    return {
      ...c,
      files: without(c.files, f),
      links: without(c.links, l),
      reads: c.reads.filter((r) => !f.has(r) && !l.has(r)),
    };
  };
  for (let n = 2; n < entries.length; n *= 2) {
    const size = Math.ceil(entries.length / n);
    for (let i = 0; i < entries.length; i += size) yield drop(entries.slice(i, i + size));
  }
  for (const e of entries) yield drop([e]);
  for (let i = 0; i < c.reads.length; i++) yield { ...c, reads: c.reads.filter((_, k) => k !== i) };
  for (const g of c.git) yield { ...c, git: c.git.filter((x) => x !== g) };
  if (c.cwd !== "") {
    const up = posix.dirname(c.cwd);
    yield { ...c, cwd: up === "." ? "" : up };
  }
  for (const [p, text] of Object.entries(c.files)) {
    const lines = text.split("\n");
    if (lines.length <= 1 && text.length > 0 && !text.includes("@")) {
      if (text !== "x") yield { ...c, files: { ...c.files, [p]: "x" } };
      continue;
    }
    for (let i = lines.length - 1; i >= 0; i--) {
      if (lines[i] === "" && i === lines.length - 1) continue;
      yield { ...c, files: { ...c.files, [p]: lines.filter((_, k) => k !== i).join("\n") } };
    }
  }
}

/**
 * Shrinks `c` while `stillFails` holds, testing up to `parallel` candidates at once and at most `budget`
 * candidates in all (each costs one CLI run). Returns the smallest failing case found and the runs spent.
 */
export async function shrink(
  c: FuzzCase,
  stillFails: (c: FuzzCase) => Promise<boolean>,
  opts: { budget?: number; parallel?: number } = {},
): Promise<{ case: FuzzCase; runs: number }> {
  const budget = opts.budget ?? 80;
  const parallel = opts.parallel ?? 3;
  let cur = c;
  let runs = 0;
  let progress = true;
  while (progress && runs < budget) {
    progress = false;
    const gen = candidates(cur);
    for (;;) {
      const batch: FuzzCase[] = [];
      for (let i = 0; i < parallel && runs + batch.length < budget; i++) {
        const n = gen.next();
        if (n.done) break;
        batch.push(n.value);
      }
      if (batch.length === 0) break;
      runs += batch.length;
      const ok = await Promise.all(batch.map(stillFails));
      const i = ok.indexOf(true);
      if (i >= 0) {
        cur = batch[i] as FuzzCase;
        progress = true;
        break;
      }
    }
  }
  return { case: cur, runs };
}

const rel = (root: string, l: Loaded) =>
  l.path.startsWith(`${root}/`) ? l.path.slice(root.length + 1) : l.path;

/**
 * A case and what the CLI loaded, as TypeScript source of a named fixture (test/conformance/fuzz/found.ts's
 * `FuzzFoundCase`), ready to paste. `why` becomes a comment.
 */
export function formatFixture(c: FuzzCase, root: string, cli: Observation, why: string[]): string {
  const name = `fuzz_${c.seed.replace(/[^A-Za-z0-9]+/g, "_")}_${c.release.replace(/\./g, "_")}`;
  const q = (v: unknown) => JSON.stringify(v);
  const obj = (o: Record<string, string>) =>
    `{\n${Object.entries(o)
      .map(([k, v]) => `      ${q(k)}: ${q(v)},`)
      .join("\n")}\n    }`;
  const lines = [
    "  {",
    ...why.slice(0, 6).map((w) => `    // ${w.replaceAll(root, "<R>").replaceAll("\n", "\\n")}`),
    `    name: ${q(name)},`,
    `    seed: ${q(c.seed)},`,
    `    release: ${q(c.release)},`,
    `    cwd: ${q(c.cwd)},`,
    `    home: ${q(c.home)},`,
    `    git: ${q(c.git)},`,
    `    files: ${obj(c.files)},`,
    ...(Object.keys(c.links).length ? [`    links: ${obj(c.links)},`] : []),
    ...(Object.keys(c.env).length ? [`    env: ${obj(c.env)},`] : []),
    ...(c.addDirs.length ? [`    addDirs: ${q(c.addDirs)},`] : []),
    `    reads: ${q(c.reads)},`,
    `    expect: ${q(cli.launch.map((l) => rel(root, l)))},`,
    `    expectReads: ${q(cli.reads.map((t) => t.map((l) => rel(root, l))))},`,
    "  },",
  ];
  return lines.join("\n");
}
