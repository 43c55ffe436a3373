/**
 * The agent-context library: one function per command (the pipelines of src/app/) and the model's types,
 * nothing else. Each function takes absolute paths (a relative one is taken from the process directory, as
 * on the command line), prints nothing, and returns what the command renders; {@link json} gives each
 * command's `--json` form, which names its schema in `$schema`. docs/api.md has one example of each.
 */
import { type CapMatrixOptions, type CapRun, isMatrix, runCapMatrix } from "./app/cap.js";
import { explainJson } from "./app/explain.js";
import { pointersJson } from "./app/pointers.js";
import { verifyJson } from "./app/verify.js";
import { capToJson } from "./report/cap-json.js";
import { lintToJson } from "./report/json.js";
import { routeJson } from "./router/output.js";

export { agents } from "./agents/index.js";
export type { CapRun } from "./app/cap.js";
export { type Explanation, explainPath as explain } from "./app/explain.js";
export { type InitResult, runInit as init } from "./app/init.js";
export { type LintRun, runLint as lint } from "./app/lint.js";
export { type PointersRun, runPointers as pointers } from "./app/pointers.js";
export { type ReportRun, runReport as report } from "./app/report.js";
export { type RouteRun, runRoute as route } from "./app/route.js";
export { type VerifyReport, verifyRepository as verify } from "./app/verify.js";
export { UsageError } from "./errors.js";
export type * from "./model/index.js";
export { VERSION } from "./version.js";

/** Options of {@link cap}: those of `cap` on the command line, with `root` for DIR. */
export interface CapApiOptions extends Omit<CapMatrixOptions, "dir" | "models"> {
  /** Repository root (absolute; a relative path is taken from the process directory). Default ".". */
  root?: string;
}

/**
 * `cap`: one run per agent and launch directory (one run without `agent: "all"` or `allCwds`), each with
 * its total, cap, items, ratchet and change against the base. `ok` on every run is exit 0.
 */
export function cap(options: CapApiOptions = {}): CapRun[] {
  const { root, ...rest } = options;
  return runCapMatrix({ ...rest, ...(root !== undefined ? { dir: root } : {}) });
}

/** The `--json` form of each command's result, as the command prints it (`$schema` first). */
export const json = {
  /** `cap --json`: one object, or an array when the options asked for several launches. */
  cap: (runs: readonly CapRun[], options: Pick<CapApiOptions, "agent" | "allCwds"> = {}) =>
    isMatrix(options) ? runs.map((r) => capToJson(r)) : capToJson(runs[0] as CapRun, { schema: true }),
  explain: explainJson,
  lint: lintToJson,
  route: routeJson,
  pointers: pointersJson,
  verify: verifyJson,
};
