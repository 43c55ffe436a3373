import { dirname, resolve } from "node:path";
import type { Command } from "commander";
import { noInstructionFilesLine } from "../../app/cap.js";
import { runReport } from "../../app/report.js";
import { UsageError } from "../../errors.js";
import { describeWriteError, writeFilesAtomic } from "../../fs/atomic.js";
import { inside } from "../../fs/paths.js";
import { readTextFile, statSafe } from "../../fs/read.js";
import { reportData } from "../../report/html/collect.js";
import { renderReportHtml } from "../../report/html/page.js";
import { agentOption, dirArgument, resolvePlace, shownDir } from "../options.js";

/** The file `report` writes when `--out` is not given, in the current directory. */
export const DEFAULT_REPORT_FILE = "agent-context-report.html";

/**
 * The absolute path `--out` names (default {@link DEFAULT_REPORT_FILE} in `here`). Throws
 * {@link UsageError} (exit 2) when its directory is missing or not a directory, or the path is a directory.
 */
export function resolveOut(out: string | undefined, here = process.cwd()): string {
  const path = resolve(here, out ?? DEFAULT_REPORT_FILE);
  const dir = statSafe(dirname(path));
  if (!dir)
    throw new UsageError(
      `--out ${out}: directory ${dirname(path)} does not exist; create it or write elsewhere`,
    );
  if (!dir.isDirectory())
    throw new UsageError(`--out ${out}: ${dirname(path)} is not a directory; choose another path`);
  if (statSafe(path)?.isDirectory())
    throw new UsageError(
      `--out ${out ?? DEFAULT_REPORT_FILE}: is a directory; give a file name, e.g. ${DEFAULT_REPORT_FILE}`,
    );
  return path;
}

/**
 * Writes the report to `out` atomically. A write stays where it was aimed: inside the repository when `out`
 * names a path in it, else inside the folder `out` names; a symlink on the way that leads elsewhere is
 * refused (exit 2) naming where it leads. A failed write (a read-only or full disk) is one message naming
 * `out` and what to do, with nothing left behind (src/fs/atomic.ts).
 */
export function writeReport(out: string, html: string, root: string): void {
  // A name that collides with a file of the user's (`--out CLAUDE.md`) is never replaced: only an earlier
  // report (its head names agent-context) or an empty file.
  const existing = readTextFile(out);
  const collides =
    (existing.ok && existing.fileBytes > 0 && !isReport(existing.text.slice(0, 4096))) ||
    (!existing.ok && existing.reason === "too-large");
  if (collides)
    throw new UsageError(
      `${out}: exists and is not an agent-context report; left alone, nothing written — give --out a new file name, or remove the file`,
    );
  const [within, withinName] = inside(resolve(root), out)
    ? [root, `the repository ${root}`]
    : [dirname(out), `the folder ${dirname(out)}`];
  try {
    writeFilesAtomic([{ path: out, data: html }], { within, withinName });
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    const todo =
      code === "ENOSPC" || code === "EDQUOT" || code === "EFBIG"
        ? "free some space, or write elsewhere with --out"
        : "write elsewhere with --out, or make the folder writable";
    throw new UsageError(
      `${out}: cannot write the report (${describeWriteError(e)}); nothing written — ${todo}`,
    );
  }
}

/** True when the head of a file is the head of a report this command wrote (any release). */
function isReport(head: string): boolean {
  return (
    head.includes('<meta name="generator" content="agent-context">') ||
    head.includes("<title>agent-context report — ")
  );
}

/**
 * Registers `agent-context report [DIR] [--out FILE] [--agent NAME|all] [--base REF]`: one self-contained
 * HTML file (src/report/html/) showing every launch directory's total against the cap, a treemap of the
 * charged files, what loads on demand, lint's findings and, with a base, the change per file. Writes the
 * file atomically and prints its path. DIR is found upward as in every command (issue 29: `report` in a
 * subdirectory used to ignore the repository's `.agent-context.json`). Bad input is one
 * `agent-context:` line and exit 2, before anything is written.
 */
export function registerReport(program: Command): void {
  const cmd = dirArgument(program.command("report"))
    .description("Write a self-contained HTML report of what agents load, where the bytes go, and why")
    .option(
      "--out <file>",
      `the HTML file to write (default: ${DEFAULT_REPORT_FILE} in the current directory)`,
    )
    .option("--base <ref>", "git revision to compare each launch with, file by file");
  agentOption(cmd).action((dir: string | undefined, o: { out?: string; agent?: string; base?: string }) => {
    const { root } = resolvePlace(dir, undefined);
    const out = resolveOut(o.out);
    const run = runReport({
      root,
      ...(o.agent !== undefined ? { agent: o.agent } : {}),
      ...(o.base !== undefined ? { base: o.base } : {}),
    });
    writeReport(out, renderReportHtml(reportData(run)), root);
    if (run.noInstructionFiles) process.stderr.write(noInstructionFilesLine(shownDir(root)));
    process.stdout.write(`${out}\n`);
    process.exitCode = 0;
  });
}
