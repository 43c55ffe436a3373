/**
 * The settings Gemini CLI reads that change which context files load, as settled on Gemini CLI 0.61.0
 * (docs/findings-gemini-cli.md): the workspace file `<cwd>/.gemini/settings.json` (read in the working
 * directory only, never in its ancestors; skipped when the working directory is the home directory) and, in
 * the user view, `~/.gemini/settings.json` and the system file named by `GEMINI_CLI_SYSTEM_SETTINGS_PATH`.
 * The files are JSON with comments (no trailing commas: the CLI refuses to start on one).
 *
 * Keys (under `context`): `fileName` (string or array; replaces across files, the workspace's winning over
 * the user's), `memoryBoundaryMarkers` (array), `importFormat` (`tree` | `flat`), `includeDirectories`
 * (array; concatenated across files).
 */

import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { type ParseError, parse, printParseErrorCode } from "jsonc-parser";
import { recordCut } from "../../fs/cuts.js";
import { MAX_JSON_NESTING, nestsDeeperThan } from "../../fs/nesting.js";
import { displayPath } from "../../fs/paths.js";
import { readTextFile } from "../../fs/read.js";
import type { AppliedSource, Finding } from "../../model/index.js";

/** The context file name when no setting names one (`context.fileName`). */
export const DEFAULT_CONTEXT_FILENAME = "GEMINI.md";
/** The directory of Gemini CLI's user files and of a workspace's settings (`~/.gemini`, `<cwd>/.gemini`). */
export const GEMINI_DIR = ".gemini";

/** The settings of one launch, after merging the files the view reads. */
export interface GeminiSettings {
  /** `context.fileName` as written (before Gemini CLI adds GEMINI.md), or undefined. */
  fileName?: string[];
  /** `context.memoryBoundaryMarkers` (default `[".git"]`). */
  boundaryMarkers: string[];
  /** `context.importFormat` (default `tree`). */
  importFormat: "tree" | "flat";
  /** `context.includeDirectories`, absolute (resolved against the working directory; `~` is the home). */
  includeDirectories: string[];
  /** The settings files read (absolute), for `applied`. */
  applied: AppliedSource[];
  findings: Finding[];
}

interface SettingsFile {
  path: string;
  // biome-ignore lint/suspicious/noExplicitAny: the settings JSON
  context: any;
}

/** Reads one settings file; undefined when absent; a finding when Gemini CLI would refuse it. */
function readSettingsFile(path: string, root: string, findings: Finding[]): SettingsFile | undefined {
  const r = readTextFile(path, 4 * 1024 * 1024);
  if (!r.ok) {
    if (r.reason !== "missing")
      findings.push({
        ruleId: "read-failed",
        severity: "error",
        file: displayPath(path, root),
        message: `Gemini CLI settings file cannot be read (${r.reason})`,
        help: "make it a readable JSON file or remove it",
      });
    return undefined;
  }
  if (nestsDeeperThan(r.text, MAX_JSON_NESTING)) {
    // Gemini CLI reads it; the parser here would overflow: the measurement is incomplete (a cut).
    const message = `nested deeper than ${MAX_JSON_NESTING} levels, beyond what agent-context parses; its settings were not applied`;
    recordCut({ bound: "parse-depth", limit: MAX_JSON_NESTING, path, message });
    findings.push({ ruleId: "read-failed", severity: "error", file: displayPath(path, root), message });
    return undefined;
  }
  const errors: ParseError[] = [];
  const value = parse(r.text, errors, { allowTrailingComma: false, disallowComments: false });
  if (errors.length > 0 || typeof value !== "object" || value === null || Array.isArray(value)) {
    const e = errors[0];
    const before = e ? r.text.slice(0, e.offset) : "";
    const line = before.split("\n").length;
    const column = before.length - before.lastIndexOf("\n");
    findings.push({
      ruleId: "gemini-settings-invalid",
      severity: "error",
      file: displayPath(path, root),
      line: e ? line : 1,
      column: e ? column : 1,
      message: e
        ? `Gemini CLI cannot parse this settings file (${printParseErrorCode(e.error)}) and refuses to start`
        : "Gemini CLI settings must be a JSON object; it refuses to start on this file",
      help: "fix the JSON (comments are allowed, trailing commas are not); the launch is measured without it",
    });
    return undefined;
  }
  return { path, context: (value as Record<string, unknown>).context ?? {} };
}

function stringList(v: unknown): string[] | undefined {
  if (typeof v === "string") return [v];
  if (Array.isArray(v) && v.every((x) => typeof x === "string")) return v as string[];
  return undefined;
}

function expandHome(p: string, home: string): string {
  if (p === "~") return home;
  if (p.startsWith("~/")) return join(home, p.slice(2));
  return p;
}

/**
 * The merged settings of a launch in `cwd`. `user` (the user view) adds the user and system files; the
 * fresh-clone view reads the workspace file alone. Never throws: unreadable or invalid files are findings.
 */
export function geminiSettings(
  root: string,
  cwd: string,
  user?: { home: string; env: Readonly<Record<string, string | undefined>> },
): GeminiSettings {
  const findings: Finding[] = [];
  const home = user?.home ?? homedir();
  const files: SettingsFile[] = [];
  if (user) {
    const u = readSettingsFile(join(home, GEMINI_DIR, "settings.json"), root, findings);
    if (u) files.push(u);
  }
  if (resolve(cwd) !== resolve(home)) {
    const w = readSettingsFile(join(cwd, GEMINI_DIR, "settings.json"), root, findings);
    if (w) files.push(w);
  }
  const sys = user?.env.GEMINI_CLI_SYSTEM_SETTINGS_PATH;
  if (sys) {
    const s = readSettingsFile(sys, root, findings);
    if (s) files.push(s);
  }
  const out: GeminiSettings = {
    boundaryMarkers: [".git"],
    importFormat: "tree",
    includeDirectories: [],
    applied: [],
    findings,
  };
  for (const f of files) {
    const c = f.context;
    if (!c || typeof c !== "object") continue;
    const from = displayPath(f.path, root);
    const fileName = stringList(c.fileName);
    if (fileName) {
      out.fileName = fileName;
      out.applied.push({
        kind: "setting",
        name: "context.fileName",
        value: JSON.stringify(c.fileName),
        from,
        effect: `loads ${[...new Set([...fileName, "GEMINI.md"])].join(", ")}`,
      });
    }
    const markers = stringList(c.memoryBoundaryMarkers);
    if (Array.isArray(c.memoryBoundaryMarkers) && markers) {
      out.boundaryMarkers = markers;
      out.applied.push({
        kind: "setting",
        name: "context.memoryBoundaryMarkers",
        value: JSON.stringify(markers),
        from,
        effect:
          markers.length === 0 ? "no project root: the working directory alone" : "sets the project root",
      });
    }
    if (c.importFormat === "flat" || c.importFormat === "tree") {
      out.importFormat = c.importFormat;
      if (c.importFormat === "flat")
        out.applied.push({
          kind: "setting",
          name: "context.importFormat",
          value: "flat",
          from,
          effect: "imports listed after each file",
        });
    }
    const dirs = stringList(c.includeDirectories);
    if (Array.isArray(c.includeDirectories) && dirs) {
      const abs = dirs.map((d) => resolve(cwd, expandHome(d, home)));
      out.includeDirectories.push(...abs);
      if (abs.length > 0)
        out.applied.push({
          kind: "setting",
          name: "context.includeDirectories",
          value: JSON.stringify(dirs),
          from,
          effect: "adds workspace directories",
        });
    }
  }
  return out;
}
