/**
 * One probe per release-dependent behaviour of the Claude Code model: a minimal repository, a scripted
 * offline run of a real `claude` binary (the verify harness, src/agents/claude-code/verify.ts, against the
 * loopback upstream) and a yes/no decision read from the requests it recorded. The conformance test
 * (test/conformance/claude-release-ranges.test.ts) runs every probe on the pinned releases and checks the
 * answers of src/agents/claude-code/release-ranges.json; scripts/bisect-claude.mjs runs them on any
 * published release to find where each answer changes (docs/findings-claude-release-ranges.md).
 *
 * A probe asks about the binary only: it never consults the model, so the same probe settles a release
 * the model does not know.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import {
  CLAUDE_AGENTS_FOOTER,
  CLAUDE_AGENTS_HEADER,
  CLAUDE_SKILLS_HEADER,
} from "../../src/agents/claude-code/sources.js";
import {
  attachedPerTurn,
  type ClaudeRun,
  launchSections,
  runClaudeCli,
} from "../../src/agents/claude-code/verify.js";
import type { DeliveredFile } from "../../src/model/index.js";
import type { RecordedRequest, Turn } from "../../src/verify/upstream.js";
import { writeFixture } from "./fixture.js";
import { sharedSession } from "./session-log.js";

/** A scripted tool call; `$ROOT` in its input is the probe repository's root. */
export type ProbeTool = [name: string, input: Record<string, unknown>];

/** What one run of a probe recorded, with paths relative to the probe repository. */
export interface ProbeObservation {
  /** The probe repository's real root. */
  root: string;
  run: ClaudeRun;
  /** The launch set: the `Contents of PATH (label):` sections of the first request's first user message. */
  launch: { path: string; label: string; text: string }[];
  /** What was attached after each scripted tool call (paths relative to the root), by the shared parser. */
  turns: DeliveredFile[][];
  /** Every text block of the first main request's first user message, joined by a blank line. */
  firstUserText: string;
  /**
   * The messages of the last main request that follow the first tool call (the tool result's user message
   * and whatever comes after it), with the root written `$ROOT` and tool ids `toolu_N`: where a release's
   * framing around attachments shows.
   */
  afterFirstTool: unknown[];
}

export interface ClaudeReleaseProbe {
  /** The behaviour's id in src/agents/claude-code/release-ranges.json. */
  id: string;
  /** What a "yes" means, one sentence. */
  question: string;
  /** The probe repository: relative path → text. */
  files: Record<string, string>;
  /** Symlinks: relative path → target as written (`<R>` is the root). */
  links?: Record<string, string>;
  /** Directories (relative; `.` the root) that are git repositories. */
  git?: string[];
  /** How the CLI is run. */
  run: {
    /** Launch directory relative to the root (default the root). */
    cwd?: string;
    /** Files written into the CLAUDE_CONFIG_DIR (user settings, user rules). */
    config?: Record<string, string>;
    /** Tool calls the scripted model makes, one per turn. */
    tools?: ProbeTool[];
  };
  /** Yes or no, from what the CLI sent. */
  decide(o: ProbeObservation): boolean;
  /** The facts `decide` read, in one line (default: the launch paths and each turn's attached paths). */
  evidence?(o: ProbeObservation): string;
  /**
   * The framing around the files, with the files' texts, the root, dates and counters written as
   * placeholders: the bisection also finds where this string changes (a release's wording or extra lines),
   * beside the yes/no answer.
   */
  shape?(o: ProbeObservation): string;
}

export interface ProbeAnswer {
  id: string;
  answer: boolean;
  evidence: string;
  /** The probe's framing shape, when it has one. */
  shape?: string;
}

const ROOTVAR = "$ROOT";

/** The flags every scripted run passes: the tools the probes call, allowed without a prompt (as root too). */
export const PROBE_ARGS = ["--permission-mode", "acceptEdits", "--allowedTools", "Read,Write,Edit,Bash"];

function subst<T>(v: T, root: string): T {
  return JSON.parse(JSON.stringify(v).replaceAll(ROOTVAR, root));
}

