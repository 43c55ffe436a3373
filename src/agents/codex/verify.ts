/**
 * Runs a real Codex CLI offline (`codex [args] debug prompt-input hi`) with a throwaway HOME and
 * CODEX_HOME and extracts the AGENTS.md user message it would send: the one harness the product's
 * `verify` and the conformance suite (test/support/codex.ts) share. `debug prompt-input` only assembles
 * the prompt; it opens no connection (settled on Codex 0.171.0).
 */
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import { lazyToml } from "../../markdown/lazy.js";
import {
  type DeliveredEntry,
  type DeliveredFile,
  type RunProcess,
  type Snapshot,
  VerifyRunError,
  type VerifyRunner,
} from "../../model/index.js";
import { dashEntryName, hasFileBelow, predictedEntries } from "../../verify/entries.js";
import { runProcess } from "../../verify/process.js";
import { countOf, pickAllowed, stringList } from "../../verify/settings.js";
import { startUpstream } from "../../verify/upstream.js";
import { CODEX_JOIN } from "./chain.js";
import { CODEX_PROBES } from "./probes.js";

export interface CodexRun {
  /** Exit status (null when killed). */
  code: number | null;
  stderr: string;
  /** True when the CLI was killed at the timeout. */
  timedOut?: boolean;
  /** Set when the binary could not be started. */
  spawnError?: string;
  /** False when stdout was not the JSON list of prompt items `debug prompt-input` prints. */
  parsed: boolean;
  /** Every user-role text item of the prompt, in order. */
  userTexts: string[];
  /** The "# AGENTS.md instructions" user message, or "" when Codex sent none. */
  agentsMessage: string;
  /** The `<skills_instructions>` text item (any role), or undefined when Codex sent none. */
  skillsBlock?: string;
}

export interface RunCodexCliOptions {
  /** The `codex` executable (absolute path, or a name found on PATH). */
  bin: string;
  /** Directory the CLI starts in (absolute). */
  cwd: string;
  /**
   * Throwaway CODEX_HOME (HOME/.codex when absent; created). `null`: leave CODEX_HOME unset, so Codex
   * falls back to `$HOME/.codex`.
   */
  codexHome?: string | null;
  /** Throwaway HOME (a fresh temp directory when absent). */
  home?: string;
  /** Extra global args before `debug prompt-input`, e.g. ["-c", "project_doc_max_bytes=10"]. */
  args?: string[];
  /** Extra environment, applied last. */
  env?: Record<string, string>;
  /** Kill the CLI after this many milliseconds (default 30,000). */
  timeoutMs?: number;
  /** How the process runs (default {@link runProcess}; verify passes its isolating runner). */
  run?: RunProcess;
  /** Loopback servers the process must reach (for an isolating `run`). */
  reach?: readonly string[];
}

/** Runs `BIN [args] debug prompt-input hi` in `cwd`; resolves when the CLI exits, never rejects. */
export async function runCodexCli(opts: RunCodexCliOptions): Promise<CodexRun> {
  const home = opts.home ?? mkdtempSync(join(tmpdir(), "ac-codex-home-"));
  const env: Record<string, string> = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home };
  if (opts.codexHome !== null) {
    const codexHome = opts.codexHome ?? join(home, ".codex");
    mkdirSync(codexHome, { recursive: true });
    env.CODEX_HOME = codexHome;
  }
  Object.assign(env, opts.env);
  const args = [...(opts.args ?? []), "debug", "prompt-input", "hi"];
  const r = await (opts.run ?? runProcess)(opts.bin, args, {
    cwd: opts.cwd,
    env,
    timeoutMs: opts.timeoutMs ?? 30_000,
    ...(opts.reach ? { reach: opts.reach } : {}),
  });
  const userTexts: string[] = [];
  let skillsBlock: string | undefined;
  let parsed = false;
  try {
    const items = JSON.parse(r.stdout) as { role?: string; content?: { text?: string }[] }[];
    if (Array.isArray(items)) {
      parsed = true;
      for (const it of items) {
        for (const c of it?.content ?? [])
          if (typeof c?.text === "string" && c.text.startsWith("<skills_instructions>"))
            skillsBlock ??= c.text;
        if (it?.role !== "user") continue;
        for (const c of it.content ?? []) if (typeof c?.text === "string") userTexts.push(c.text);
      }
    }
  } catch {
    // not the JSON prompt: parsed stays false; the caller sees code/stderr
  }
  const agentsMessage = userTexts.find((t) => t.startsWith("# AGENTS.md instructions")) ?? "";
  return {
    code: r.code,
    stderr: r.stderr,
    ...(r.timedOut ? { timedOut: true } : {}),
    ...(r.spawnError !== undefined ? { spawnError: r.spawnError } : {}),
    parsed,
    userTexts,
    agentsMessage,
    ...(skillsBlock !== undefined ? { skillsBlock } : {}),
  };
}

