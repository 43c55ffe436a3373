/**
 * Runs a real GitHub Copilot CLI offline (`copilot -p hi --allow-all-tools --disable-client-telemetry`)
 * against the loopback OpenAI-style upstream (src/verify/upstream-chat.ts) with `COPILOT_OFFLINE=true`, a
 * throwaway HOME and COPILOT_HOME, and reads what it sent: the one harness the product's `verify` and the
 * conformance suite (test/support/copilot.ts) share. Settled on @github/copilot 1.0.102
 * (docs/findings-copilot-cli.md).
 *
 * The launch arrives as the instruction part of the system message (between `</tools>\n` and
 * `<system_notifications>`): `<custom_instruction>` blocks, always-on instruction files and the table of
 * path-scoped ones. A scripted `view` gets one user message after the tool result,
 * `"\n" + reminders.join("\n")` (src/agents/copilot-cli/on-read.ts).
 */
import {
  closeSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readSync,
  realpathSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, isAbsolute, join, resolve } from "node:path";
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
import { type ChatRequest, type ChatTurn, startChatUpstream } from "../../verify/upstream-chat.js";
import { copilotLaunchExtra } from "./extra.js";
import { copilotShownPath, renderRegion } from "./launch.js";
import { copilotOnDemand } from "./on-read.js";
import { COPILOT_PROBES } from "./probes.js";

/**
 * The default cache directory (`COPILOT_CACHE_HOME`) of every run by this user: the native binary unpacks
 * its JavaScript package there on first use (about 5 s on 1.0.102); later runs reuse it.
 */
export const COPILOT_CACHE = join(tmpdir(), `ac-copilot-cache-${process.getuid?.() ?? 0}`);

export interface CopilotRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** True when the CLI was killed at the timeout. */
  timedOut?: boolean;
  /** Set when the binary could not be started. */
  spawnError?: string;
  /** Chat completion requests, in order. */
  requests: ChatRequest[];
  /** Other requests to the upstream, as `METHOD path`. */
  other: string[];
  /** The system message of the first request. */
  system: string;
  /** The inner text of every `<custom_instruction>` block of the first request's system message, in order. */
  instructions: string[];
  /**
   * The instruction part of the first request's system message: everything between the end of the tools
   * section (`</tools>\n`) and `<system_notifications>` ("" when the CLI added nothing there).
   */
  region: string;
  home: string;
}

export interface RunCopilotCliOptions {
  /** The native `copilot` binary (absolute path, or a name found on PATH). */
  bin: string;
  cwd: string;
  /** Throwaway HOME (created when absent); COPILOT_HOME is `HOME/.copilot` unless `env` sets it. */
  home?: string;
  /** `COPILOT_CACHE_HOME` (default {@link COPILOT_CACHE}; created). */
  cache?: string;
  /** Extra environment, applied last (e.g. COPILOT_CUSTOM_INSTRUCTIONS_DIRS, proxy variables). */
  env?: Record<string, string>;
  /** Extra arguments before `-p hi`. */
  args?: string[];
  script?: ChatTurn[];
  /** Kill the CLI after this many milliseconds (default 60,000). */
  timeoutMs?: number;
  /** How the process runs (default {@link runProcess}; verify passes its isolating runner). */
  run?: RunProcess;
}

/** The inner texts of `<custom_instruction>` blocks in a system message, in order. */
export function customInstructions(system: string): string[] {
  const out: string[] = [];
  const re = /<custom_instruction>\n([\s\S]*?)\n<\/custom_instruction>/g;
  for (let m = re.exec(system); m; m = re.exec(system)) out.push(m[1] as string);
  return out;
}

/** The instruction part of a system message: between `</tools>\n` and `<system_notifications>` ("" when absent). */
export function instructionRegion(system: string): string {
  const a = system.indexOf("</tools>\n");
  const b = system.indexOf("<system_notifications>");
  if (a < 0 || b < 0 || b < a) return "";
  return system.slice(a + "</tools>\n".length, b);
}

