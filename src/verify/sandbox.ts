/**
 * The copy a verify run happens in: an allowlist of the repository's instruction files, each a regular
 * file, and nothing that could run code or steer the CLI elsewhere.
 *
 * What may be copied (the allowlist of places): a path with no segment that starts with "." (`CLAUDE.md`,
 * `docs/style.md`), or a path some registered agent's runner names as instruction text below a dotted folder
 * (`.claude/rules/*.md`, `.github/instructions/*.instructions.md`; `instructionFile`), or a file some
 * registered agent's runner reads for an entry of a list it sends (`listedSource`: `.claude/skills/NAME/SKILL.md`,
 * `.claude/agents/*.md`, `.claude/commands/…/*.md`, `.codex/skills/…/SKILL.md`...), or this agent's
 * settings file (`settingsFile`), which is re-written from an allowlist of keys (`rewriteSettings`), never
 * copied. Nothing else — `.mcp.json`, `.lsp.json`, hooks, plugins, marketplaces, the scripts and assets of
 * a skill folder, output styles, `.env`, `.gemini/extensions/`, `.vscode/`, a `.git` file's target — is
 * ever written, whatever its name or link. At most {@link SANDBOX_MAX_SOURCES} listed-source files are
 * copied: a repository with more makes the run incomplete.
 *
 * What is copied, among those places (the candidates): the files the model says the agent reads (its
 * launch on the repository: items, rules, memory, skipped memory, import targets; and what each `--read`
 * attaches), the `--read` targets, every file named as a registered agent's memory file or accepted as an
 * instruction location anywhere in the repository, and every file any copied file names with an `@path`
 * token (transitively; a deliberately generous scan independent of the model's own parsing). So a model
 * that misses a file or an import cannot hide it from the CLI: the file is in the copy, the CLI loads it,
 * and the run disagrees. What the allowlist keeps out is listed in `notCopied`, for both sides alike.
 *
 * How each is copied: its real path must lie inside the repository's real root (not /proc, /sys, /dev);
 * it is opened without following a link and without blocking, and must be a regular file of at most
 * {@link SANDBOX_MAX_FILE_BYTES}; it is written as a new regular file (mode 0600) at the place it was
 * named by, so links never reach the copy. A `.git` directory or file becomes an empty git directory
 * (HEAD, objects, refs; nothing of the repository's, no config, no hooks), written without running git.
 * `node_modules` is not entered. Every bound reached is named in `limits`: the run is then incomplete.
 */
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  realpathSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, isAbsolute, join, posix, relative } from "node:path";
import { UsageError } from "../errors.js";
import { inside, relativeInside, toPosix } from "../fs/paths.js";
import type { VerifyRunner } from "../model/index.js";
import { machineView } from "./place.js";
import { nestingDepth, SETTINGS_MAX_DEPTH } from "./settings.js";

/** Directory entries one sandbox walk visits at most. */
export const SANDBOX_MAX_ENTRIES = 200_000;
/** Folders deep one walk goes at most. */
export const SANDBOX_MAX_DEPTH = 64;
/** Files one sandbox copies at most. */
export const SANDBOX_MAX_FILES = 5_000;
/** Skill, subagent and command files one sandbox copies at most (the corpus's largest lists hold under 100). */
export const SANDBOX_MAX_SOURCES = 2_000;
/** Largest file copied, in bytes (64 MiB: every agent's own limits lie below it). */
export const SANDBOX_MAX_FILE_BYTES = 64 * 1024 * 1024;

/** A candidate the copy left out, and why (printed; the path is relative to the root). */
export interface NotCopied {
  file: string;
  why: string;
}

export interface Sandbox {
  /** Copied paths relative to the root (POSIX), in copy order; settings as re-written. */
  files: string[];
  /** Candidates the allowlist or a check kept out. */
  notCopied: NotCopied[];
  /** Walk or copy bounds that were reached, as sentences (empty: none). */
  limits: string[];
}

export interface SandboxOptions {
  /** The repository's real root. */
  root: string;
  /** Where the copy is written (an empty directory). */
  copyRoot: string;
  /** Memory file names of every registered agent. */
  memoryNames: ReadonlySet<string>;
  /** True for instruction-text places below dotted folders (any registered agent's runner). */
  instructionFile: (rel: string) => boolean;
  /**
   * True for the files some registered agent's runner reads for a list entry (`listedSource`): skills'
   * `SKILL.md`, subagents', commands'. Absent: none is copied.
   */
  listedSource?: (rel: string) => boolean;
  /** This run's runner: its settings files and how they are re-written. */
  runner: Pick<VerifyRunner, "settingsFile" | "rewriteSettings">;
  /** Places relative to the root (POSIX) that must be copied: the `--read` targets (checked copyable). */
  reads: readonly string[];
  /**
   * The model's files: called once the walk has bounded every settings file, so the model never parses
   * one this copy would refuse. Paths relative to the root (POSIX); anything else is ignored.
   */
  seeds: () => readonly string[];
}

