/**
 * Runs a real Gemini CLI offline (`gemini -p hi`) against the loopback Gemini upstream
 * (src/verify/upstream-gemini.ts) with a throwaway HOME, and parses what it sent into context blocks: the
 * one harness the product's `verify` and the conformance suite (test/support/gemini.ts) share. Settled on
 * Gemini CLI 0.61.0 (docs/findings-gemini-cli.md).
 *
 * The launch arrives as `--- Context from: ABS ---\n...\n--- End of Context from: ABS ---` blocks inside
 * `<loaded_context>` of the system instruction (user memory) and of the first user message (project
 * memory); a scripted `read_file` gets the just-in-time context appended to its output between
 * {@link JIT_CONTEXT_PREFIX} and {@link JIT_CONTEXT_SUFFIX}.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import { type ParseError, parse as parseJsonc } from "jsonc-parser";
import {
  type DeliveredEntry,
  type DeliveredFile,
  type RunProcess,
  type Snapshot,
  VerifyRunError,
  type VerifyRunner,
} from "../../model/index.js";
import { hasFileBelow, predictedEntries } from "../../verify/entries.js";
import { runProcess } from "../../verify/process.js";
import { oneOf, pickAllowed, stringList, stringOrList } from "../../verify/settings.js";
import { type GeminiPart, type GeminiRequest, startGeminiServer } from "../../verify/upstream-gemini.js";
import { geminiOnDemand, JIT_CONTEXT_PREFIX, JIT_CONTEXT_SUFFIX } from "./on-read.js";
import { GEMINI_PROBES } from "./probes.js";

export interface GeminiRun {
  /** Exit status (null when killed). */
  code: number | null;
  stdout: string;
  stderr: string;
  /** True when the CLI was killed at the timeout. */
  timedOut?: boolean;
  /** Set when the binary could not be started. */
  spawnError?: string;
  /** Model API requests, in order. */
  requests: GeminiRequest[];
  /** The requests of the main conversation (they offer tools), in order. */
  mainRequests: GeminiRequest[];
  /** Other requests to the upstream, as `METHOD path`. */
  other: string[];
  home: string;
}

export interface RunGeminiCliOptions {
  /** The `gemini` executable (absolute path, or a name found on PATH). */
  bin: string;
  /** Directory the CLI starts in (absolute). */
  cwd: string;
  prompt?: string;
  /** Model turns for the main conversation (e.g. `read_file` calls). */
  script?: GeminiPart[][];
  /** Extra arguments after `-p PROMPT`, e.g. `["--include-directories", dir]`. */
  args?: string[];
  /** Throwaway HOME (a fresh temp directory when absent); its `.gemini/settings.json` is written. */
  home?: string;
  /** User settings merged over the auth selection (written to HOME/.gemini/settings.json). */
  userSettings?: Record<string, unknown>;
  /** Extra environment, applied last. */
  env?: Record<string, string>;
  /** Kill the CLI after this many milliseconds (default 90,000). */
  timeoutMs?: number;
  /** How the process runs (default {@link runProcess}; verify passes its isolating runner). */
  run?: RunProcess;
}

/**
 * Runs `BIN -p PROMPT [args]` in `cwd` offline: API-key auth against the loopback upstream
 * (`GOOGLE_GEMINI_BASE_URL`), trusted workspace (`GEMINI_CLI_TRUST_WORKSPACE`, so the workspace
 * settings apply), no relaunch into a child process. Resolves when the CLI exits or is killed at the
 * timeout; never rejects.
 */
