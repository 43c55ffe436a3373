// Helpers for running agent-context on ../shared/corpus (real repositories' agent files, read-only).
// The corpus copy stores each git symlink as a small text file holding the link target; `materialize`
// rebuilds such a repository in a temp directory with those files turned back into relative symlinks, so
// it can be measured as it is in git. Nothing is ever written inside the corpus or the project.
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** The corpus: $AGENT_CONTEXT_CORPUS, else ../shared/corpus beside the project. */
export const CORPUS_DIR = process.env.AGENT_CONTEXT_CORPUS
  ? resolve(process.env.AGENT_CONTEXT_CORPUS)
  : resolve(PROJECT_ROOT, "../shared/corpus");

/** Whether the corpus directory exists (a fresh clone elsewhere has none). */
export function corpusPresent() {
  return existsSync(CORPUS_DIR);
}

/**
 * The notice printed (at the start and the end of a test run) when the corpus is absent: which directory
 * was looked for, what is skipped, and how to provide it.
 */
export function corpusNotice(dir = CORPUS_DIR) {
  const rule = "─".repeat(100);
  return [
    rule,
    `CORPUS TESTS SKIPPED: no corpus at ${dir}`,
    `  Looked for ${process.env.AGENT_CONTEXT_CORPUS ? "$AGENT_CONTEXT_CORPUS" : "../shared/corpus beside this checkout"}. The corpus is the agent files of real`,
    "  repositories (read-only test data kept outside this repository). Without it the tests in test/corpus/,",
    "  test/conformance/*corpus* and test/e2e/*corpus* are skipped, so the models are checked on the",
    "  fixtures only. Clone this repository beside the shared workspace (so that ../shared/corpus exists),",
    "  or set AGENT_CONTEXT_CORPUS=DIR.",
    rule,
  ].join("\n");
}

/** Names of the corpus repositories (`owner__name` folders), sorted. Exits 2 with the notice when absent. */
export function corpusRepos() {
  if (!corpusPresent()) {
    process.stderr.write(`${corpusNotice()}\n`);
    process.exit(2);
  }
  return readdirSync(CORPUS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

/** The relative link target a stored-as-text symlink holds, or null when the file is ordinary text. */
export function storedLinkTarget(repoDir, rel) {
  const abs = join(repoDir, rel);
  const st = lstatSync(abs);
  if (!st.isFile() || st.size === 0 || st.size > 256) return null;
  const text = readFileSync(abs, "utf8");
  if (!/^[\w.][\w./-]*$/.test(text) || text.startsWith("/")) return null;
  const target = resolve(dirname(abs), text);
  if (target === abs || relative(repoDir, target).startsWith("..")) return null;
  try {
    statSync(target);
  } catch {
    return null;
  }
  return text;
}

function listFiles(dir, rel = "") {
  const out = [];
  for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...listFiles(dir, r));
    else if (e.isFile()) out.push(r);
  }
  return out;
}

/**
 * Copies corpus repository `name` into a fresh temp directory with stored-as-text symlinks restored.
 * Returns `{ dir, links, cleanup }` where `links` lists the restored symlinks (relative paths).
 */
export function materialize(name) {
  const src = join(CORPUS_DIR, name);
  const dir = mkdtempSync(join(tmpdir(), `ac-corpus-${name}-`));
  const links = [];
  for (const rel of listFiles(src)) {
    const dest = join(dir, rel);
    mkdirSync(dirname(dest), { recursive: true });
    const link = storedLinkTarget(src, rel);
    if (link) {
      symlinkSync(link, dest);
      links.push(rel);
    } else {
      cpSync(join(src, rel), dest);
    }
  }
  return { dir, links, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