/** A path segment that is not dotted. */
const SEG = "[^./][^/]*";
/**
 * The files Codex reads for a skills list entry (./sources.ts, ./skill-file.ts): every `SKILL.md` below a
 * `.codex/skills` or `.agents/skills` folder, and the per-skill settings beside it that can hide it
 * (`agents/openai.yaml`, read as YAML data). Never a skill's scripts or assets.
 */
const LISTED_SOURCE = new RegExp(
  `^(?:${SEG}/)*\\.(?:codex|agents)/skills/(?:${SEG}/)*(?:SKILL\\.md|agents/openai\\.yaml)$`,
);
const SKILL_FILE = /(?:^|\/)SKILL\.md$/;

/**
 * The repository's skills list entries in a `<skills_instructions>` block (0.171.0), in the CLI's order:
 * the lines of `### Available skills` but those in the built-in `.system` root (its row of the roots
 * table ends in `/skills/.system`: `$CODEX_HOME/skills/.system`).
 */
export function codexSkillEntries(block: string): DeliveredEntry[] {
  const roots = /### Skill roots\n([\s\S]*?)\n### Available skills\n/.exec(block)?.[1] ?? "";
  // `$CODEX_HOME/skills/.system`, wherever CODEX_HOME is (fuzz seed cx:4).
  const system = roots.split("\n").find((l) => l.endsWith("/skills/.system`"));
  const systemId = system ? /`(r\d+)`/.exec(system)?.[1] : undefined;
  const at = block.indexOf("### Available skills\n");
  if (at < 0) return [];
  const end = block.lastIndexOf("\n</skills_instructions>");
  const list = block.slice(at + "### Available skills\n".length, end > at ? end : block.length);
  return list
    .split("\n")
    .filter((l) => l !== "" && !(systemId && l.includes(`(file: ${systemId}/`)))
    .map((text) => ({ list: "skills", name: dashEntryName(text), text }));
}

/** The version line of `codex --version` (0.171.0): `codex-cli 0.171.0`. */
const CODEX_VERSION_LINE = /^\s*codex-cli (\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?)\s*$/m;

/** The model provider a verify run defines on the command line: the loopback upstream. */
const LOOPBACK_PROVIDER = "agent_context_verify";

const PROJECT_CONFIG = /(^|\/)\.codex\/config\.toml$/;

/**
 * The project config a verify copy keeps, by type: the keys that shape the AGENTS.md chain. Nothing else
 * of `config.toml` is written (not `notify`, `mcp_servers`, `model_providers`, `openai_base_url`, `hooks`,
 * `plugins`, `shell_environment_policy`, `projects`...).
 */
export const CODEX_VERIFY_CONFIG = {
  project_doc_max_bytes: countOf,
  project_doc_fallback_filenames: stringList,
  project_root_markers: stringList,
} as const;

/**
 * The AGENTS.md message Codex would send for a snapshot of the fresh-clone view (no global file): the
 * delivered texts joined with a blank line inside `<INSTRUCTIONS>` (src/agents/codex/chain.ts, rule 4).
 */
export function codexMessageOf(snapshot: Snapshot): { files: DeliveredFile[]; message: string } {
  const files = snapshot.items
    .filter((it) => it.kind === "memory" && it.charged && (snapshot.texts.get(it.path) ?? "") !== "")
    .map((it) => ({
      path: isAbsolute(it.path) ? it.path : join(snapshot.root, it.path),
      text: snapshot.texts.get(it.path) ?? "",
    }));
  const rendered = files.map((f) => f.text).join(CODEX_JOIN);
  const message =
    rendered === ""
      ? ""
      : `# AGENTS.md instructions for ${snapshot.cwd}\n\n<INSTRUCTIONS>\n${rendered}\n</INSTRUCTIONS>`;
  return { files, message };
}

