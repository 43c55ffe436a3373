import type { Command } from "commander";
import { HOOK_AGENT } from "../../agents/hook.js";
import { agentById } from "../../agents/index.js";
import { releaseLine } from "../../app/release.js";
import { ROUTE_TOOLS, routeMap, runRoute } from "../../app/route.js";
import { Workspace } from "../../app/workspace.js";
import { UsageError } from "../../errors.js";
import { renderMap, routeJson } from "../../router/output.js";
import { routerProblemLine } from "../../router/shard.js";
import { cwdOption, dirArgument, resolvePlace } from "../options.js";

export { ROUTE_TOOLS } from "../../app/route.js";

/** The one stderr line when no router shard exists at the configured locations. */
function noShardsLine(globs: readonly string[]): string {
  return `agent-context route: no router shards found at ${globs.join(", ")}; add one (e.g. .agent-context/routers/api.md holding a row like \`src/api/**\` | RULE-API-001 → .agent-context/rules/api/ |) or set "routers" in .agent-context.json (see docs/commands/route.md, "Router shards")\n`;
}

interface RouteOpts {
  tool: string;
  cwd?: string;
  print?: boolean;
  json?: boolean;
  map?: boolean;
  cache?: boolean;
  agentVersion?: string;
}

/**
 * Registers `agent-context route TARGET [DIR] [--tool T] [--cwd DIR] [--agent-version R] --print|--json` and
 * `route --map [DIR]` (DIR and --cwd as every command takes them: ../options.ts). R: the Claude Code release
 * whose own attachments the hook leaves out (default: the release .agent-context.json pins, else the newest verified).
 */
export function registerRoute(program: Command): void {
  const cmd = program
    .command("route")
    .description(
      "Show the rules the PreToolUse hook injects for a tool target (a path, or a command with --tool Bash)",
    )
    .argument(
      "[target]",
      "file path (relative to the current directory, like any CLI argument) or, with --tool Bash, the command string",
    );
  dirArgument(cmd);
  cwdOption(cmd)
    .option("--tool <name>", `tool name: ${ROUTE_TOOLS.join(", ")}`, "Write")
    .option("--print", "print exactly what the hook would inject in a fresh session (default)")
    .option("--json", "print the matched rows with the trigger that fired each, as JSON")
    .option("--map", "print the domain → shard table to put in CLAUDE.md instead of the full index")
    .option("--no-cache", "do not read or write the compiled index cache")
    .option(
      "--agent-version <release>",
      "the Claude Code release the hook serves (default: the release .agent-context.json pins for it, else the newest verified)",
    )
    .action(async (target: string | undefined, dir: string | undefined, opts: RouteOpts) => {
      if (!(ROUTE_TOOLS as readonly string[]).includes(opts.tool)) {
        throw new UsageError(`--tool ${opts.tool}: unknown tool; use one of ${ROUTE_TOOLS.join(", ")}`);
      }
      // `route --map DIR`: with --map there is no target, so a lone positional is DIR.
      const { root, cwd } = resolvePlace(opts.map && dir === undefined ? target : dir, opts.cwd);
      const ws = Workspace.at(root, cwd);
      if (opts.map) {
        const { index: idx, routers } = routeMap({ root, useCache: opts.cache, workspace: ws });
        for (const p of idx.problems) process.stderr.write(`agent-context route: ${routerProblemLine(p)}\n`);
        if (idx.shards.length === 0) process.stderr.write(noShardsLine(routers));
        process.stdout.write(renderMap(idx));
        return;
      }
      if (target === undefined || target === "") {
        throw new UsageError("route needs a TARGET (a path, or a command with --tool Bash), or --map");
      }
      if (opts.print && opts.json) throw new UsageError("route: choose one of --print and --json");
      const r = await runRoute({
        root,
        cwd,
        tool: opts.tool,
        target,
        useCache: opts.cache,
        workspace: ws,
        ...(opts.agentVersion !== undefined ? { release: opts.agentVersion } : {}),
      });
      const globs = r.routers;
      for (const p of r.problems) process.stderr.write(`agent-context route: ${routerProblemLine(p)}\n`);
      if (r.index.shards.length === 0) process.stderr.write(noShardsLine(globs));
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(routeJson(r), null, 2)}\n`);
        return;
      }
      // The release said whenever it is not the default (given, or pinned in the configuration), as lint does.
      if (r.release.why !== "default")
        process.stderr.write(
          `agent-context route: as the hook serves ${releaseLine(agentById(HOOK_AGENT.id), r.release)}\n`,
        );
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