/** The system message of a request body ("" when none). */
// biome-ignore lint/suspicious/noExplicitAny: the OpenAI API's JSON
export function systemOf(body: any): string {
  const m = body?.messages?.find((x: { role: string }) => x.role === "system");
  const c = m?.content;
  if (typeof c === "string") return c;
  if (Array.isArray(c)) return c.map((p: { text?: string }) => p.text ?? "").join("");
  return "";
}

/**
 * A cache directory this user owns and no one else can write, created mode 0700 when absent; undefined
 * when `dir` exists but is not such a directory (another user could have planted code in it).
 */
function privateDir(dir: string): string | undefined {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const st = lstatSync(dir);
    const uid = process.getuid?.();
    if (!st.isDirectory() || (uid !== undefined && st.uid !== uid) || (st.mode & 0o022) !== 0)
      return undefined;
    return dir;
  } catch {
    return undefined;
  }
}

/**
 * Runs `BIN [args] -p hi --allow-all-tools --disable-client-telemetry` in `cwd` offline (without the last
 * flag on a release that does not know it); resolves when the CLI exits or is killed at the timeout, never
 * rejects.
 */
export async function runCopilotCli(opts: RunCopilotCliOptions): Promise<CopilotRun> {
  const up = await startChatUpstream(opts.script ?? []);
  const home = opts.home ?? mkdtempSync(join(tmpdir(), "ac-copilot-home-"));
  const cache = privateDir(opts.cache ?? COPILOT_CACHE) ?? join(home, ".cache-copilot");
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    COPILOT_HOME: join(home, ".copilot"),
    COPILOT_CACHE_HOME: cache,
    COPILOT_OFFLINE: "true",
    COPILOT_PROVIDER_BASE_URL: up.url,
    COPILOT_PROVIDER_API_KEY: "offline",
    COPILOT_MODEL: "gpt-4.1",
    COPILOT_AUTO_UPDATE: "false",
    NO_COLOR: "1",
    ...opts.env,
  };
  try {
    const run = (telemetryFlag: boolean) =>
      (opts.run ?? runProcess)(
        opts.bin,
        [
          ...(opts.args ?? []),
          "-p",
          "hi",
          "--allow-all-tools",
          ...(telemetryFlag ? ["--disable-client-telemetry"] : []),
        ],
        { cwd: opts.cwd, env, timeoutMs: opts.timeoutMs ?? 60_000, reach: [up.url] },
      );
    let r = await run(true);
    // Older releases (1.0.80) refuse the flag before they start; their telemetry stays off the network
    // anyway (offline, and nothing but the loopback upstream is reachable).
    if (up.requests.length === 0 && /unknown option '--disable-client-telemetry'/.test(r.stderr))
      r = await run(false);
    const system = systemOf(up.requests[0]?.body);
    return {
      ...r,
      requests: up.requests,
      other: up.other,
      system,
      instructions: customInstructions(system),
      region: instructionRegion(system),
      home,
    };
  } finally {
    await up.close();
  }
}

/** The reminder message the CLI added after each tool result of the last request, in order ("" when none). */
export function attachmentsAfterTools(run: Pick<CopilotRun, "requests">): string[] {
  const last = run.requests.at(-1)?.body?.messages ?? [];
  const out: string[] = [];
  for (let i = 0; i < last.length; i++) {
    if (last[i].role !== "tool") continue;
    const next = last[i + 1];
    out.push(
      next?.role === "user" &&
        typeof next.content === "string" &&
        next.content.startsWith("\n<system_reminder>")
        ? next.content
        : "",
    );
  }
  return out;
}

const REMINDER =
  /<system_reminder>\nCustom instructions from (.+?)\. Apply these to any code you write here:\n\n([\s\S]*?)\n<\/system_reminder>/g;

