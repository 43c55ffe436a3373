import type { Command } from "commander";
import { defaultAgent, selectAgentList } from "../../agents/index.js";
import { checkRelease } from "../../agents/release.js";
import { noInstructionFilesLine } from "../../app/cap.js";
import { type LintRun, runLint } from "../../app/lint.js";
import { releaseLine } from "../../app/release.js";
import { createProgress } from "../../lint/progress.js";
import { shouldColor } from "../../report/color.js";
import { renderLintOutput } from "../../report/command-output.js";
import { mark } from "../../report/terminal.js";
import {
  agentVersionOption,
  dirArgument,
  formatOptions,
  outputFormat,
  resolvePlace,
  type SharedFlags,
  shownDir,
} from "../options.js";

/**
 * Registers `agent-context lint [DIR] [--format F | --json] [--fix] [--agent IDS] [--agent-version R]` (IDS:
 * agent ids separated by commas, default every agent; DIR as every
 * command takes it: ../options.ts; R: the release of the default agent, Claude Code, whose launch set the
 * rules read, named on stderr when given). Exit 1 when any error-severity finding remains.
 */
export function registerLint(program: Command): void {
  const cmd = program
    .command("lint")
    .description(
      "Report agent-context files that fail silently (broken imports, unrecognised scopes, dead rules...)",
    );
  dirArgument(cmd);
  cmd.option("--agent <ids>", "lint for these agents only: ids separated by commas, or all (default all)");
  agentVersionOption(cmd);
  formatOptions(cmd)
    .option("--fix", "apply the safe fixes (rename globs: to paths:, quote a glob YAML cannot parse)")
    .option("--model <id>", "the session's model, where an agent's own limits depend on it")
    .action((dir: string | undefined, o: SharedFlags & { fix?: boolean }) => {
      const agents = o.agent === undefined ? undefined : selectAgentList(o.agent).map((a) => a.id);
      const format = outputFormat(o);
      const { root } = resolvePlace(dir, undefined);
      const release = o.agentVersion === undefined ? undefined : checkRelease(defaultAgent(), o.agentVersion);
      const progress = createProgress("agent-context lint", process.stderr, Date.now, mark("\r\u001b[K"));
      let result: LintRun;
      try {
        result = runLint({
          root,
          fix: o.fix === true,
          ...(agents ? { agents } : {}),
          onProgress: (l) => progress.step(l),
          ...(release ? { release } : {}),
          ...(o.model !== undefined ? { model: o.model } : {}),
        });
      } finally {
        progress.done();
      }
      // The release said whenever it is not the default (given, or pinned in the configuration).
      if (result.modelled.why !== "default")
        process.stderr.write(
          `agent-context lint: modelling ${releaseLine(defaultAgent(), result.modelled)}\n`,
        );
      for (const n of result.notFixed)
        process.stderr.write(`agent-context lint --fix: ${n.file}:${n.line}: ${n.message}\n`);
      const out = renderLintOutput(result, format, {
        color: shouldColor(process.stdout),
        rules: result.rules,
      });
      if (result.noInstructionFiles) process.stderr.write(noInstructionFilesLine(shownDir(root)));
      process.stdout.write(out.stdout);
      process.exitCode = out.exitCode;
    });
}
