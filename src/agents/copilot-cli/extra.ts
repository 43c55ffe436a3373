/** What Copilot's on-demand session and verify prediction need from a launch beyond the snapshot. */
import type { Snapshot } from "../../model/index.js";
import { type CopilotInstructionFile, copilotLaunch, LAUNCH_EXTRA } from "./launch.js";

/**
 * The path-scoped instruction files (the table rows) and the git root of a snapshot made by the
 * copilot-cli model's launch; for any other snapshot (a copy, a test double), those of
 * `copilotLaunch` of its root and cwd, recomputed.
 */
export function copilotLaunchExtra(snapshot: Snapshot): {
  scoped: CopilotInstructionFile[];
  gitRoot: string;
  /** `--no-custom-instructions`: nothing attaches on read either. */
  off?: boolean;
  /** The custom folders' `AGENTS.md` rows and the child folders' rows (the user view's environment). */
  lists?: { agentsRows: string[]; childRows: string[] };
} {
  const known = LAUNCH_EXTRA.get(snapshot);
  if (known) return known;
  const r = copilotLaunch({ root: snapshot.root, cwd: snapshot.cwd });
  return { scoped: r.scoped, gitRoot: r.gitRoot };
}
