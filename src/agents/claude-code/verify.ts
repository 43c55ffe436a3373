/**
 * Runs a real Claude Code CLI offline against the loopback upstream (src/verify/upstream.ts) and parses
 * what it sent: the one harness the product's `verify` and the conformance suite (test/support/claude.ts)
 * share. Settled against Claude Code 2.1.332 and 2.1.197 (the `Contents of PATH (label):` sections are
 * the same in both).
 */
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import { inside } from "../../fs/paths.js";
import {
  type DeliveredEntry,
  type DeliveredFile,
  type ProcessResult,
  type RunProcess,
  VerifyRunError,
  type VerifyRunner,
} from "../../model/index.js";
import { dashEntryName, hasFileBelow, predictedEntries } from "../../verify/entries.js";
import { runProcess } from "../../verify/process.js";
import { aString, pickAllowed, stringList } from "../../verify/settings.js";
import { type RecordedRequest, startUpstream, type Turn } from "../../verify/upstream.js";
import { claudeOnDemand } from "./on-read.js";
import { CLAUDE_PROBES } from "./probes.js";
import { CLAUDE_RELEASE_RANGES, inReleaseRange } from "./release-ranges.js";
import { CLAUDE_AGENTS_FOOTER, CLAUDE_AGENTS_HEADER, CLAUDE_SKILLS_HEADER } from "./sources.js";

export interface ClaudeRun {
  /** Exit status (null when killed). */
  code: number | null;
  stdout: string;
  stderr: string;
  /** True when the CLI was killed at the timeout. */
  timedOut?: boolean;
  /** Set when the binary could not be started. */
  spawnError?: string;
  /** Every request the upstream received, in order. */
  requests: RecordedRequest[];
  /** The main conversation's requests (those offering tools), in order. */
  mainRequests: RecordedRequest[];
  /** The throwaway HOME the CLI ran with. */
  home: string;
  /** The throwaway CLAUDE_CONFIG_DIR the CLI ran with. */
  configDir: string;
}

export interface RunClaudeCliOptions {
  /** The `claude` executable (absolute path, or a name found on PATH). */
  bin: string;
  /** Directory the CLI starts in (absolute). */
  cwd: string;
  /** The `-p` prompt (default "hello"). */
  prompt?: string;
  /** Scripted assistant turns of the main conversation. */
  script?: Turn[];
  /** Extra arguments after `-p PROMPT`. */
  args?: string[];
  /** Throwaway HOME (a fresh temp directory when absent). */
  home?: string;
  /** Throwaway CLAUDE_CONFIG_DIR (HOME/.claude-config when absent; created). */
  configDir?: string;
  /** Extra environment, applied last. */
  env?: Record<string, string>;
  /** Kill the CLI after this many milliseconds (default 60,000). */
  timeoutMs?: number;
  /** How the process runs (default {@link runProcess}; verify passes its isolating runner). */
  run?: RunProcess;
}

/**
 * The environment of an offline run: exactly these variables, nothing inherited but PATH. The API base is
 * the loopback upstream, the key a dummy, telemetry, error reporting, auto-update and non-essential traffic
 * off (the switches Claude Code 2.1.332 and 2.1.197 read).
 */
export function claudeOfflineEnv(
  upstreamUrl: string,
  home: string,
  configDir: string,
): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    CLAUDE_CONFIG_DIR: configDir,
    ANTHROPIC_BASE_URL: upstreamUrl,
    ANTHROPIC_API_KEY: "sk-test-offline",
    DISABLE_TELEMETRY: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_ERROR_REPORTING: "1",
  };
}

/**
 * Runs `BIN -p PROMPT [args]` in `cwd` offline against a fresh loopback upstream playing `script`;
 * resolves when the CLI exits (or is killed at the timeout). Never rejects for a CLI failure: the caller
 * reads `code`, `timedOut`, `spawnError`.
 */
