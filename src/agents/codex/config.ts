/**
 * The Codex settings that shape the AGENTS.md chain, read the way the pinned Codex CLI reads them
 * (verified on @openai/codex 0.171.0, see docs/findings-codex.md):
 * - `$CODEX_HOME/config.toml` (user layer): `project_doc_max_bytes`, `project_doc_fallback_filenames`,
 *   `project_root_markers`, and `[projects."<abs path>"] trust_level`.
 * - `.codex/config.toml` in each directory from the trusted directory down to the cwd (project layers,
 *   deeper wins over shallower, project over user) — only when the project is trusted. Project layers
 *   never set `project_root_markers`.
 * - An explicitly `untrusted` project gets no project AGENTS.md chain (the global file still loads).
 */
import { join } from "node:path";
import { readTextFile } from "../../fs/read.js";
import { lazyToml } from "../../markdown/lazy.js";
import type { Finding } from "../../model/index.js";

/** Codex's default `project_doc_max_bytes` (bytes). */
export const CODEX_DEFAULT_MAX_BYTES = 32 * 1024;
/** Codex's default project root markers. */
export const CODEX_DEFAULT_ROOT_MARKERS: readonly string[] = [".git"];

/** The settings one config layer may carry (each optional). */
export interface CodexLayer {
  /** Absolute path of the config.toml this came from. */
  file: string;
  maxBytes?: number;
  fallbackNames?: string[];
  rootMarkers?: string[];
  /** `[projects."<path>"].trust_level` entries (user layer only). */
  trust?: Map<string, string>;
  /** Profile names the file names the legacy way: `profile = "NAME"` and `[profiles.NAME]` tables. */
  legacyProfiles?: string[];
}

/**
 * Reads one Codex config.toml. Missing file → null. A malformed file or a key of the wrong type becomes a
 * {@link Finding} (Codex itself refuses to start on a malformed config; we report and ignore the layer).
 */
export function readCodexLayer(file: string, shownPath: string, problems: Finding[]): CodexLayer | null {
  const r = readTextFile(file);
  if (!r.ok) {
    if (r.reason !== "missing")
      problems.push({
        ruleId: "codex-config",
        severity: "warning",
        file: shownPath,
        message: `cannot be read (${r.reason})`,
      });
    return null;
  }
  let raw: Record<string, unknown>;
  try {
    raw = lazyToml().parse(r.text) as Record<string, unknown>;
  } catch (e) {
    problems.push({
      ruleId: "codex-config",
      severity: "warning",
      file: shownPath,
      message: `not valid TOML (${(e as Error).message.split("\n")[0]}); Codex refuses to start with it`,
      help: "fix the TOML syntax",
    });
    return null;
  }
  const layer: CodexLayer = { file };
  const mb = raw.project_doc_max_bytes;
  if (mb !== undefined) {
    if (typeof mb === "number" && Number.isInteger(mb) && mb >= 0) layer.maxBytes = mb;
    else if (typeof mb === "bigint" && mb >= 0n) layer.maxBytes = Number(mb);
    else
      problems.push({
        ruleId: "codex-config",
        severity: "warning",
        file: shownPath,
        message: "project_doc_max_bytes must be a non-negative integer",
      });
  }
  const strList = (key: string): string[] | undefined => {
    const v = raw[key];
    if (v === undefined) return undefined;
    if (Array.isArray(v) && v.every((x) => typeof x === "string")) return v as string[];
    problems.push({
      ruleId: "codex-config",
      severity: "warning",
      file: shownPath,
      message: `${key} must be an array of strings`,
    });
    return undefined;
  };
  layer.fallbackNames = strList("project_doc_fallback_filenames");
  layer.rootMarkers = strList("project_root_markers");
  const projects = raw.projects;
  if (projects && typeof projects === "object" && !Array.isArray(projects)) {
    layer.trust = new Map();
    for (const [p, v] of Object.entries(projects as Record<string, unknown>)) {
      const t = (v as { trust_level?: unknown } | null)?.trust_level;
      if (typeof t === "string") layer.trust.set(p, t);
    }
  }
  const legacy = [
    ...(typeof raw.profile === "string" ? [raw.profile] : []),
    ...(raw.profiles && typeof raw.profiles === "object" && !Array.isArray(raw.profiles)
      ? Object.keys(raw.profiles as Record<string, unknown>)
      : []),
  ];
  if (legacy.length > 0) layer.legacyProfiles = legacy;
  return layer;
}

/**
 * Reads `$CODEX_HOME/config.toml` (null when absent) and, for `--profile NAME`, `$CODEX_HOME/NAME.config.toml`
 * over it (its keys win; without the flag it is not read). A legacy `profile = "NAME"` or `[profiles.NAME]`
 * in config.toml makes Codex 0.171.0 refuse to start when the flag names that profile: a finding says so.
 * Cases `a_profile_reads_its_own_config_file_over_config_toml`,
 * `without_the_profile_flag_the_profile_file_is_not_read`,
 * `a_legacy_profile_table_stops_codex_when_the_profile_flag_names_it` (test/conformance/codex-edges.fixtures.ts).
 */
export function readUserLayer(codexHome: string, problems: Finding[], profile?: string): CodexLayer | null {
  const file = join(codexHome, "config.toml");
  const base = readCodexLayer(file, file, problems);
  if (profile === undefined) return base;
  if (base?.legacyProfiles?.includes(profile))
    problems.push({
      ruleId: "codex-config",
      severity: "warning",
      file,
      message: `--profile \`${profile}\` cannot be used while ${file} contains legacy \`profile = "${profile}"\` or \`[profiles.${profile}]\` config: Codex refuses to start`,
      help: `move those keys into ${join(codexHome, `${profile}.config.toml`)}`,
    });
  const pfile = join(codexHome, `${profile}.config.toml`);
  const over = readCodexLayer(pfile, pfile, problems);
  if (!over) return base;
  const merged: CodexLayer = { ...(base ?? { file }), file };
  if (over.maxBytes !== undefined) merged.maxBytes = over.maxBytes;
  if (over.fallbackNames !== undefined) merged.fallbackNames = over.fallbackNames;
  if (over.rootMarkers !== undefined) merged.rootMarkers = over.rootMarkers;
  if (over.trust !== undefined) merged.trust = new Map([...(base?.trust ?? []), ...over.trust]);
  return merged;
}