// biome-ignore lint/suspicious/noExplicitAny: API message JSON
function texts(message: any): string[] {
  if (!message) return [];
  if (typeof message.content === "string") return [message.content];
  if (!Array.isArray(message.content)) return [];
  // biome-ignore lint/suspicious/noExplicitAny: API content blocks
  return message.content.filter((b: any) => b?.type === "text").map((b: any) => String(b.text));
}

/** `value` with the root as `$ROOT`, tool ids numbered in order, and today's date as `DATE`. */
function normalise(value: unknown, root: string): unknown {
  const ids = new Map<string, string>();
  const json = JSON.stringify(value ?? null)
    .replaceAll(root, ROOTVAR)
    .replace(/toolu_[0-9A-Za-z]+/g, (id) => {
      if (!ids.has(id)) ids.set(id, `toolu_${ids.size + 1}`);
      return ids.get(id) as string;
    })
    .replace(/\d{4}-\d{2}-\d{2}/g, "DATE");
  return JSON.parse(json);
}

function observation(root: string, run: ClaudeRun, tools: number): ProbeObservation {
  const rel = (p: string) => (p.startsWith(`${root}/`) ? p.slice(root.length + 1) : p);
  const first = run.mainRequests[0];
  const last = run.mainRequests.at(-1);
  if (!first || run.mainRequests.length < tools + 1)
    throw new Error(
      `the CLI answered ${Math.max(0, run.mainRequests.length - 1)} of ${tools} scripted tool calls (exit ${run.code}${run.timedOut ? ", timed out" : ""}): ${run.stderr.slice(0, 600)}`,
    );
  // biome-ignore lint/suspicious/noExplicitAny: API message JSON
  const messages = (last?.body?.messages ?? []) as any[];
  const firstTool = messages.findIndex(
    // biome-ignore lint/suspicious/noExplicitAny: API content blocks
    (m) => Array.isArray(m?.content) && m.content.some((b: any) => b?.type === "tool_result"),
  );
  const turns = attachedPerTurn(run).map((t) => t.map((f) => ({ path: rel(f.path), text: f.text })));
  while (turns.length < tools) turns.push([]);
  return {
    root,
    run,
    launch: launchSections(run).map((s) => ({ ...s, path: rel(s.path) })),
    turns,
    firstUserText: texts(first.body?.messages?.[0]).join("\n\n"),
    afterFirstTool: firstTool < 0 ? [] : (normalise(messages.slice(firstTool), root) as unknown[]),
  };
}

/** The default evidence line: launch paths, then each turn's attached paths. */
export function summary(o: ProbeObservation): string {
  const launch = `launch [${o.launch.map((s) => s.path).join(", ")}]`;
  if (o.turns.length === 0) return launch;
  return `${launch}; attached ${o.turns.map((t) => `[${t.map((f) => f.path).join(", ")}]`).join(" ")}`;
}

export interface RunProbeOptions {
  /** Kill the CLI after this many milliseconds (default 90,000). */
  timeoutMs?: number;
}

/**
 * Writes the probe's repository, runs `bin` in it offline with the probe's script and returns the
 * observation. Throws when the CLI does not answer every scripted call.
 */
export async function observeProbe(
  probe: ClaudeReleaseProbe,
  bin: string,
  opts: RunProbeOptions = {},
): Promise<ProbeObservation> {
  const root = writeFixture(
    { files: probe.files, ...(probe.links ? { links: probe.links } : {}), git: probe.git ?? [] },
    `ac-probe-${probe.id}-`,
  );
  const home = join(root, ".home");
  const configDir = join(root, ".cfg");
  mkdirSync(home, { recursive: true });
  for (const [relPath, text] of Object.entries(probe.run.config ?? {})) {
    mkdirSync(dirname(join(configDir, relPath)), { recursive: true });
    writeFileSync(join(configDir, relPath), text);
  }
  const tools = probe.run.tools ?? [];
  const script: Turn[] = tools.map(([name, input]) => [
    { type: "tool_use", name, input: subst(input, root) },
  ]);
  const cwd = join(root, probe.run.cwd ?? "");
  mkdirSync(cwd, { recursive: true });
  // Probes that differ only in what they read from the run (same files, config, script, release) share
  // one session of this file, read relative to the root it ran in.
  const ran = await sharedSession(
    "claude-code",
    bin,
    { cwd, home, configDir, script, args: PROBE_ARGS },
    async () => ({
      root,
      run: await runClaudeCli({
        bin,
        cwd,
        home,
        configDir,
        script,
        args: PROBE_ARGS,
        timeoutMs: opts.timeoutMs ?? 90_000,
      }),
    }),
    (r) => !r.run.timedOut && r.run.code === 0,
  );
  return observation(ran.root, ran.run, tools.length);
}