/** The files of one reminder message: path (resolved from `cwd`) and the escaped text, in order. */
function reminderFiles(message: string, cwd: string): DeliveredFile[] {
  return [...message.matchAll(REMINDER)].map((m) => ({
    path: resolve(cwd, m[1] as string),
    text: m[2] as string,
  }));
}

/**
 * The native binary for `bin`: `bin` itself, or, when `bin` is the npm launcher (`copilot` →
 * `npm-loader.js`, a Node script that wants Node 22), the platform binary its package installs beside it
 * (`@github/copilot-<platform>-<arch>/copilot`, as the launcher picks it on 1.0.102). `bin` unchanged when
 * none is there.
 */
export function copilotNativeBin(bin: string): string {
  let real: string;
  try {
    real = realpathSync(bin);
  } catch {
    return bin;
  }
  if (!isScript(real)) return bin;
  const pkg = dirname(real);
  const name = `copilot-${process.platform}-${process.arch}`;
  const exe = process.platform === "win32" ? "copilot.exe" : "copilot";
  for (const dir of [join(pkg, "..", name), join(pkg, "node_modules", "@github", name)]) {
    const p = join(dir, exe);
    try {
      if (statSync(p).isFile()) return p;
    } catch {
      // not there: try the next layout
    }
  }
  return bin;
}

/** True when the file starts with `#!` (a script, not a native binary). */
function isScript(p: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(p, "r");
    const b = Buffer.alloc(2);
    return readSync(fd, b, 0, 2, 0) === 2 && b.toString("latin1") === "#!";
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The version line of `copilot --version` (1.0.102): `GitHub Copilot CLI 1.0.102.` */
const COPILOT_VERSION_LINE =
  /^\s*GitHub Copilot CLI v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?)\.?\s*$/m;

/**
 * Instruction text below dotted folders (no dotted segment around them): the repository instructions file,
 * `.github/instructions/**\/*.instructions.md` and Claude Code's rules, which 1.0.102 reads too.
 */
const INSTRUCTION_FILES =
  /^(?:[^./][^/]*\/)*(?:\.github\/copilot-instructions\.md|\.github\/instructions\/(?:[^./][^/]*\/)*[^./][^/]*\.instructions\.md|\.claude\/rules\/(?:[^./][^/]*\/)*[^./][^/]*\.md)$/;

/**
 * The prediction for a Copilot snapshot: the instruction part of the system message rebuilt from the
 * snapshot (`<custom_instruction>` blocks, always-on files, the table of path-scoped files), its files
 * (blocks then always-on files, absolute paths).
 */
export function copilotMessageOf(snapshot: Snapshot): { files: DeliveredFile[]; message: string } {
  const abs = (p: string) => (isAbsolute(p) ? p : join(snapshot.root, p));
  const launch = snapshot.items.filter((i) => i.charged && i.loadedAt === "launch");
  const blocks = launch.filter((i) => i.reason.includes("<custom_instruction>"));
  const always = launch.filter((i) => !i.reason.includes("<custom_instruction>") && i.kind === "rule");
  const text = (p: string) => snapshot.texts.get(p) ?? "";
  const { scoped, lists } = copilotLaunchExtra(snapshot);
  const rows = scoped.map((f) => {
    return `| ${f.patterns.join(", ")} | '${copilotShownPath(f)}' | ${f.description} |\n`;
  });
  return {
    files: [...blocks, ...always].map((i) => ({ path: abs(i.path), text: text(i.path) })),
    message: renderRegion(
      blocks.map((i) => text(i.path)),
      always.map((i) => text(i.path)),
      rows,
      lists ?? {},
    ),
  };
}

/** A path segment that is not dotted. */
const SEG = "[^./][^/]*";
/**
 * The files Copilot CLI reads for a list entry (./sources.ts): `SKILL.md` below `.github/skills`,
 * `.claude/skills` and `.agents/skills`; `.claude/commands/NAME.md` (top level); custom agents below
 * `.github/agents` and `.claude/agents/NAME.md`. Never a skill's scripts or assets.
 */
