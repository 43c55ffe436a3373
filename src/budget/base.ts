/**
 * The launch at a base revision, from git objects (src/fs/revision.ts): only the files a launch can read
 * are written into the revision's temporary directory — every registered agent's memory files and
 * `launchSources` (names anywhere, folders at any level) below the root, what symlinks among them lead to,
 * and then, launch by launch, the imports the model resolved to a file the revision holds — until a launch
 * asks for nothing more. A repository's other files (sources, assets, 30,000 of them) are listed, never
 * written.
 */
import { readlinkSync } from "node:fs";
import { join, posix } from "node:path";
import { agents } from "../agents/index.js";
import { recordCut } from "../fs/cuts.js";
import { relativeInside, toPosix } from "../fs/paths.js";
import { outsideReadSnapshot } from "../fs/read.js";
import type { RevisionTree } from "../fs/revision.js";
import { WALK_MAX_ENTRIES } from "../fs/walk.js";
import type { LaunchOptions, Snapshot } from "../model/index.js";

/** Launches at most this many times while imports reveal files still to write (Claude Code: 5 hops). */
const MAX_ROUNDS = 16;
/** Symbolic links followed at most to resolve one path (Linux's limit). */
const MAX_LINKS = 40;

/** What every registered agent's launch may read, for one repository root (see AgentModel.launchSources). */
function sourceMatcher(root: string): (rootRel: string) => boolean {
  const names = new Set<string>([".agent-context.json"]);
  const paths: string[] = [];
  const folders: string[] = [];
  const add = (n: string) => {
    if (n.includes("/")) paths.push(n);
    else names.add(n);
  };
  for (const a of agents()) {
    a.memoryFileNames.forEach(add);
    const s = a.launchSources?.(root);
    s?.names.forEach(add);
    folders.push(...(s?.folders ?? []));
  }
  return (rel) =>
    names.has(posix.basename(rel)) ||
    paths.some((p) => rel === p || rel.endsWith(`/${p}`)) ||
    folders.some((f) => rel.startsWith(`${f}/`) || rel.includes(`/${f}/`));
}

/**
 * The snapshot `launch(opts)` gives for the revision's copy (`opts.root` is `tree.root`, `opts.cwd` inside
 * it), after writing what it reads. Null when the launch directory does not exist at the revision. A cut
 * met (a link leading to more files than a walk visits) is recorded (src/fs/cuts.ts).
 */
export function launchAtRevision(
  tree: RevisionTree,
  opts: LaunchOptions & { cwd: string },
  launch: (opts: LaunchOptions) => Snapshot,
): Snapshot | null {
  // The copy is written between launches: a read snapshot (report's, lint's) must not answer for it.
  return outsideReadSnapshot(() => launchInCopy(tree, opts, launch));
}

function launchInCopy(
  tree: RevisionTree,
  opts: LaunchOptions & { cwd: string },
  launch: (opts: LaunchOptions) => Snapshot,
): Snapshot | null {
  const prefix = tree.prefix ? `${tree.prefix}/` : "";
  const cwdRel = relativeInside(tree.root, opts.cwd);
  if (cwdRel === null) return null;
  const cwdTop = `${prefix}${cwdRel}`.replace(/\/$/, "");
  const at = tree.entry(cwdTop)?.type;
  if (cwdTop !== "" && at !== "tree" && at !== "commit") return null;
  const sources = () => {
    const wanted = sourceMatcher(tree.root);
    return tree.files().filter((p) => p.startsWith(prefix) && wanted(p.slice(prefix.length)));
  };
  writeWithLinks(tree, sources());
  let snapshot = launch(opts);
  for (let round = 1; round < MAX_ROUNDS; round++) {
    if (writeWithLinks(tree, [...sources(), ...importTargets(tree, snapshot)]).length === 0) break;
    snapshot = launch(opts);
  }
  return snapshot;
}

/** Top-relative places the snapshot's imports resolved to inside the revision's copy. */
function importTargets(tree: RevisionTree, snapshot: Snapshot): string[] {
  const out: string[] = [];
  for (const e of snapshot.imports) {
    const rel = relativeInside(tree.top, e.targetAbs);
    if (rel) out.push(toPosix(rel));
  }
  return out;
}

/**
 * Writes `paths` (files, or places reached through the revision's symlinks) and what the symlinks among
 * them lead to inside the revision: a file, or every file of a folder (at most the walker's entry limit,
 * else a cut). Returns what was newly written.
 */
function writeWithLinks(tree: RevisionTree, paths: readonly string[]): string[] {
  const written: string[] = [];
  let todo = [...paths];
  while (todo.length > 0) {
    const next: string[] = [];
    const direct: string[] = [];
    for (const p of todo) {
      const place = resolvePlace(tree, p, written);
      if (place === null) continue;
      direct.push(place);
      const e = tree.entry(place);
      if (e?.type === "tree") {
        const under = tree.files().filter((f) => place === "" || f.startsWith(`${place}/`));
        if (under.length > WALK_MAX_ENTRIES)
          recordCut({
            bound: "walk-entries",
            limit: WALK_MAX_ENTRIES,
            path: join(tree.top, p),
            message: `leads to ${place || "the top level"}, which holds ${under.length.toLocaleString("en-US")} files at the base revision; only the first ${WALK_MAX_ENTRIES.toLocaleString("en-US")} were read`,
          });
        direct.push(...under.slice(0, WALK_MAX_ENTRIES));
      }
    }
    for (const p of tree.write(direct)) {
      written.push(p);
      if (tree.entry(p)?.mode === "120000") next.push(p);
    }
    todo = next;
  }
  return written;
}

/**
 * The top-relative place `p` reaches in the revision, every symlink on the way followed inside it (each
 * written into the copy as it is met, and added to `written`); null when a link leads out of the
 * revision, nowhere, or through more than 40 links.
 */
function resolvePlace(tree: RevisionTree, p: string, written: string[]): string | null {
  let links = 0;
  const walk = (path: string): string | null => {
    let cur = "";
    const segs = path.split("/").filter((s) => s !== "" && s !== ".");
    for (let i = 0; i < segs.length; i++) {
      const seg = segs[i] as string;
      if (seg === "..") {
        if (cur === "") return null;
        cur = posix.dirname(cur) === "." ? "" : posix.dirname(cur);
        continue;
      }
      const next = cur ? `${cur}/${seg}` : seg;
      const e = tree.entry(next);
      if (!e) return null;
      if (e.mode === "120000") {
        if (++links > MAX_LINKS) return null;
        written.push(...tree.write([next]));
        let target: string;
        try {
          target = readlinkSync(join(tree.top, next));
        } catch {
          return null;
        }
        if (target.startsWith("/")) return null; // absolute: the same place for the working tree and the base
        const resolved = walk(posix.join(posix.dirname(next), target));
        if (resolved === null) return null;
        cur = resolved;
        continue;
      }
      cur = next;
    }
    return cur;
  };
  return walk(p);
}
