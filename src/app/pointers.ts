/**
 * The `pointers` pipeline: the pointer agent's release, the pointer set planned for a harness's config
 * directory and written all-or-nothing unless `dryRun` (src/pointers/), and its JSON form. Nothing here
 * prints.
 */
import { resolve } from "node:path";
import { loadConfig } from "../config.js";
import {
  generatePointers,
  type PointersOptions,
  type PointersResult,
  pointerAgent,
} from "../pointers/index.js";
import { schemaUrl } from "../version.js";
import { type ModelledRelease, modelledRelease } from "./release.js";

/** The options of {@link runPointers}: the pipeline's own (src/pointers/), the release included. */
export type PointersRunOptions = PointersOptions;

export interface PointersRun extends PointersResult {
  /** The pointer agent's display name. */
  agentName: string;
  /** That agent's registry id (the key of its `agents.<id>` configuration). */
  agentId: string;
  /** The release given (checked), or undefined. */
  release: string | undefined;
  /** The release modelled. */
  agentVersion: string;
  /** That release, why it is the one (given, `agents.<id>.release` of `cwd`'s configuration, default). */
  modelled: ModelledRelease;
  dryRun: boolean;
}

/**
 * Runs `pointers` for the release given, else the one pinned in `.agent-context.json` of `cwd`
 * (`agents.<id>.release`), else the newest verified (src/app/release.ts). Throws UsageError for an unknown
 * release, a malformed configuration and what generatePointers refuses.
 */
export function runPointers(opts: PointersRunOptions): PointersRun {
  const { agent } = pointerAgent();
  const { file, config } = loadConfig(resolve(opts.cwd), { paths: false });
  const modelled = modelledRelease(agent, {
    ...(opts.release !== undefined ? { given: opts.release } : {}),
    config,
    file,
  });
  const release = opts.release === undefined ? undefined : modelled.release;
  const r = generatePointers({
    release: modelled.release,
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
    agentId: agent.id,
    release,
    agentVersion: modelled.release,
    modelled,
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
