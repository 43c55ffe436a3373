import { resolve } from "node:path";
import type { Command } from "commander";
import { loadConfig } from "../../config.js";
import { UsageError } from "../../errors.js";
import { statSafe } from "../../fs/read.js";
import { DEFAULT_ROUTERS, loadIndex } from "../../router/index-build.js";
import { renderMap, routeJson } from "../../router/output.js";
import { findRoot } from "../../router/root.js";
import { routeCallWithOnRead } from "../../router/route.js";

interface RouteOpts {
  tool: string;
  cwd?: string;
  print?: boolean;
  json?: boolean;
  map?: boolean;
  cache?: boolean;
}

/** Registers `agent-context route TARGET [--tool T] [--cwd DIR] --print|--json` and `route --map`. */
export function registerRoute(program: Command): void {
  program
    .command("route")
    .description(
      "Show the rules the PreToolUse hook injects for a tool target (a path, or a command with --tool Bash)",
    )
    .argument("[target]", "file path (relative to --cwd) or, with --tool Bash, the command string")
    .option("--tool <name>", "tool name: Write, Edit, MultiEdit, NotebookEdit, Read or Bash", "Write")
    .option("--cwd <dir>", "working directory of the call (default: the current directory)")
    .option("--print", "print exactly what the hook would inject in a fresh session (default)")
    .option("--json", "print the matched rows with the trigger that fired each, as JSON")
    .option("--map", "print the domain → shard table to put in CLAUDE.md instead of the full index")
    .option("--no-cache", "do not read or write the compiled index cache")
    .action(async (target: string | undefined, opts: RouteOpts) => {
      const cwd = resolve(opts.cwd ?? process.cwd());
      if (!statSafe(cwd)?.isDirectory())
        throw new UsageError(`--cwd ${opts.cwd}: ${statSafe(cwd) ? "not a directory" : "no such directory"}`);
      const root = findRoot(cwd);
      const { config } = loadConfig(root);
      if (opts.map) {
        const idx = loadIndex(root, config.routers ?? DEFAULT_ROUTERS, { useCache: opts.cache });
        for (const p of idx.problems) process.stderr.write(`agent-context route: ${p}\n`);
        process.stdout.write(renderMap(idx));
        return;
      }
      if (target === undefined || target === "") {
        throw new UsageError("route needs a TARGET (a path, or a command with --tool Bash), or --map");
      }
      if (opts.print && opts.json) throw new UsageError("route: choose one of --print and --json");
      const tool = opts.tool;
      const input: Record<string, unknown> =
        tool === "Bash"
          ? { command: target }
          : tool === "NotebookEdit"
            ? { notebook_path: target }
            : { file_path: target };
      const r = await routeCallWithOnRead({ root, cwd, tool, input, config, useCache: opts.cache });
      for (const p of r.problems) process.stderr.write(`agent-context route: ${p}\n`);
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(routeJson(r), null, 2)}\n`);
        return;
      }
      if (!r.target)
        process.stderr.write(`agent-context route: ${target} lies outside ${root}; nothing to match\n`);
      if (r.unlowerable.length > 0) {
        process.stderr.write(
          `agent-context route: always on, not routed (declared un-lowerable): ${r.unlowerable.join(", ")}\n`,
        );
      }
      if (r.injection.text) process.stdout.write(`${r.injection.text}\n`);
    });
}