/**
 * True when a copy may hold `rel` (relative to the root, POSIX): no segment starts with "." or the place is
 * an instruction location some runner names (`instructionFile`).
 */
export function copyablePlace(rel: string, instructionFile: (rel: string) => boolean): boolean {
  if (rel === "" || isAbsolute(rel)) return false;
  const parts = rel.split("/");
  if (parts.some((p) => p === "" || p === "." || p === "..")) return false;
  return parts.every((p) => !p.startsWith(".")) || instructionFile(rel);
}

/** An `@path` token anywhere in a text (also in comments and code: generous on purpose). */
const IMPORT_TOKEN = /@([^\s`'"<>()[\]{}]+)/g;

/** Paths (relative to the root) the `@` tokens of a file at `rel` may name. */
function importTargets(text: string, rel: string, root: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT_TOKEN)) {
    const token = (m[1] ?? "").replace(/#.*$/, "");
    for (const candidate of new Set([token, token.replace(/[.,:;!?]+$/, "")])) {
      if (candidate === "" || candidate.startsWith("~")) continue;
      const target = isAbsolute(candidate)
        ? relativeInside(root, candidate)
        : relativeInside(root, join(root, dirname(rel), candidate));
      if (target) out.push(toPosix(target));
    }
  }
  return out;
}

/** An empty git directory: what the CLIs look for, with nothing of the repository's. */
export function emptyGitDir(dir: string): void {
  for (const d of ["objects", "refs/heads", "refs/tags"])
    mkdirSync(join(dir, d), { recursive: true, mode: 0o700 });
  writeFileSync(join(dir, "HEAD"), "ref: refs/heads/main\n", { mode: 0o600 });
  writeFileSync(join(dir, "config"), "[core]\n\trepositoryformatversion = 0\n\tbare = false\n", {
    mode: 0o600,
  });
}

/** True when something (a file, a folder, a link) is at `p`; no link is followed at its end. */
function present(p: string): boolean {
  try {
    return lstatSync(p, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}

type Opened = { bytes: Buffer } | { why: string } | { limit: string } | undefined;

/**
 * The bytes of the regular file at `rel`, read through its real path checked to lie inside `root`;
 * undefined when there is nothing there, `why` when the file is kept out, `limit` when a bound cut it.
 */
function openInside(root: string, rel: string): Opened {
  let real: string;
  try {
    real = realpathSync(join(root, rel));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    return { why: code === "ELOOP" ? "a link loop" : `cannot be resolved (${code})` };
  }
  if (!inside(root, real) || machineView(real)) return { why: "its real path leaves the repository" };
  let fd: number | undefined;
  try {
    fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
    const st = fstatSync(fd);
    if (!st.isFile())
      return {
        why: st.isDirectory()
          ? "a folder"
          : st.isFIFO()
            ? "a fifo"
            : st.isSocket()
              ? "a socket"
              : "a special file",
      };
    if (st.size > SANDBOX_MAX_FILE_BYTES)
      return { limit: `${rel} is over ${SANDBOX_MAX_FILE_BYTES / 1024 / 1024} MiB and was not copied` };
    const bytes = Buffer.alloc(st.size);
    let n = 0;
    while (n < st.size) {
      const got = readSync(fd, bytes, n, st.size - n, n);
      if (got === 0) break;
      n += got;
    }
    return { bytes: bytes.subarray(0, n) };
  } catch (e) {
    return { why: `cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})` };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Makes the copy. Never writes outside `opts.copyRoot`, never reads outside `opts.root`. */
export function makeSandbox(opts: SandboxOptions): Sandbox {
  const { root, copyRoot } = opts;
  const limits: string[] = [];
  const notCopied: NotCopied[] = [];
  const candidates: string[] = [];
  const settings: string[] = [];
  const gitPlaces: string[] = [];
  let entries = 0;

  // The walk: every folder of the repository, through links whose real folder is inside it (never a
  // folder already on the way down: no loops), bounded in entries and depth.
  const listed = opts.listedSource ?? (() => false);
  const place = (rel: string) => opts.instructionFile(rel) || listed(rel);
  let sources = 0;
  const walk = (rel: string, real: string, chain: readonly string[]): void => {
    if (chain.length > SANDBOX_MAX_DEPTH) {
      limits.push(`the copy stopped at ${SANDBOX_MAX_DEPTH} folders deep (${rel})`);
      return;
    }
    let names: string[];
    try {
      names = readdirSync(real).sort();
    } catch {
      return;
    }
    for (const name of names) {
      if (++entries > SANDBOX_MAX_ENTRIES) {
        if (entries === SANDBOX_MAX_ENTRIES + 1)
          limits.push(`the copy stopped after ${SANDBOX_MAX_ENTRIES.toLocaleString("en")} folder entries`);
        return;
      }
      const childRel = rel === "" ? name : `${rel}/${name}`;
      const abs = join(real, name);
      let st: ReturnType<typeof lstatSync>;
      try {
        st = lstatSync(abs);
      } catch {
        continue;
      }
      if (name === ".git") {
        gitPlaces.push(rel);
        continue;
      }
      if (st.isSymbolicLink()) {
        let target: string | undefined;
        try {
          target = realpathSync(abs);
          if (statSync(target).isDirectory()) {
            if (name !== "node_modules" && inside(root, target) && !chain.includes(target))
              walk(childRel, target, [...chain, target]);
            continue;
          }
        } catch {
          // a broken link or a loop: a candidate by its name, refused when copied
        }
      } else if (st.isDirectory()) {
        if (name !== "node_modules") walk(childRel, abs, [...chain, abs]);
        continue;
      }
      if (opts.runner.settingsFile(childRel)) settings.push(childRel);
      else if (opts.memoryNames.has(name) || place(childRel)) candidates.push(childRel);
    }
  };
  walk("", root, [root]);

  const files: string[] = [];
  const done = new Set<string>();
  const write = (rel: string, data: Buffer | string): boolean => {
    const dst = join(copyRoot, rel);
    try {
      mkdirSync(dirname(dst), { recursive: true, mode: 0o700 });
      writeFileSync(dst, data, { flag: "wx", mode: 0o600 });
      files.push(rel);
      return true;
    } catch (e) {
      notCopied.push({
        file: rel,
        why: `could not be written in the copy (${(e as NodeJS.ErrnoException).code})`,
      });
      return false;
    }
  };

  // Settings first: bounded before any parser (the model's included) sees them, re-written from the
  // runner's allowlist of keys.
  for (const rel of settings) {
    done.add(rel);
    const got = openInside(root, rel);
    if (got === undefined) continue;
    if ("why" in got) notCopied.push({ file: rel, why: got.why });
    else if ("limit" in got) limits.push(got.limit);
    else {
      const text = got.bytes.toString("utf8");
      const depth = nestingDepth(text);
      if (depth > SETTINGS_MAX_DEPTH)
        throw new UsageError(
          `${rel}: nested ${depth.toLocaleString("en")} levels deep; verify reads settings nested at most ${SETTINGS_MAX_DEPTH} deep (no agent setting needs more): flatten or remove it`,
        );
      const rewritten = opts.runner.rewriteSettings(rel, text);
      if (rewritten === undefined) notCopied.push({ file: rel, why: "not a settings file the CLI reads" });
      else write(rel, rewritten);
    }
  }

  const queue = [...opts.reads, ...candidates];
  for (const seed of opts.seeds()) if (relativeInside(root, join(root, seed)) === seed) queue.push(seed);
  for (let i = 0; i < queue.length; i++) {
    const rel = posix.normalize(queue[i] as string);
    if (done.has(rel)) continue;
    done.add(rel);
    if (opts.runner.settingsFile(rel)) continue;
    if (!copyablePlace(rel, place)) {
      if (present(join(root, rel)))
        notCopied.push({
          file: rel,
          why: "a dotted place that is no instruction location: verify copies none (agents read such places as configuration or code)",
        });
      continue;
    }
    if (files.length >= SANDBOX_MAX_FILES) {
      limits.push(`the copy stopped after ${SANDBOX_MAX_FILES.toLocaleString("en")} files`);
      break;
    }
    const source = !opts.memoryNames.has(posix.basename(rel)) && !opts.instructionFile(rel) && listed(rel);
    if (source && sources >= SANDBOX_MAX_SOURCES) {
      if (sources++ === SANDBOX_MAX_SOURCES)
        limits.push(
          `the copy stopped after ${SANDBOX_MAX_SOURCES.toLocaleString("en")} skill, subagent and command files (${rel} and later ones were not copied)`,
        );
      continue;
    }
    const got = openInside(root, rel);
    if (got === undefined) continue;
    if ("why" in got) {
      notCopied.push({ file: rel, why: got.why });
      continue;
    }
    if ("limit" in got) {
      limits.push(got.limit);
      continue;
    }
    if (!write(rel, got.bytes)) continue;
    if (source) sources++;
    queue.push(...importTargets(got.bytes.toString("utf8"), rel, root));
  }

  for (const rel of gitPlaces) {
    try {
      emptyGitDir(join(copyRoot, rel, ".git"));
    } catch (e) {
      notCopied.push({
        file: rel === "" ? ".git" : `${rel}/.git`,
        why: `could not be made in the copy (${(e as NodeJS.ErrnoException).code})`,
      });
    }
  }
  return { files, notCopied, limits };
}

/** `p` relative to `root` as POSIX, for callers that hold absolute paths. */
export function relPosix(root: string, p: string): string {
  return toPosix(relative(root, p));
}