export async function runGeminiCli(opts: RunGeminiCliOptions): Promise<GeminiRun> {
  const server = await startGeminiServer(opts.script ?? []);
  const home = opts.home ?? mkdtempSync(join(tmpdir(), "ac-gemini-home-"));
  mkdirSync(join(home, ".gemini"), { recursive: true });
  writeFileSync(
    join(home, ".gemini/settings.json"),
    JSON.stringify({ security: { auth: { selectedType: "gemini-api-key" } }, ...opts.userSettings }),
  );
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    GOOGLE_GEMINI_BASE_URL: server.url,
    GEMINI_API_KEY: "offline-verify-key",
    GEMINI_CLI_TRUST_WORKSPACE: "true",
    GEMINI_CLI_NO_RELAUNCH: "true",
    NO_COLOR: "1",
    ...opts.env,
  };
  try {
    const r = await (opts.run ?? runProcess)(opts.bin, ["-p", opts.prompt ?? "hi", ...(opts.args ?? [])], {
      cwd: opts.cwd,
      env,
      timeoutMs: opts.timeoutMs ?? 90_000,
      reach: [server.url],
    });
    return {
      ...r,
      requests: server.requests,
      mainRequests: server.requests.filter((q) => q.main),
      other: server.other,
      home,
    };
  } finally {
    await server.close();
  }
}

/** One `--- Context from: PATH ---` block as the CLI sent it. */
export interface GeminiBlock {
  /** Absolute path as the CLI printed it. */
  path: string;
  /** The whole block, framing lines included (what the model's item `bytes` measures). */
  block: string;
}

const BLOCK = /--- Context from: (.+?) ---\n[\s\S]*?\n--- End of Context from: \1 ---/g;

/** Every context block of a text, in order. */
export function parseBlocks(text: string): GeminiBlock[] {
  return [...text.matchAll(BLOCK)].map((m) => ({ path: m[1] as string, block: m[0] }));
}

/**
 * The first main request.
 * @throws Error naming the exit status and stderr when the CLI sent none
 */
function firstMain(run: GeminiRun): GeminiRequest {
  const first = run.mainRequests[0];
  if (!first)
    throw new Error(`the CLI sent no main request (exit ${run.code}): ${run.stderr.slice(0, 2000)}`);
  return first;
}

/** The `<loaded_context>` of the first user message (project memory), or "" when the CLI sent none. */
export function sessionContext(run: GeminiRun): string {
  const text: string = firstMain(run).body.contents?.[0]?.parts?.[0]?.text ?? "";
  const i = text.indexOf("<loaded_context>");
  const j = text.indexOf("</loaded_context>");
  return i < 0 || j < 0 ? "" : text.slice(i, j + "</loaded_context>".length);
}

/** The `<loaded_context>` of the system instruction (user memory, `~/.gemini/`), or "". */
export function systemContext(run: GeminiRun): string {
  // biome-ignore lint/suspicious/noExplicitAny: API parts
  const parts: any[] = firstMain(run).body.systemInstruction?.parts ?? [];
  const text = parts.map((p) => p.text ?? "").join("");
  const i = text.lastIndexOf("<loaded_context>");
  const j = text.lastIndexOf("</loaded_context>");
  return i < 0 || j < 0 ? "" : text.slice(i, j + "</loaded_context>".length);
}

/**
 * The launch blocks in the order the CLI sends them: the system instruction's (user memory) first, then
 * the first user message's (project memory).
 * @throws Error when the CLI sent no main request
 */
export function launchBlocks(run: GeminiRun): GeminiBlock[] {
  return [...parseBlocks(systemContext(run)), ...parseBlocks(sessionContext(run))];
}

/** The function responses of the last main request, in order (`output` of each tool result). */
export function toolOutputs(run: GeminiRun): string[] {
  const last = run.mainRequests[run.mainRequests.length - 1];
  // biome-ignore lint/suspicious/noExplicitAny: API contents
  const contents: any[] = last?.body.contents ?? [];
  return contents.flatMap((c) =>
    // biome-ignore lint/suspicious/noExplicitAny: API parts
    (c.parts ?? []).flatMap((p: any) =>
      p.functionResponse ? [String(p.functionResponse.response?.output ?? "")] : [],
    ),
  );
}

/** The just-in-time context appended to a tool output (between the CLI's framing), or "" when none. */
export function jitContext(output: string): string {
  const i = output.indexOf(JIT_CONTEXT_PREFIX);
  if (i < 0) return "";
  const rest = output.slice(i + JIT_CONTEXT_PREFIX.length);
  return rest.endsWith(JIT_CONTEXT_SUFFIX) ? rest.slice(0, -JIT_CONTEXT_SUFFIX.length) : rest;
}