/** Runs one probe on `bin`: its answer and the evidence it was read from. */
export async function runProbe(
  probe: ClaudeReleaseProbe,
  bin: string,
  opts: RunProbeOptions = {},
): Promise<ProbeAnswer> {
  const o = await observeProbe(probe, bin, opts);
  const answer = { id: probe.id, answer: probe.decide(o), evidence: (probe.evidence ?? summary)(o) };
  return probe.shape ? { ...answer, shape: probe.shape(o) } : answer;
}

/**
 * A shape in its canonical form: a message's string content written as one text block (releases switch
 * between the two as they move their cache marker, which says nothing about the framing), cache markers
 * dropped, token counts written `N`.
 */
export function canonicalShape(shape: string): string {
  let value: unknown;
  try {
    value = JSON.parse(shape);
  } catch {
    return shape;
  }
  return JSON.stringify(value, (k, v) => {
    if (k === "cache_control") return undefined;
    if (v && typeof v === "object" && "role" in v && typeof v.content === "string")
      return { ...v, content: [{ type: "text", text: v.content }] };
    return v;
  }).replace(/\d+ tokens left/g, "N tokens left");
}

/**
 * `value` (JSON) as a canonical shape: `files` (text → placeholder) replaced and tool results' contents
 * dropped.
 */
function shapeOf(value: unknown, files: Record<string, string>): string {
  let json = JSON.stringify(value, (_k, v) =>
    v && typeof v === "object" && v.type === "tool_result" ? { ...v, content: "RESULT" } : v,
  );
  for (const [text, name] of Object.entries(files))
    json = json.replaceAll(JSON.stringify(text).slice(1, -1), name);
  return canonicalShape(json);
}

/** The launch reminder (the text block holding the first `Contents of`) as a shape. */
function launchShape(o: ProbeObservation, files: Record<string, string>): string {
  const first = o.run.mainRequests[0]?.body?.messages?.[0];
  const blocks: unknown[] = typeof first?.content === "string" ? [first.content] : (first?.content ?? []);
  const block = blocks.find((b) => JSON.stringify(b).includes("Contents of "));
  return shapeOf(normalise(block ?? null, o.root), files);
}

/** The text from the subagent list's header to the end of its text block, in the first request. */
function agentsBlock(o: ProbeObservation): string | undefined {
  const body = o.run.mainRequests[0]?.body;
  const blocks: string[] = [
    ...((body?.system ?? []) as { text?: string }[]).map((b) => b.text ?? ""),
    // biome-ignore lint/suspicious/noExplicitAny: API message JSON
    ...((body?.messages ?? []) as any[]).flatMap(texts),
  ];
  const t = blocks.find((b) => b.includes(CLAUDE_AGENTS_HEADER));
  return t === undefined ? undefined : t.slice(t.indexOf(CLAUDE_AGENTS_HEADER));
}

const launched = (o: ProbeObservation, path: string) => o.launch.some((s) => s.path === path);
const attached = (o: ProbeObservation, turn: number, path: string) =>
  (o.turns[turn] ?? []).some((f) => f.path === path);

/** The repository of the tool-call probes: nested memory that the call's target should bring. */
const NESTED: Record<string, string> = {
  "CLAUDE.md": "Root memory.\n",
  "pkg/CLAUDE.md": "Pkg memory.\n",
  "pkg/a.txt": "a\n",
  "pkg/d/x.ts": "x\n",
};

/** The user settings that put the built-in AGENTS.md plugin in its `managed-only` mode (2.1.332). */
const MANAGED_ONLY = `${JSON.stringify(
  { pluginConfigs: { "cc-plugin-agents-md@builtin": { options: { instructionFiles: "managed-only" } } } },
  null,
  2,
)}\n`;

