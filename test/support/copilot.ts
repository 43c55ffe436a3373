/**
 * Runs the pinned real GitHub Copilot CLI (@github/copilot, test/agents/package.json) offline: an
 * OpenAI-style `POST /v1/chat/completions` server on 127.0.0.1 (streamed when the CLI asks, as it does)
 * records every request and plays a script of assistant turns (text, or tool calls that drive the CLI's own
 * `view` / `create` tools). The CLI runs with `COPILOT_OFFLINE=true`, `COPILOT_PROVIDER_BASE_URL` at the
 * server, a throwaway `HOME` and `COPILOT_HOME`, and `-p hi --allow-all-tools --disable-client-telemetry`.
 * Ground truth for the copilot-cli agent model (docs/findings-copilot-cli.md). Nothing but loopback.
 *
 * The instruction files arrive as `<custom_instruction>\nTEXT\n</custom_instruction>` blocks in the system
 * message of each request; {@link customInstructions} extracts them.
 */
import { mkdirSync, mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CopilotCase } from "../conformance/copilot-cli.fixtures.js";
import { tempDir, writeLayout } from "./codex-layout.js";
import { pinnedPackageDir, pinnedVersion, runProcess } from "./process.js";

export const COPILOT_PACKAGE = "@github/copilot";

/**
 * The native `copilot` binary of the pinned release (its npm launcher needs Node 22; the binary does not):
 * the platform package `@github/copilot-<platform>-<arch>` installed beside it.
 */
export function copilotBin(): string {
  const dir = pinnedPackageDir(COPILOT_PACKAGE);
  const report = process.report?.getReport?.() as { header?: { glibcVersionRuntime?: string } } | undefined;
  const musl = process.platform === "linux" && report?.header?.glibcVersionRuntime === undefined;
  const plat = process.platform === "linux" && musl ? "linuxmusl" : process.platform;
  return join(
    dir,
    "..",
    `copilot-${plat}-${process.arch}`,
    process.platform === "win32" ? "copilot.exe" : "copilot",
  );
}

/** The installed version of the pinned release. */
export function copilotVersion(): string {
  return pinnedVersion(COPILOT_PACKAGE);
}

/**
 * One cache directory for every run (`COPILOT_CACHE_HOME`): the binary unpacks its JavaScript package there
 * on first use (about 5 s); later runs reuse it.
 */
export const COPILOT_CACHE = join(tmpdir(), `ac-copilot-cache-${process.getuid?.() ?? 0}`);

export type ChatTurn =
  | { text: string }
  | { toolCalls: { name: string; args: Record<string, unknown> }[] }
  // biome-ignore lint/suspicious/noExplicitAny: the request body is the OpenAI API's JSON
  | ((body: any) => { text: string } | { toolCalls: { name: string; args: Record<string, unknown> }[] });

export interface ChatRequest {
  url: string;
  // biome-ignore lint/suspicious/noExplicitAny: the request body is the OpenAI API's JSON
  body: any;
}

export interface ChatUpstream {
  url: string;
  requests: ChatRequest[];
  close(): Promise<void>;
}

let callCounter = 0;

/** Starts the server. Requests that offer tools advance the script; after it, every turn answers "done". */
export async function startChatUpstream(script: ChatTurn[] = []): Promise<ChatUpstream> {
  const requests: ChatRequest[] = [];
  let turn = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = req.url ?? "";
      // biome-ignore lint/suspicious/noExplicitAny: JSON body
      let body: any = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        body = null;
      }
      if (req.method !== "POST" || !url.endsWith("/chat/completions")) {
        res.writeHead(404, { "content-type": "application/json" });
        res.end("{}");
        return;
      }
      requests.push({ url, body });
      const main = Array.isArray(body?.tools) && body.tools.length > 0;
      let reply: { text: string } | { toolCalls: { name: string; args: Record<string, unknown> }[] } = {
        text: "done",
      };
      if (main) {
        const t = script[turn++];
        if (t) reply = typeof t === "function" ? t(body) : t;
      }
      const model = body?.model ?? "gpt-4.1";
      const delta =
        "text" in reply
          ? { role: "assistant", content: reply.text }
          : {
              role: "assistant",
              content: null,
              tool_calls: reply.toolCalls.map((c, index) => ({
                index,
                id: `call_${++callCounter}`,
                type: "function",
                function: { name: c.name, arguments: JSON.stringify(c.args) },
              })),
            };
      const finish = "text" in reply ? "stop" : "tool_calls";
      const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
      if (body?.stream) {
        res.writeHead(200, { "content-type": "text/event-stream" });
        const chunk = (choice: unknown, extra: Record<string, unknown> = {}) =>
          `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 1, model, choices: [choice], ...extra })}\n\n`;
        res.write(chunk({ index: 0, delta, finish_reason: null }));
        res.write(chunk({ index: 0, delta: {}, finish_reason: finish }, { usage }));
        res.end("data: [DONE]\n\n");
      } else {
        const { role, ...rest } = delta;
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            id: "c",
            object: "chat.completion",
            created: 1,
            model,
            choices: [{ index: 0, message: { role, ...rest }, finish_reason: finish }],
            usage,
          }),
        );
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