const LISTED_SOURCE = new RegExp(
  `^(?:${SEG}/)*(?:\\.(?:github|claude|agents)/skills/(?:${SEG}/)*SKILL\\.md|\\.claude/(?:commands|agents)/${SEG}\\.md|\\.github/agents/(?:${SEG}/)*${SEG}\\.md)$`,
);

/** An entry's name: a skill's `<name>NAME</name>`, a custom agent's `- **NAME**: …`. */
function entryName(list: string, text: string): string {
  const m = list === "agents" ? /^- \*\*([\s\S]*?)\*\*: /.exec(text) : /<name>([\s\S]*?)<\/name>/.exec(text);
  return m?.[1] ?? text;
}

/** The custom agents' header in the `task` tool's description (sent once an agent exists). */
const AGENTS_HEADER = "\n\nUser-provided custom agents:\n";

/**
 * The repository's entries of Copilot's lists in a run (1.0.102): the `<available_skills>` block of the
 * system message but the built-in skills (`<location>builtin</location>`), then the custom agents of the
 * `task` tool's description, each in the CLI's order.
 */
export function copilotListEntries(run: CopilotRun): DeliveredEntry[] {
  const out: DeliveredEntry[] = [];
  const open = "<skill>\n<available_skills>\n";
  const a = run.system.indexOf(open);
  if (a >= 0) {
    const b = run.system.indexOf("\n</available_skills>\n</skill>", a);
    const body = run.system.slice(a + open.length, b < 0 ? run.system.length : b);
    for (const text of body.split(/\n(?=<skill>\n)/))
      if (text !== "" && !text.includes("<location>builtin</location>"))
        out.push({ list: "skills", name: entryName("skills", text), text });
  }
  // biome-ignore lint/suspicious/noExplicitAny: the OpenAI API's JSON
  const tools = (run.requests[0]?.body?.tools ?? []) as any[];
  const task = tools.find((t) => t?.function?.name === "task");
  const desc = String(task?.function?.description ?? "");
  const at = desc.indexOf(AGENTS_HEADER);
  if (at >= 0)
    for (const text of desc.slice(at + AGENTS_HEADER.length).split("\n\n"))
      if (text !== "") out.push({ list: "agents", name: entryName("agents", text), text });
  return out;
}

/**
 * Copilot CLI's verify runner: `copilot -p hi` against the loopback upstream with a throwaway HOME and
 * COPILOT_HOME; the launch is compared as the instruction part of the system message, byte for byte; each
 * `--read` is a scripted `view` whose reminder message is compared. Settled on @github/copilot 1.0.102.
 */