/** The version line of `gemini --version` (0.61.0): the bare release, `0.61.0`. */
const GEMINI_VERSION_LINE = /^\s*v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\s*$/m;

const WORKSPACE_SETTINGS = /(^|\/)\.gemini\/settings\.json$/;

/** A relative folder that stays inside the copy: no `..`, no `~`, not absolute. */
const relativeInsideDirs = (v: unknown): string[] | undefined =>
  stringList(v)?.filter((d) => !isAbsolute(d) && !d.startsWith("~") && !d.split(/[\\/]/).includes(".."));

/**
 * The workspace settings a verify copy keeps, by type: `context.fileName`, `context.memoryBoundaryMarkers`,
 * `context.importFormat` and the relative `context.includeDirectories` that stay inside the copy — the keys
 * that shape the context files (src/agents/gemini-cli/settings.ts). Nothing else is written: not
 * `mcpServers`, `hooks`, `tools` (discovery and call commands), `extensions`, `telemetry`, `sandbox`,
 * `advanced` (bug command, DNS), `security`.
 */
export const GEMINI_VERIFY_SETTINGS = {
  context: {
    fileName: stringOrList,
    memoryBoundaryMarkers: stringList,
    importFormat: oneOf("tree", "flat"),
    includeDirectories: relativeInsideDirs,
  },
} as const;

/**
 * A workspace settings file re-written from {@link GEMINI_VERIFY_SETTINGS}; undefined when the text is not
 * a JSON object (with comments) the CLI would read.
 */
export function sanitizeGeminiSettings(text: string): string | undefined {
  const errors: ParseError[] = [];
  const value = parseJsonc(text, errors, { allowTrailingComma: false, disallowComments: false });
  if (errors.length > 0 || typeof value !== "object" || value === null || Array.isArray(value))
    return undefined;
  return `${JSON.stringify(pickAllowed(value, GEMINI_VERIFY_SETTINGS) ?? {}, null, 2)}\n`;
}

/**
 * The top-level context-file blocks of a gemini-cli snapshot (imports are inside them), as delivered files;
 * skills, subagents and extensions are other lists.
 */
function blocksOf(
  snapshot: Snapshot,
  items: Snapshot["items"],
  texts: ReadonlyMap<string, string>,
): DeliveredFile[] {
  return items
    .filter((it) => it.importedBy === null && it.kind === "memory")
    .map((it) => ({
      path: isAbsolute(it.path) ? it.path : join(snapshot.root, it.path),
      text: texts.get(it.path) ?? "",
    }));
}

/** A path segment that is not dotted. */
const SEG = "[^./][^/]*";
/**
 * The files Gemini CLI reads for a skills entry (./sources.ts): `SKILL.md` and `FOLDER/SKILL.md` of a
 * `.gemini/skills` or `.agents/skills` folder. Never a skill's scripts or assets. (Project subagents are
 * listed only once the user acknowledged them: never in a verify run's empty home.)
 */
const LISTED_SOURCE = new RegExp(`^(?:${SEG}/)*\\.(?:gemini|agents)/skills/(?:${SEG}/)?SKILL\\.md$`);

/** A skills entry's name (`<name>NAME</name>`). */
const skillName = (text: string): string => /<name>([\s\S]*?)<\/name>/.exec(text)?.[1] ?? text;

/**
 * The repository's skills entries in a system instruction (0.61.0): the `<available_skills>` section's
 * `  <skill>` entries, in order, but the CLI's own (their location is in its bundle's `builtin` folder).
 */
export function geminiSkillEntries(system: string): DeliveredEntry[] {
  const open = "<available_skills>\n";
  const a = system.indexOf(open);
  if (a < 0) return [];
  const b = system.indexOf("\n</available_skills>", a);
  const body = system.slice(a + open.length, b < 0 ? system.length : b);
  return body
    .split(/\n(?= {2}<skill>)/)
    .filter((e) => e !== "" && !/<location>[^<]*\/bundle\/builtin\/[^<]*<\/location>/.test(e))
    .map((text) => ({ list: "skills", name: skillName(text), text }))
    .sort(byText);
}

