import { dirname, resolve } from "node:path";
import type { Command } from "commander";
import { holdsNoInstructionFiles, noInstructionFilesLine } from "../../budget/matrix.js";
import { UsageError } from "../../errors.js";
import { writeFileAtomic } from "../../fs/atomic.js";
import { statSafe } from "../../fs/read.js";
import { collectReport } from "../../report/html/collect.js";
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
    const data = collectReport({
      root,
      ...(o.agent !== undefined ? { agent: o.agent } : {}),
      ...(o.base !== undefined ? { base: o.base } : {}),
    });
    writeFileAtomic(out, renderReportHtml(data));
    if (holdsNoInstructionFiles(root)) process.stderr.write(noInstructionFilesLine(shownDir(root)));
    process.stdout.write(`${out}\n`);
    process.exitCode = 0;
  });
}