/** Every release-dependent behaviour of the Claude Code model, as a probe. */
export const CLAUDE_RELEASE_PROBES: readonly ClaudeReleaseProbe[] = [
  // ----- launch -----
  {
    id: "agents-md-at-launch",
    question: "does a repository whose only memory file is AGENTS.md get it at launch?",
    files: { "AGENTS.md": "Agents root.\n" },
    run: {},
    decide: (o) => launched(o, "AGENTS.md"),
  },
  {
    id: "dot-claude-agents-md-at-launch",
    question: "does a repository whose only memory file is .claude/AGENTS.md get it at launch?",
    files: { ".claude/AGENTS.md": "Agents dot.\n" },
    run: {},
    decide: (o) => launched(o, ".claude/AGENTS.md"),
  },
  {
    id: "bom-before-frontmatter",
    question: "is a rule whose frontmatter follows a UTF-8 BOM scoped (so not loaded at launch)?",
    files: {
      "CLAUDE.md": "Root memory.\n",
      ".claude/rules/bom.md": "\ufeff---\npaths: src/**\n---\nBom scoped.\n",
    },
    run: {},
    decide: (o) => launched(o, "CLAUDE.md") && !launched(o, ".claude/rules/bom.md"),
  },
  {
    id: "rule-link-outside-cwd-dropped",
    question: "is a rule symlinked to a file outside the working directory dropped at launch?",
    files: { "repo/CLAUDE.md": "Repo memory.\n", "ext/r.md": "External rule.\n" },
    links: { "repo/.claude/rules/l.md": "../../../ext/r.md" },
    git: ["repo"],
    run: { cwd: "repo" },
    decide: (o) => launched(o, "repo/CLAUDE.md") && !o.launch.some((s) => s.text.includes("External rule.")),
  },
  {
    id: "rules-dir-link-outside-cwd-dropped",
    question: "are the rules of a .claude/rules directory symlinked outside the working directory dropped?",
    files: { "repo/CLAUDE.md": "Repo memory.\n", "ext/rules/u.md": "External unscoped rule.\n" },
    links: { "repo/.claude/rules": "../../ext/rules" },
    git: ["repo"],
    run: { cwd: "repo" },
    decide: (o) =>
      launched(o, "repo/CLAUDE.md") && !o.launch.some((s) => s.text.includes("External unscoped rule.")),
  },
  {
    id: "import-real-path-inside-cwd",
    question:
      "is an import of a symlink inside the working directory that leads outside it dropped (real path checked)?",
    files: { "repo/CLAUDE.md": "Repo memory.\n@link.md\n", "ext/x.md": "Linked outside.\n" },
    links: { "repo/link.md": "../ext/x.md" },
    git: ["repo"],
    run: { cwd: "repo" },
    decide: (o) => launched(o, "repo/CLAUDE.md") && !o.launch.some((s) => s.text.includes("Linked outside.")),
  },
  {
    id: "lf-where-comment-marker",
    question: "is a CRLF memory file holding an inline <!-- comment --> sent with LF line endings?",
    files: { "CLAUDE.md": "Mem.\r\nkeep <!-- c --> this\r\n" },
    run: {},
    decide: (o) => {
      const t = o.launch.find((s) => s.path === "CLAUDE.md")?.text;
      if (t === undefined) throw new Error("CLAUDE.md was not loaded at launch");
      return !t.includes("\r");
    },
    evidence: (o) =>
      `CLAUDE.md sent as ${JSON.stringify(o.launch.find((s) => s.path === "CLAUDE.md")?.text ?? null)}`,
  },
  {
    id: "agents-md-plugin-options",
    question:
      'does pluginConfigs["cc-plugin-agents-md@builtin"].options.instructionFiles = "managed-only" in the user settings empty the launch set?',
    files: { "CLAUDE.md": "Root memory.\n", ".claude/rules/u.md": "Unscoped rule.\n" },
    run: { config: { "settings.json": MANAGED_ONLY } },
    decide: (o) => o.launch.length === 0,
  },
  {
    id: "claude-md-heading",
    question:
      "does the launch reminder put the files under a `# claudeMd` heading (followed by `# currentDate` in the same reminder)?",
    files: { "CLAUDE.md": "Root memory.\n" },
    run: {},
    decide: (o) => /(?:^|\n)# claudeMd\n/.test(o.firstUserText),
    evidence: (o) => `launch reminder: ${launchShape(o, { "Root memory.": "<FILE>" })}`,
    shape: (o) => launchShape(o, { "Root memory.": "<FILE>" }),
  },
  {
    id: "agents-list-without-footer",
    question:
      "does the subagent list end without its `When you launch multiple agents …` line, the skills list's header right after its last entry?",
    files: {
      "CLAUDE.md": "Root memory.\n",
      ".claude/skills/probe-skill/SKILL.md":
        "---\nname: probe-skill\ndescription: Use this skill when a release probe asks.\n---\nBody.\n",
    },
    run: {},
    decide: (o) => {
      const block = agentsBlock(o);
      if (block === undefined) throw new Error("no subagent list in the first request");
      return !block.includes(CLAUDE_AGENTS_FOOTER);
    },
    evidence: (o) => {
      const block = agentsBlock(o) ?? "";
      const end = block.indexOf(CLAUDE_SKILLS_HEADER);
      return `after the last subagent entry: ${JSON.stringify(block.slice(Math.max(0, (end < 0 ? block.length : end) - 160), end < 0 ? undefined : end + 40))}`;
    },
  },
  // ----- on demand: which tool calls attach -----
  {
    id: "attach-on-write",
    question: "does a Write of a new file attach the nested CLAUDE.md above it?",
    files: NESTED,
    run: { tools: [["Write", { file_path: `${ROOTVAR}/pkg/new.ts`, content: "n\n" }]] },
    decide: (o) => attached(o, 0, "pkg/CLAUDE.md"),
  },
  {
    id: "attach-on-edit",
    question: "does an Edit (without a Read before it) attach the nested CLAUDE.md above the file?",
    files: { ...NESTED, "pkg/e.ts": "let e = 1;\n" },
    run: {
      tools: [["Edit", { file_path: `${ROOTVAR}/pkg/e.ts`, old_string: "e = 1", new_string: "e = 2" }]],
    },
    decide: (o) => attached(o, 0, "pkg/CLAUDE.md"),
  },
  {
    id: "attach-on-bash-read",
    question: "does a plain-read Bash command (`cat pkg/a.txt`) attach the nested CLAUDE.md above the file?",
    files: NESTED,
    run: { tools: [["Bash", { command: "cat pkg/a.txt" }]] },
    decide: (o) => attached(o, 0, "pkg/CLAUDE.md"),
  },
  {
    id: "attach-on-read-missing",
    question: "does a Read of a missing file attach the nested CLAUDE.md above it?",
    files: NESTED,
    run: { tools: [["Read", { file_path: `${ROOTVAR}/pkg/missing.ts` }]] },
    decide: (o) => attached(o, 0, "pkg/CLAUDE.md"),
  },
  {
    id: "attach-on-read-directory",
    question: "does a Read of a directory attach the nested CLAUDE.md of that directory's parent?",
    files: NESTED,
    run: { tools: [["Read", { file_path: `${ROOTVAR}/pkg/d` }]] },
    decide: (o) => attached(o, 0, "pkg/CLAUDE.md"),
  },
  {
    id: "attach-on-read",
    question: "does a Read of an existing file attach the nested CLAUDE.md above it (the baseline)?",
    files: NESTED,
    run: { tools: [["Read", { file_path: `${ROOTVAR}/pkg/a.txt` }]] },
    decide: (o) => attached(o, 0, "pkg/CLAUDE.md"),
    shape: (o) => shapeOf(o.afterFirstTool, { "Pkg memory.": "<FILE>" }),
  },
  // ----- on demand: what is attached -----
  {
    id: "launch-set-in-context-on-read",
    question:
      "is a file loaded at launch left out when nested memory imports it on read (the launch set counts as in context)?",
    files: {
      "CLAUDE.md": "Root\n@docs/launch.md\n",
      "docs/launch.md": "L\n",
      "sub/CLAUDE.md": "Sub\n@../docs/launch.md\n",
      "sub/x.ts": "x\n",
    },
    run: { tools: [["Read", { file_path: `${ROOTVAR}/sub/x.ts` }]] },
    decide: (o) => {
      if (!attached(o, 0, "sub/CLAUDE.md")) throw new Error("sub/CLAUDE.md was not attached");
      return !attached(o, 0, "docs/launch.md");
    },
  },
  {
    id: "agents-md-on-read",
    question:
      "does a Read add the nested AGENTS.md of the file's directory in a project without CLAUDE files?",
    files: { "AGENTS.md": "A root\n", "sub/AGENTS.md": "A sub\n", "sub/x.ts": "x\n" },
    run: { tools: [["Read", { file_path: `${ROOTVAR}/sub/x.ts` }]] },
    decide: (o) => attached(o, 0, "sub/AGENTS.md"),
    shape: (o) => shapeOf(o.afterFirstTool, { "A sub": "<FILE>" }),
  },
  {
    id: "total-tokens-after-attachments",
    question:
      "does a `<total_tokens>N tokens left</total_tokens>` line follow the tool result (after any attached files)?",
    files: NESTED,
    run: { tools: [["Read", { file_path: `${ROOTVAR}/pkg/a.txt` }]] },
    decide: (o) => JSON.stringify(o.afterFirstTool).includes("<total_tokens>"),
    evidence: (o) => `after the tool call: ${shapeOf(o.afterFirstTool, { "Pkg memory.": "<FILE>" })}`,
  },
  {
    id: "bad-glob-ends-read",
    question:
      "does a rule whose paths: pattern does not compile (`[b/**/*.ts` of an unquoted flow list) end the read's attachments at its folder?",
    files: {
      "CLAUDE.md": "Root.\n",
      "a/CLAUDE.md": "A mem.\n",
      "a/b/.claude/rules/bad.md": "---\npaths: [b/**/*.ts, *.md]\n---\nBad glob.\n",
      "a/b/CLAUDE.md": "AB mem.\n",
      "a/b/c/x.ts": "x\n",
    },
    run: { tools: [["Read", { file_path: `${ROOTVAR}/a/b/c/x.ts` }]] },
    decide: (o) => {
      if (!attached(o, 0, "a/CLAUDE.md")) throw new Error("a/CLAUDE.md was not attached");
      return !attached(o, 0, "a/b/CLAUDE.md");
    },
  },
  {
    id: "attachments-in-tool-result",
    question:
      "are on-read attachments sent as `<system-reminder>` blocks in the tool result's user message (not as a role: system message after it)?",
    files: NESTED,
    run: { tools: [["Read", { file_path: `${ROOTVAR}/pkg/a.txt` }]] },
    decide: (o) => {
      const [result] = o.afterFirstTool as { role?: string; content?: unknown }[];
      const blocks = Array.isArray(result?.content)
        ? (result.content as { type?: string; text?: string }[])
        : [];
      const inResult = blocks.some(
        (b) => b.type === "text" && (b.text ?? "").includes(`Contents of ${ROOTVAR}/pkg/CLAUDE.md:`),
      );
      if (!inResult && !JSON.stringify(o.afterFirstTool).includes(`Contents of ${ROOTVAR}/pkg/CLAUDE.md:`))
        throw new Error("pkg/CLAUDE.md was not attached");
      return inResult;
    },
    evidence: (o) => `after the tool call: ${shapeOf(o.afterFirstTool, { "Pkg memory.": "<FILE>" })}`,
  },
];

/** The probe with `id`; throws naming the known ids. */
export function claudeProbe(id: string): ClaudeReleaseProbe {
  const p = CLAUDE_RELEASE_PROBES.find((x) => x.id === id);
  if (!p)
    throw new Error(`no Claude release probe ${id} (${CLAUDE_RELEASE_PROBES.map((x) => x.id).join(", ")})`);
  return p;
}

/** Every request's URL of a run (for evidence of side traffic). */
export function requestUrls(requests: RecordedRequest[]): string[] {
  return requests.map((r) => r.url);
}