export async function runClaudeCli(opts: RunClaudeCliOptions): Promise<ClaudeRun> {
  const up = await startUpstream(opts.script ?? []);
  const home = opts.home ?? mkdtempSync(join(tmpdir(), "ac-home-"));
  const configDir = opts.configDir ?? join(home, ".claude-config");
  mkdirSync(configDir, { recursive: true });
  const env = { ...claudeOfflineEnv(up.url, home, configDir), ...opts.env };
  const args = ["-p", opts.prompt ?? "hello", ...(opts.args ?? [])];
  try {
    const r: ProcessResult = await (opts.run ?? runProcess)(opts.bin, args, {
      cwd: opts.cwd,
      env,
      timeoutMs: opts.timeoutMs ?? 60_000,
      reach: [up.url],
    });
    return { ...r, requests: up.requests, mainRequests: up.mainRequests(), home, configDir };
  } finally {
    await up.close();
  }
}

export interface LoadedSection {
  /** Absolute path as the CLI printed it. */
  path: string;
  /** The label in parentheses, e.g. "project instructions, checked into the codebase". */
  label: string;
  /** The injected text. */
  text: string;
}

// biome-ignore lint/suspicious/noExplicitAny: message content from the API
function textBlocks(message: any): string[] {
  if (!message) return [];
  if (typeof message.content === "string") return [message.content];
  if (!Array.isArray(message.content)) return [];
  // biome-ignore lint/suspicious/noExplicitAny: message content from the API
  return (message.content as any[]).flatMap((b) => {
    if (b.type === "text") return [b.text as string];
    if (b.type === "tool_result") {
      if (typeof b.content === "string") return [b.content];
      // biome-ignore lint/suspicious/noExplicitAny: nested blocks
      return ((b.content as any[]) ?? []).filter((x) => x.type === "text").map((x) => x.text as string);
    }
    return [];
  });
}

/** Every text of every message in a request (user and assistant), in order. */
export function allTexts(req: RecordedRequest): string[] {
  // biome-ignore lint/suspicious/noExplicitAny: message list
  return ((req.body?.messages ?? []) as any[]).flatMap(textBlocks);
}

/** The heading older releases (2.1.197) put before the files; the reminder then holds further context blocks. */
const CLAUDE_MD_HEADING = /(?:^|\n)# claudeMd\n/;
/** 2.1.197's closing trailer of the context reminder. */
const CONTEXT_TRAILER = "\n\n      IMPORTANT: this context may or may not be relevant";
/** The context block 2.1.197 appends after the files (`# currentDate\nToday's date is ...`). */
const CONTEXT_BLOCK_AFTER = /\n# currentDate\n[^\n]*$/;

/**
 * In the `# claudeMd` format (2.1.197) the last file's text is followed by the reminder's other context
 * blocks (`\n# currentDate\n...`) and a trailer; both are cut.
 */
function cutContextTail(body: string): string {
  const trailer = body.lastIndexOf(CONTEXT_TRAILER);
  const head = trailer >= 0 ? body.slice(0, trailer) : body;
  const m = CONTEXT_BLOCK_AFTER.exec(head);
  return m ? head.slice(0, m.index) : head;
}

const SECTION = /(?:^|\n)Contents of (\/[^\n]*?) \(([^()\n]*)\):\n\n/g;

/** Which framed paths are the CLI's own sections (default: every one). */
export type SectionFilter = (path: string) => boolean;

/**
 * Parses every `Contents of PATH (label):` section out of a text (a system-reminder). Each section's text
 * runs to the next section or to the closing `</system-reminder>` (2.1.332) or, in the `# claudeMd` format
 * (2.1.197), to the `# currentDate` block after it; the separator blank line is not part of the text.
 * A header whose PATH `accept` refuses is text of the section around it: verify accepts only paths in its
 * copy and throwaway home, so a line of a user's own file framed like a header is never a section.
 * Relies on the formats observed in the pinned CLIs (see LoadedSection).
 */