export const copilotVerifyRunner: VerifyRunner = {
  executable: "copilot",
  npmPackage: "@github/copilot",
  resolveBin: copilotNativeBin,
  parseVersion: (out) => COPILOT_VERSION_LINE.exec(out)?.[1],
  // 1.0.102 unpacks its package (235 MB) into COPILOT_CACHE_HOME, `HOME/.cache` by default, before it
  // prints its version: the shared private cache the sessions use (1.9 CPU-s once, 0.2 after).
  versionEnv: () => {
    const cache = privateDir(COPILOT_CACHE);
    return { COPILOT_AUTO_UPDATE: "false", ...(cache ? { COPILOT_CACHE_HOME: cache } : {}) };
  },
  reads: true,
  instructionFile: (rel) => INSTRUCTION_FILES.test(rel),
  listedSource: (rel) => LISTED_SOURCE.test(rel),
  // 1.0.102 reads no repository settings that change its instructions (.github/copilot/settings.json holds
  // the model and the like): none is written. MCP configs and hooks are never copied.
  settingsFile: () => false,
  rewriteSettings: () => undefined,
  // MCP configs from every folder up to the git root (.mcp.json, .github/mcp.json, .vscode/mcp.json), hooks
  // (.github/hooks), instruction files.
  ancestorNames: [
    ".github",
    ".vscode",
    ".mcp.json",
    ".copilot",
    ".claude",
    "AGENTS.md",
    "CLAUDE.md",
    "GEMINI.md",
    ".git",
  ],
  async observe(req) {
    const run = await runCopilotCli({
      bin: req.bin,
      cwd: req.cwd,
      home: req.home,
      script: req.reads.map((p) => ({ toolCalls: [{ name: "view", args: { path: p } }] })),
      env: { ...req.userEnv, ...req.env },
      ...(req.agentArgs && req.agentArgs.length > 0 ? { args: [...req.agentArgs] } : {}),
      timeoutMs: req.timeoutMs,
      run: req.run,
    });
    if (run.spawnError) throw new VerifyRunError(`could not start: ${run.spawnError}`);
    if (run.timedOut)
      throw new VerifyRunError(`did not finish within ${req.timeoutMs / 1000} s (killed; raise --timeout)`);
    if (run.requests.length === 0 || !run.system.includes("</tools>\n")) {
      const err = `${run.stderr}${run.stdout}`.trim().split("\n").slice(0, 3).join(" / ").slice(0, 400);
      throw new VerifyRunError(
        run.requests.length === 0
          ? `\`-p\` sent no model request (exit ${run.code})${err ? `: ${err}` : ""}`
          : "the system message has no tools section: a format this release of verify cannot read",
      );
    }
    const after = attachmentsAfterTools(run);
    return {
      launch: {
        files: [],
        message: run.region,
        instructionBytes: Buffer.byteLength(run.region, "utf8"),
        // With no list entry's file in the copy (and an empty home), every entry is the CLI's own.
        entries: hasFileBelow(req.root, (rel) => LISTED_SOURCE.test(rel)) ? copilotListEntries(run) : [],
      },
      reads: req.reads.map((_, i) => {
        const message = after[i] ?? "";
        return { files: reminderFiles(message, req.cwd), message };
      }),
      otherRequests: run.other,
    };
  },
  predict(snapshot, reads) {
    const launch = copilotMessageOf(snapshot);
    const extra = copilotLaunchExtra(snapshot);
    const session = copilotOnDemand(snapshot, extra.scoped, extra.gitRoot);
    return {
      launch: { ...launch, entries: predictedEntries(snapshot, ["skills", "agents"], entryName) },
      reads: reads.map((target) => {
        const r = session.read(target);
        const reminders = r.items.map((i) => String(i.extra?.reminder ?? ""));
        const abs = (p: string) => (isAbsolute(p) ? p : join(snapshot.root, p));
        return {
          files: r.items.map((i) => ({ path: abs(i.path), text: r.texts.get(i.path) ?? "" })),
          message: reminders.length === 0 ? "" : `\n${reminders.join("\n")}`,
        };
      }),
    };
  },
  // `verify --env` / `--agent-arg`: what the model's user view reads, kept inside the copy (a relative
  // folder without `..`; the one feature flag the model knows).
  userInputs: {
    env: {
      COPILOT_CUSTOM_INSTRUCTIONS_DIRS: (v) =>
        v
          .split(",")
          .map((e) => e.trim())
          .some((e) => e !== "" && (isAbsolute(e) || e.startsWith("~") || e.split(/[\\/]/).includes("..")))
          ? "give folders relative to the working directory and inside the repository (no absolute path, ~ or ..): verify runs on a copy and reads nothing outside it"
          : undefined,
      COPILOT_CLI_ENABLED_FEATURE_FLAGS: (v) =>
        v
          .split(",")
          .map((e) => e.trim())
          .every((e) => e === "" || e === "CHILD_CUSTOM_INSTRUCTIONS")
          ? undefined
          : "the model knows one feature flag, CHILD_CUSTOM_INSTRUCTIONS; give only that",
    },
    args: ["--no-custom-instructions"],
  },
  probes: COPILOT_PROBES,
};
