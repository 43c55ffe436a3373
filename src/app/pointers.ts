/**
 * The `pointers` pipeline: the pointer agent's release, the pointer set planned for a harness's config
 * directory and written all-or-nothing unless `dryRun` (src/pointers/), and its JSON form. Nothing here
 * prints.
 */
import { checkRelease } from "../agents/release.js";
import {
  generatePointers,
  type PointersOptions,
  type PointersResult,
  pointerAgent,
} from "../pointers/index.js";
import { schemaUrl } from "../version.js";

/** The options of {@link runPointers}: the pipeline's own (src/pointers/), the release included. */
export type PointersRunOptions = PointersOptions;

export interface PointersRun extends PointersResult {
  /** The pointer agent's display name. */
  agentName: string;
  /** The release given (checked), or undefined. */
  release: string | undefined;
  /** The release modelled. */
  agentVersion: string;
  dryRun: boolean;
}

/** Runs `pointers`. Throws UsageError for an unknown release and what generatePointers refuses. */
export function runPointers(opts: PointersRunOptions): PointersRun {
  const { agent } = pointerAgent();
  const release = opts.release === undefined ? undefined : checkRelease(agent, opts.release);
  const r = generatePointers({
    ...(release ? { release } : {}),
    configDir: opts.configDir,
    cwd: opts.cwd,
    addDirs: opts.addDirs ?? [],
    preloadedBudget: opts.preloadedBudget ?? 0,
    prefix: opts.prefix ?? "repository",
    dryRun: opts.dryRun === true,
    projectSettings: opts.projectSettings !== false,
  });
  return {
    ...r,
    agentName: agent.name,
    release,
    agentVersion: release ?? (agent.releases[0] as string),
    dryRun: opts.dryRun === true,
  };
}

/** `pointers --json`. */
export interface PointersJson {
  /** The schema of this output. */
  $schema?: string;
  configDir: string;
  agentVersion: string;
  dryRun: boolean;
  pointers: {
    file: string;
    globs: string[];
    target: string;
    route: string;
    kind: "rule" | "memory";
    preloaded?: boolean;
    bytes: number;
  }[];
  totalBytes: number;
  written: string[];
  removed: string[];
  unchanged: string[];
  notices: PointersResult["notices"];
}

/** The JSON form of a {@link PointersRun} (`pointers --json`). */
export function pointersJson(r: PointersRun): PointersJson {
  return {
    $schema: schemaUrl("pointers"),
    configDir: r.configDir,
    agentVersion: r.agentVersion,
    dryRun: r.dryRun,
    pointers: r.pointers.map((p) => ({
      file: p.file,
      globs: p.globs,
      target: p.target,
      route: p.route,
      kind: p.kind,
      ...(p.preloaded !== undefined ? { preloaded: p.preloaded } : {}),
      bytes: p.bytes,
    })),
    totalBytes: r.totalBytes,
    written: r.written,
    removed: r.removed,
    unchanged: r.unchanged,
    notices: r.notices,
  };
}