export function parseSections(text: string, accept: SectionFilter = () => true): LoadedSection[] {
  const out: LoadedSection[] = [];
  const marks = [...text.matchAll(SECTION)].filter((m) => accept(m[1] ?? ""));
  marks.forEach((m, i) => {
    const start = (m.index ?? 0) + m[0].length;
    const next = marks[i + 1];
    const end = next ? (next.index ?? text.length) : text.length;
    let body = text.slice(start, end);
    if (!next) {
      const close = body.lastIndexOf("\n</system-reminder>");
      if (close >= 0) body = body.slice(0, close);
      if (CLAUDE_MD_HEADING.test(text)) body = cutContextTail(body);
    }
    out.push({ path: m[1] ?? "", label: m[2] ?? "", text: body });
  });
  return out;
}

/**
 * The launch set: the sections of the first main request's first user message. Throws when the CLI sent
 * no main request (the message carries the exit status and the start of stderr).
 */
export function launchSections(run: ClaudeRun, accept?: SectionFilter): LoadedSection[] {
  const first = run.mainRequests[0];
  if (!first) throw new Error(`the CLI sent no request (exit ${run.code}): ${run.stderr.slice(0, 2000)}`);
  const firstUser = first.body.messages?.[0];
  return textBlocks(firstUser).flatMap((t) => parseSections(t, accept));
}

/**
 * The launch sections with their exact injected texts. The CLI joins sections with a blank line and
 * trims each text (2.1.332), so `parseSections` leaves one separator newline on every section but the
 * last; this drops it.
 */
export function launchFiles(run: ClaudeRun, accept?: SectionFilter): LoadedSection[] {
  const sections = launchSections(run, accept);
  return sections.map((s, i) =>
    i < sections.length - 1 && s.text.endsWith("\n") ? { ...s, text: s.text.slice(0, -1) } : s,
  );
}

/** Section labels of CLI 2.1.332: checked-in project memory (memory, imports, rules) and CLAUDE.local.md. */
export const CLAUDE_LABELS = {
  project: "project instructions, checked into the codebase",
  local: "user's private project instructions, not checked in",
  user: "user's private global instructions for all projects",
} as const;

/** The version line of `claude --version` (2.1.332 and 2.1.197): `2.1.332 (Claude Code)`. */
const CLAUDE_VERSION_LINE = /^\s*(\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?) \(Claude Code\)\s*$/m;

/**
 * The settings a verify copy keeps, by type: the keys that change which instruction files load
 * (`claudeMdExcludes`; the AGENTS.md plugin's mode, which 2.1.332 reads from user settings only, kept so
 * verify shows that). Nothing else of Claude Code's settings schema is written: not `hooks`, `statusLine`,
 * `subagentStatusLine`, `fileSuggestion`, `apiKeyHelper` and the other helpers (`awsAuthRefresh`,
 * `awsCredentialExport`, `gcpAuthRefresh`, `otelHeadersHelper`, `proxyAuthHelper`, `policyHelper`,
 * `processWrapper`), `env`, `permissions`, `enabledPlugins`, marketplaces, MCP servers, `outputStyle`,
 * `sshConfigs`, `autoMemoryDirectory` (bundle of 2.1.332).
 */
export const CLAUDE_VERIFY_SETTINGS = {
  claudeMdExcludes: stringList,
  pluginConfigs: {
    "cc-plugin-agents-md@builtin": { options: { instructionFiles: aString, projectInstructions: aString } },
  },
} as const;

const SETTINGS_FILE = /(^|\/)\.claude\/settings(\.local)?\.json$/;

/** Instruction text below `.claude/`: CLAUDE.md, AGENTS.md and Markdown rules (no dotted segment around them). */
const INSTRUCTION_FILE =
  /^(?:[^./][^/]*\/)*\.claude\/(?:CLAUDE\.md|AGENTS\.md|rules\/(?:[^./][^/]*\/)*[^./][^/]*\.md)$/;