export interface CopilotRun {
  code: number | null;
  stdout: string;
  stderr: string;
  requests: ChatRequest[];
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

export interface RunCopilotOptions {
  cwd: string;
  /** Throwaway HOME (created when absent); COPILOT_HOME is `HOME/.copilot` unless `env` sets it. */
  home?: string;
  /** Extra environment (e.g. COPILOT_CUSTOM_INSTRUCTIONS_DIRS). */
  env?: Record<string, string>;
  /** Extra arguments before `-p hi`. */
  args?: string[];
  script?: ChatTurn[];
  timeoutMs?: number;
}

/** The inner texts of `<custom_instruction>` blocks in a system message, in order. */
export function customInstructions(system: string): string[] {
  const out: string[] = [];
  const re = /<custom_instruction>\n([\s\S]*?)\n<\/custom_instruction>/g;
  for (let m = re.exec(system); m; m = re.exec(system)) out.push(m[1] as string);
  return out;
}

/** The instruction part of a system message: between `</tools>\n` and `<system_notifications>`. */
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

/** Runs `copilot [args] -p hi --allow-all-tools --disable-client-telemetry` in `cwd` offline. */
export async function runCopilot(opts: RunCopilotOptions): Promise<CopilotRun> {
  const up = await startChatUpstream(opts.script ?? []);
  const home = opts.home ?? mkdtempSync(join(tmpdir(), "ac-copilot-home-"));
  mkdirSync(COPILOT_CACHE, { recursive: true });
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    COPILOT_HOME: join(home, ".copilot"),
    COPILOT_CACHE_HOME: COPILOT_CACHE,
    COPILOT_OFFLINE: "true",
    COPILOT_PROVIDER_BASE_URL: up.url,
    COPILOT_PROVIDER_API_KEY: "offline",
    COPILOT_MODEL: "gpt-4.1",
    COPILOT_AUTO_UPDATE: "false",
    NO_COLOR: "1",
    ...opts.env,
  };
  try {
    const args = [...(opts.args ?? []), "-p", "hi", "--allow-all-tools", "--disable-client-telemetry"];
    const { code, stdout, stderr } = await runProcess(copilotBin(), args, {
      cwd: opts.cwd,
      env,
      timeoutMs: opts.timeoutMs ?? 60_000,
    });
    const system = systemOf(up.requests[0]?.body);
    return {
      code,
      stdout,
      stderr,
      requests: up.requests,
      system,
      instructions: customInstructions(system),
      region: instructionRegion(system),
      home,
    };
  } finally {
    await up.close();
  }
}

export interface Ran {
  repo: string;
  home: string;
  run: CopilotRun;
}

/** The reminder message the CLI added after each tool result, in order ("" when none). */
export function attachmentsAfterTools(run: CopilotRun): string[] {
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

/** Sets up one case and runs the CLI on it. */
export async function runCase(c: CopilotCase, prefix = "ac-cp-"): Promise<Ran> {
  const base = tempDir(prefix);
  const repo = join(base, "repo");
  mkdirSync(repo);
  writeLayout(repo, { ...(c.git === false ? {} : { ".git": { git: true } }), ...c.files });
  const home = join(base, "home");
  mkdirSync(home);
  if (c.home) writeLayout(home, c.home);
  const run = await runCopilot({
    cwd: join(repo, c.cwd ?? "."),
    home,
    script: (c.views ?? []).map((v) => ({ toolCalls: [{ name: "view", args: { path: join(repo, v) } }] })),
  });
  return { repo, home, run };
}

/** Runs `tasks` with at most `n` at a time. */
export async function pool<T>(tasks: (() => Promise<T>)[], n: number): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await (tasks[i] as () => Promise<T>)();
      }
    }),
  );
  return out;
}