/**
 * Gemini CLI lists one folder's skills in the file system's order (docs/findings-sources-gemini-cli.md), so
 * both sides' skills are compared as sets: sorted by text.
 */
const byText = (a: DeliveredEntry, b: DeliveredEntry) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0);

/**
 * Gemini CLI's verify runner: `gemini -p hi` against the loopback upstream with a throwaway HOME; each
 * `--read` is a scripted `read_file` whose just-in-time context is compared. Files are compared as whole
 * blocks (framing included), in the CLI's order. Settled on Gemini CLI 0.61.0.
 */
export const geminiVerifyRunner: VerifyRunner = {
  executable: "gemini",
  npmPackage: "@google/gemini-cli",
  parseVersion: (out) => GEMINI_VERSION_LINE.exec(out)?.[1],
  // Without it 0.61.0 starts a second Node for `--version` too: 4.2 CPU-s instead of 2.4, the same line.
  versionEnv: () => ({ GEMINI_CLI_NO_RELAUNCH: "true" }),
  reads: true,
  instructionFile: () => false,
  listedSource: (rel) => LISTED_SOURCE.test(rel),
  settingsFile: (rel) => WORKSPACE_SETTINGS.test(rel),
  rewriteSettings: (_rel, text) => sanitizeGeminiSettings(text),
  // 0.61.0 reads `.env` (and `.gemini/.env`) from every folder above the one it starts in.
  ancestorNames: ["GEMINI.md", ".gemini", ".env", ".git"],
  async observe(req) {
    const run = await runGeminiCli({
      bin: req.bin,
      cwd: req.cwd,
      home: req.home,
      script: req.reads.map((p) => [{ functionCall: { name: "read_file", args: { file_path: p } } }]),
      // Usage statistics go to play.googleapis.com (the trap refuses them; better not to try).
      userSettings: { privacy: { usageStatisticsEnabled: false }, telemetry: { enabled: false } },
      env: { ...req.userEnv, ...req.env },
      ...(req.agentArgs && req.agentArgs.length > 0 ? { args: [...req.agentArgs] } : {}),
      timeoutMs: req.timeoutMs,
      run: req.run,
    });
    if (run.spawnError) throw new VerifyRunError(`could not start: ${run.spawnError}`);
    if (run.timedOut)
      throw new VerifyRunError(`did not finish within ${req.timeoutMs / 1000} s (killed; raise --timeout)`);
    if (run.mainRequests.length === 0) {
      const err = run.stderr.trim().split("\n").slice(0, 3).join(" / ").slice(0, 400);
      throw new VerifyRunError(`\`-p\` sent no model request (exit ${run.code})${err ? `: ${err}` : ""}`);
    }
    const outputs = toolOutputs(run);
    if (outputs.length < req.reads.length)
      throw new VerifyRunError(
        `the scripted read_file calls returned ${outputs.length} of ${req.reads.length} tool results`,
      );
    const files = (blocks: GeminiBlock[]): DeliveredFile[] =>
      blocks.map((b) => ({ path: b.path, text: b.block }));
    const system = (run.mainRequests[0]?.body?.systemInstruction?.parts ?? [])
      .map((p: { text?: string }) => p.text ?? "")
      .join("");
    // With no SKILL.md in the copy (and an empty home), every skill listed is the CLI's own.
    const entries = hasFileBelow(req.root, (rel) => LISTED_SOURCE.test(rel))
      ? geminiSkillEntries(system)
      : [];
    return {
      launch: { files: files(launchBlocks(run)), entries },
      reads: req.reads.map((_, i) => ({ files: files(parseBlocks(jitContext(outputs[i] ?? ""))) })),
      otherRequests: run.other,
    };
  },
  predict(snapshot, reads) {
    const session = geminiOnDemand(snapshot);
    return {
      launch: {
        files: blocksOf(snapshot, snapshot.items, snapshot.texts),
        entries: predictedEntries(snapshot, ["skills"], (_list, text) => skillName(text)).sort(byText),
      },
      reads: reads.map((target) => {
        const r = session.read(target);
        return { files: blocksOf(snapshot, r.items, r.texts) };
      }),
    };
  },
  probes: GEMINI_PROBES,
};