/** A path segment that is not dotted. */
const SEG = "[^./][^/]*";
/**
 * The files Claude Code reads for a list entry (./sources.ts): `.claude/skills/FOLDER/SKILL.md`,
 * `.claude/agents/…/NAME.md` and `.claude/commands/…/NAME.md` of any folder (the cwd's and its ancestors'
 * are read). Never a skill's scripts or assets, never an output style (the setting that picks one is not
 * copied).
 */
const LISTED_SOURCE = new RegExp(
  `^(?:${SEG}/)*\\.claude/(?:skills/${SEG}/SKILL\\.md|(?:agents|commands)/(?:${SEG}/)*${SEG}\\.md)$`,
);

/** The lists verify compares entry by entry: the skills list (skills, then commands) and the subagents. */
const CLAUDE_LISTS = ["skills", "agents"] as const;

/** An entry's name: `- NAME: …`, `- FOLDER (NAME): …` (the part before the first `: `), or `- NAME`. */
export const claudeEntryName = dashEntryName;

function between(text: string, start: string, end: string | RegExp): string | undefined {
  const i = text.indexOf(start);
  if (i < 0) return undefined;
  const rest = text.slice(i + start.length);
  const j = typeof end === "string" ? rest.indexOf(end) : rest.search(end);
  return j < 0 ? rest : rest.slice(0, j);
}

/** Splits a list body into entries: each starts at a line beginning with "- ". */
const dashEntries = (body: string): string[] => (body === "" ? [] : body.split(/\n(?=- )/));

/**
 * The skills list's and the subagent list's entries in a request's texts (its system blocks and messages),
 * in the CLI's order, built-in entries included (2.1.332 and 2.1.197; docs/findings-sources-claude-code.md).
 * The subagent list ends where `release` ends it ({@link claudeFraming}: its footer line, or on 2.1.219 to
 * 2.1.278 the skills list's header).
 */
// biome-ignore lint/suspicious/noExplicitAny: the request body's JSON
export function claudeListEntries(body: any, release?: string): DeliveredEntry[] {
  const sys = ((body?.system ?? []) as { text?: string }[]).map((b) => b.text ?? "");
  // biome-ignore lint/suspicious/noExplicitAny: message list
  const texts = [...sys, ...((body?.messages ?? []) as any[]).flatMap(textBlocks)];
  const out: DeliveredEntry[] = [];
  const { agentsFooter } = claudeFraming(release);
  for (const t of texts) {
    const agents = between(t, CLAUDE_AGENTS_HEADER, agentsFooter);
    if (agents !== undefined)
      for (const e of dashEntries(agents)) out.push({ list: "agents", name: claudeEntryName(e), text: e });
    const skills = between(t, CLAUDE_SKILLS_HEADER, /\n\n(?!- )|$/);
    if (skills !== undefined)
      for (const e of dashEntries(skills)) out.push({ list: "skills", name: claudeEntryName(e), text: e });
  }
  return out;
}

/** The built-in entries of one CLI (its lists in an empty folder with an empty home), per executable. */
const builtInEntries = new Map<string, Promise<Set<string>>>();

/**
 * The CLI's own entries: those it lists in an empty folder, run once per executable in a fresh folder of
 * the throwaway home (its own home and config dir inside it, nothing else there).
 */
function builtIns(req: {
  bin: string;
  home: string;
  env: Readonly<Record<string, string>>;
  timeoutMs: number;
  run: RunProcess;
  release?: string;
}): Promise<Set<string>> {
  const known = builtInEntries.get(req.bin);
  if (known) return known;
  const made = (async () => {
    const base = mkdtempSync(join(req.home, "baseline-"));
    const home = join(base, "h");
    const cwd = join(base, "w");
    mkdirSync(home, { mode: 0o700 });
    mkdirSync(cwd, { mode: 0o700 });
    const run = await runClaudeCli({
      bin: req.bin,
      cwd,
      home,
      configDir: join(home, ".claude-config"),
      args: ["--allowedTools", "Read"],
      env: { ...req.env },
      timeoutMs: req.timeoutMs,
      run: req.run,
    });
    const first = run.mainRequests[0];
    if (!first) throw new VerifyRunError(`in an empty folder: ${runFailure(run, req.timeoutMs)}`);
    return new Set(claudeListEntries(first.body, req.release).map((e) => `${e.list}\u0000${e.text}`));
  })();
  builtInEntries.set(req.bin, made);
  made.catch(() => builtInEntries.delete(req.bin));
  return made;
}