/** Bytes between `<INSTRUCTIONS>\n` and `\n</INSTRUCTIONS>` (the whole message when the tags are not there). */
function instructionBytes(message: string): number {
  const open = "<INSTRUCTIONS>\n";
  const a = message.indexOf(open);
  const b = message.lastIndexOf("\n</INSTRUCTIONS>");
  return Buffer.byteLength(a >= 0 && b >= a ? message.slice(a + open.length, b) : message, "utf8");
}

/**
 * Codex's verify runner: `codex debug prompt-input hi` with a throwaway HOME and CODEX_HOME. Launch only
 * (Codex attaches nothing on read). Settled on 0.171.0 (docs/findings-verify.md).
 */
export const codexVerifyRunner: VerifyRunner = {
  executable: "codex",
  npmPackage: "@openai/codex",
  parseVersion: (out) => CODEX_VERSION_LINE.exec(out)?.[1],
  reads: false,
  instructionFile: () => false,
  listedSource: (rel) => LISTED_SOURCE.test(rel),
  settingsFile: (rel) => PROJECT_CONFIG.test(rel),
  rewriteSettings(_rel, text) {
    let parsed: Record<string, unknown>;
    try {
      parsed = lazyToml().parse(text) as Record<string, unknown>;
    } catch {
      return undefined;
    }
    const kept = pickAllowed(parsed, CODEX_VERIFY_CONFIG) as Record<string, unknown> | undefined;
    return lazyToml().stringify(kept ?? {});
  },
  ancestorNames: ["AGENTS.md", "AGENTS.override.md", ".codex", ".agents", ".git"],
  async observe(req) {
    // With its default provider, 0.171.0's prompt-input may open a connection to api.openai.com:443 while
    // it assembles the prompt (the trap proxy sees it on some runs; OPENAI_BASE_URL does not stop it). A
    // model provider whose base URL is the loopback upstream does (docs/findings-verify.md).
    const up = await startUpstream();
    let run: CodexRun;
    try {
      run = await runCodexCli({
        bin: req.bin,
        cwd: req.cwd,
        home: req.home,
        args: [
          "-c",
          `model_providers.${LOOPBACK_PROVIDER}={name="agent-context verify",base_url="${up.url}/v1",wire_api="responses"}`,
          "-c",
          `model_provider="${LOOPBACK_PROVIDER}"`,
          ...(req.agentArgs ?? []),
        ],
        env: { ...req.userEnv, ...req.env },
        timeoutMs: req.timeoutMs,
        run: req.run,
        reach: [up.url],
      });
    } finally {
      await up.close();
    }
    if (run.spawnError) throw new VerifyRunError(`could not start: ${run.spawnError}`);
    if (run.timedOut)
      throw new VerifyRunError(`did not finish within ${req.timeoutMs / 1000} s (killed; raise --timeout)`);
    if (run.code !== 0 || !run.parsed) {
      const err = run.stderr.trim().split("\n").slice(0, 3).join(" / ").slice(0, 400);
      throw new VerifyRunError(
        run.code !== 0
          ? `\`debug prompt-input\` exited ${run.code}${err ? `: ${err}` : ""}`
          : "`debug prompt-input` printed something other than the JSON prompt this release of verify reads",
      );
    }
    // With no SKILL.md in the copy, every skill listed is Codex's own (the home is empty).
    const entries = hasFileBelow(req.root, (rel) => SKILL_FILE.test(rel) && LISTED_SOURCE.test(rel))
      ? codexSkillEntries(run.skillsBlock ?? "")
      : [];
    return {
      launch: {
        files: [],
        message: run.agentsMessage,
        instructionBytes: instructionBytes(run.agentsMessage),
        entries,
      },
      reads: [],
      otherRequests: up.requests.map((r) => (r.main ? `POST ${r.url}` : r.url)),
    };
  },
  predict(snapshot) {
    const entries = predictedEntries(snapshot, ["skills"], (_list, text) => dashEntryName(text));
    return { launch: { ...codexMessageOf(snapshot), entries }, reads: [] };
  },
  probes: CODEX_PROBES,
};
