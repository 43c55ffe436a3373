/**
 * `lint`'s disable comments (`<!-- agent-context-disable … -->`, src/lint/disable.ts) in every agent's
 * instruction files, recorded from the pinned CLIs (test/conformance/recorded/disable-comments.json, `<B>` =
 * the case directory; layout: test/support/recorded.ts): does the comment reach the first request, and does
 * each model count exactly what its agent sends? Settled (docs/commands/lint.md, "What a disable comment
 * costs"): Claude Code (2.1.332 and 2.1.197) strips a comment that is a block of its own and keeps one inside
 * a paragraph; Codex, Gemini CLI and Copilot CLI send every comment as written.
 */
import { isAbsolute, join } from "node:path";
import { codexChain } from "../../src/agents/codex/chain.js";
import { agentById } from "../../src/agents/index.js";
import { type CaseDirs, placeholders, type RecordedCase } from "../support/recorded.js";

/** One instruction file's text with every form of the comment; `name` tells the files apart. */
function withComments(name: string, eol = "\n"): string {
  return [
    "<!-- agent-context-disable memory-read-by-one-agent -->",
    `# ${name} instructions`,
    "",
    "<!-- agent-context-disable-next-line import-missing -- the page moved -->",
    "See the style guide.",
    "<!--",
    "agent-context-disable-next-line",
    "-->",
    `Keep functions short. <!-- agent-context-disable-next-line --> ${name} inline`,
    "",
    "<!-- agent-context-disable -->",
    "",
  ].join(eol);
}

const FILES = (eol?: string) => ({
  "CLAUDE.md": withComments("CLAUDE", eol),
  "AGENTS.md": withComments("AGENTS", eol),
  "GEMINI.md": withComments("GEMINI", eol),
  ".github/copilot-instructions.md": withComments("COPILOT", eol),
});

export const DISABLE_COMMENT_CASES: RecordedCase[] = [
  {
    name: "disable_comments_in_every_agents_instruction_files",
    area: "lint disable comments",
    files: FILES(),
  },
  {
    name: "disable_comments_in_crlf_instruction_files",
    area: "lint disable comments",
    files: FILES("\r\n"),
  },
];

/** What one case's CLIs sent, per agent (`claude-code@<release>`, `codex`, `gemini-cli`, `copilot-cli`). */
export interface DisableCommentRecording {
  /** Claude Code: each file's `Contents of PATH` section text. */
  claude?: { path: string; text: string }[];
  /** Codex: the AGENTS.md message. */
  codex?: string;
  /** Gemini CLI: each `--- Context from: PATH ---` block, framing included. */
  gemini?: { path: string; block: string }[];
  /** Copilot CLI: each `<custom_instruction>` block's text, in order. */
  copilot?: string[];
}

/**
 * What each model says the agent sends for a case written at `d` (paths and texts with `<B>` for the case
 * directory), in the recording's shape, with every charged item's bytes checked against its text.
 */
export function modelRecording(agentKey: string, d: CaseDirs): DisableCommentRecording {
  const p = (s: string) => placeholders(s, d.base);
  const abs = (path: string) => (isAbsolute(path) ? path : join(d.repo, path));
  const [id, release] = agentKey.split("@") as [string, string | undefined];
  const snap = agentById(id).launch({ root: d.repo, cwd: d.cwd, ...(release ? { release } : {}) });
  for (const i of snap.items.filter((x) => x.charged && x.countedIn === undefined)) {
    const sent = Buffer.byteLength(snap.texts.get(i.path) ?? "");
    if (i.bytes + (i.framingBytes ?? 0) !== sent)
      throw new Error(`${agentKey} ${i.path}: ${i.bytes} bytes charged, ${sent} sent`);
  }
  const text = (path: string) => p(snap.texts.get(path) ?? "");
  if (id === "claude-code")
    return { claude: snap.items.map((i) => ({ path: p(abs(i.path)), text: text(i.path) })) };
  if (id === "codex")
    return { codex: p(codexChain({ root: d.repo, cwd: d.cwd, codexHome: join(d.home, ".codex") }).message) };
  if (id === "gemini-cli")
    return {
      gemini: snap.items
        .filter((i) => i.importedBy === null && i.kind === "memory")
        .map((i) => ({ path: p(abs(i.path)), block: text(i.path) })),
    };
  return {
    copilot: snap.items
      .filter((i) => i.charged && i.reason.includes("<custom_instruction>"))
      .map((i) => text(i.path)),
  };
}