/** The item kinds the CLI sends as a memory file's section (what `observe` reads back). */
const FILE_KINDS: ReadonlySet<string> = new Set(["memory", "import", "rule", "local"]);

/** `--read` attachment block after a tool result (2.1.332): `<system-reminder>\nContents of PATH:\n\nTEXT\n</system-reminder>`. */
const ATTACHED = /^<system-reminder>\nContents of (\/[^\n]*?):\n\n([\s\S]*)\n<\/system-reminder>\n?$/;

/** 2.1.197's attachments: a `role: "system"` message after the tool result, sections `Contents of PATH:\n\n`. */
const SYSTEM_ATTACHED = /(?:^|\n\n)Contents of (\/[^\n]*?):\n\n/g;

/**
 * A hook's added context in a `role: "system"` message (2.1.332: the built-in AGENTS.md plugin's Read hook,
 * on-read.ts agentsOnRead): `tool.call hook additional context: ` then blocks `Contents of PATH:\n\nTEXT`
 * joined by "\n" (so a block's text is what lies before the "\n" that precedes the next block).
 */
const HOOK_CONTEXT = /^[\w.]+ hook additional context: (?=Contents of \/)/;
const HOOK_BLOCK = /(?:^|\n)Contents of (\/[^\n]*?):\n\n/g;

/**
 * A reminder the CLI may merge into the same system message after the hook's context, timing-dependent
 * (seen on 2.1.332 on a loaded machine): cut, as it is not a file's text.
 */
const MERGED_REMINDER = /\n\nThe user hasn't heard from you in a while\.[\s\S]*$/;

/**
 * The token counter 2.1.233 to 2.1.312 end the `role: "system"` message after a tool result with
 * (release-ranges.ts `total-tokens-after-attachments`): after the attached files' texts, or alone.
 */
const TOTAL_TOKENS = /(?:^|\n\n)<total_tokens>\d+ tokens left<\/total_tokens>$/;

/** What a release adds around the files and lists it sends, that verify's parser cuts (its own rules). */
export interface ClaudeFraming {
  /** A `\n\n<total_tokens>N tokens left</total_tokens>` line ends the system message after a tool result. */
  totalTokens: boolean;
  /**
   * Where the subagent list ends: its footer line, or on a release without it (2.1.219 to 2.1.278,
   * release-ranges.ts `agents-list-without-footer`) the skills list's header; either, whichever comes
   * first, for a run whose release was not read.
   */
  agentsFooter: string | RegExp;
}

const inRange = (id: string, release: string): boolean => {
  const range = CLAUDE_RELEASE_RANGES.find((r) => r.id === id);
  if (!range) throw new Error(`verify.ts: no release range ${id}`);
  return inReleaseRange(range, release);
};

/** `\n\n` and the skills list's header: where the subagent list ends on a release without its footer. */
const SKILLS_AFTER_AGENTS = `\n\n${CLAUDE_SKILLS_HEADER}`;

/**
 * The framing rules of `release` (./release-ranges.ts; outside the bisected span, the nearest end's).
 * Undefined: every rule known (a run whose release was not read).
 */
export function claudeFraming(release?: string): ClaudeFraming {
  if (release === undefined)
    return {
      totalTokens: true,
      agentsFooter: new RegExp(`${escapeRegExp(CLAUDE_AGENTS_FOOTER)}|${escapeRegExp(SKILLS_AFTER_AGENTS)}`),
    };
  return {
    totalTokens: inRange("total-tokens-after-attachments", release),
    agentsFooter: inRange("agents-list-without-footer", release) ? SKILLS_AFTER_AGENTS : CLAUDE_AGENTS_FOOTER,
  };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function systemAttachments(text: string, accept: SectionFilter, framing: ClaudeFraming): DeliveredFile[] {
  const hook = HOOK_CONTEXT.exec(text);
  const counted = framing.totalTokens ? text.replace(TOTAL_TOKENS, "") : text;
  const body = hook ? counted.slice(hook[0].length).replace(MERGED_REMINDER, "") : counted;
  const marks = [...body.matchAll(hook ? HOOK_BLOCK : SYSTEM_ATTACHED)].filter((m) => accept(m[1] ?? ""));
  return marks.map((m, i) => {
    const start = (m.index ?? 0) + m[0].length;
    const next = marks[i + 1];
    // Before a next hook block, its leading "\n" is the join, not the text.
    const end = next ? (next.index ?? 0) : body.length;
    return { path: m[1] ?? "", text: body.slice(start, end) };
  });
}

/**
 * What the CLI attached after each tool result of the last main request, in order (one list per tool
 * turn). From 2.1.307 each file is a `<system-reminder>` text block of the tool result's user message;
 * before, they are in a `role: "system"` message right after it. Both are read, and what `release` adds
 * around them ({@link claudeFraming}: the token counter of 2.1.233 to 2.1.312) is cut.
 */
export function attachedPerTurn(
  run: ClaudeRun,
  accept: SectionFilter = () => true,
  release?: string,
): DeliveredFile[][] {
  const framing = claudeFraming(release);
  const last = run.mainRequests.at(-1);
  // biome-ignore lint/suspicious/noExplicitAny: API message JSON
  const messages = (last?.body?.messages ?? []) as any[];
  const turns: DeliveredFile[][] = [];
  let current: DeliveredFile[] | undefined;
  messages.forEach((m, i) => {
    if (i === 0) return;
    if (m?.role === "system" && current) {
      for (const t of textBlocks(m)) current.push(...systemAttachments(t, accept, framing));
      return;
    }
    current = undefined;
    if (m?.role !== "user" || !Array.isArray(m.content)) return;
    // biome-ignore lint/suspicious/noExplicitAny: API content blocks
    if (!m.content.some((b: any) => b?.type === "tool_result")) return;
    current = [];
    for (const b of m.content) {
      if (b?.type !== "text") continue;
      const mm = ATTACHED.exec(b.text);
      if (mm && accept(mm[1] ?? "")) current.push({ path: mm[1] ?? "", text: mm[2] ?? "" });
    }
    turns.push(current);
  });
  return turns;
}

/** Why a run gave nothing to compare, in one line (timeout, not startable, exit status and stderr). */
function runFailure(run: ClaudeRun, timeoutMs: number): string {
  if (run.spawnError) return `could not start: ${run.spawnError}`;
  if (run.timedOut) return `did not finish within ${timeoutMs / 1000} s (killed; raise --timeout)`;
  const err = run.stderr.trim().split("\n").slice(0, 3).join(" / ").slice(0, 400);
  return `exited ${run.code} without sending a request to the loopback upstream${err ? `: ${err}` : ""}`;
}

/**
 * Claude Code's verify runner: `claude -p hello` against the loopback upstream with a throwaway HOME and
 * config dir, a scripted model that asks for nothing but the Reads given, only the Read tool allowed.
 * Settled on 2.1.332 and 2.1.197 (docs/findings-verify.md).
 */
export const claudeVerifyRunner: VerifyRunner = {
  executable: "claude",
  npmPackage: "@anthropic-ai/claude-code",
  parseVersion: (out) => CLAUDE_VERSION_LINE.exec(out)?.[1],
  reads: true,
  instructionFile: (rel) => INSTRUCTION_FILE.test(rel),
  listedSource: (rel) => LISTED_SOURCE.test(rel),
  settingsFile: (rel) => SETTINGS_FILE.test(rel),
  rewriteSettings(_rel, text) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return undefined;
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return undefined;
    return `${JSON.stringify(pickAllowed(parsed, CLAUDE_VERIFY_SETTINGS) ?? {}, null, 2)}\n`;
  },
  ancestorNames: [
    "CLAUDE.md",
    "CLAUDE.local.md",
    ".claude",
    ".mcp.json",
    ".lsp.json",
    ".claude-plugin",
    ".git",
  ],
  async observe(req) {
    const script: Turn[] = req.reads.map((file_path) => [
      { type: "tool_use", name: "Read", input: { file_path } },
    ]);
    const run = await runClaudeCli({
      bin: req.bin,
      cwd: req.cwd,
      home: req.home,
      configDir: join(req.home, ".claude-config"),
      script,
      args: ["--allowedTools", "Read", ...(req.agentArgs ?? [])],
      env: { ...req.userEnv, ...req.env },
      timeoutMs: req.timeoutMs,
      run: req.run,
    });
    if (run.mainRequests.length === 0) throw new VerifyRunError(runFailure(run, req.timeoutMs));
    if (run.mainRequests.length < req.reads.length + 1)
      throw new VerifyRunError(
        `answered ${run.mainRequests.length - 1} of ${req.reads.length} scripted Reads (${runFailure(run, req.timeoutMs)})`,
      );
    // Only paths in the copy or the throwaway home can be the CLI's own sections.
    const ours = (p: string) => inside(req.root, p) || inside(req.home, p);
    const launch = launchFiles(run, ours).map((s) => ({ path: s.path, text: s.text, label: s.label }));
    const turns = attachedPerTurn(run, ours, req.release);
    // The lists' entries without the CLI's own: with no skill, subagent or command file in the copy (and an
    // empty home), every entry is the CLI's own; else those an empty folder's run lists are left out.
    const listed = claudeListEntries(run.mainRequests[0]?.body, req.release);
    const own = hasFileBelow(req.root, (rel) => LISTED_SOURCE.test(rel))
      ? await builtIns(req).then((b) => listed.filter((e) => !b.has(`${e.list}\u0000${e.text}`)))
      : [];
    return {
      launch: { files: launch, entries: own },
      reads: req.reads.map((_, i) => ({ files: turns[i] ?? [] })),
      otherRequests: run.requests.filter((r) => !r.url.startsWith("/v1/messages")).map((r) => r.url),
    };
  },
  predict(snapshot, reads, home) {
    const abs = (p: string) => (isAbsolute(p) ? p : join(snapshot.root, p));
    // The memory files' sections as files; skills, commands and subagents as the lists' entries (auto
    // memory and the output style need the user layer and settings a copy never holds).
    const launch = snapshot.items
      .filter((it) => FILE_KINDS.has(it.kind))
      .map((it) => ({
        path: abs(it.path),
        text: snapshot.texts.get(it.path) ?? "",
        label: it.charged ? CLAUDE_LABELS.project : CLAUDE_LABELS.local,
      }));
    const session = claudeOnDemand(snapshot, { home });
    const predicted = reads.map((target) => {
      const r = session.read(target);
      return { files: r.items.map((it) => ({ path: abs(it.path), text: r.texts.get(it.path) ?? "" })) };
    });
    const entries = predictedEntries(snapshot, CLAUDE_LISTS, (_list, text) => claudeEntryName(text));
    return { launch: { files: launch, entries }, reads: predicted };
  },
  // `verify --env`: the switches the model's user view reads (docs/findings-claude-settings.md); a value
  // is a word (`1`, `true`...), never a path.
  userInputs: {
    env: {
      CLAUDE_CODE_DISABLE_CLAUDE_MDS: switchValue,
      CLAUDE_CODE_DISABLE_ATTACHMENTS: switchValue,
    },
    args: [],
  },
  probes: CLAUDE_PROBES,
};

/** A switch's value: a short word (`1`, `true`, `0`...). */
function switchValue(v: string): string | undefined {
  return /^[A-Za-z0-9]{0,16}$/.test(v) ? undefined : "give a switch value such as 1 or true";
}
