/**
 * Runs the pinned real Gemini CLI offline against a loopback model server and parses what it sent. Ground
 * truth for the gemini-cli agent model (see DESIGN.md, "Ground truth").
 *
 * The server answers `POST /v1beta/models/<model>:generateContent` and `:streamGenerateContent` (SSE),
 * records every request, answers a request that asks for JSON (the model router's classifier) with an
 * object satisfying the requested schema (else the CLI retries with back-off for minutes), and plays a
 * script of model turns (text or `functionCall` parts) for the main conversation (requests that offer
 * tools).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pinnedBin, pinnedVersion, runProcess } from "./process.js";

export const GEMINI_CLI_PACKAGE = "@google/gemini-cli";

/** Absolute path of the pinned `gemini` script (a Node ESM bundle; run it with `process.execPath`). */
export function geminiBin(release?: string): string {
  return pinnedBin(GEMINI_CLI_PACKAGE, "gemini", release);
}

/** The installed version of the pinned Gemini CLI, read from its package.json. */
export function geminiVersion(release?: string): string {
  return pinnedVersion(GEMINI_CLI_PACKAGE, release);
}

/** One part of a model turn: text or a function call (a tool call). */
export type GeminiPart = { text: string } | { functionCall: { name: string; args: Record<string, unknown> } };

export interface GeminiRequest {
  url: string;
  // biome-ignore lint/suspicious/noExplicitAny: the Gemini API's JSON request body
  body: any;
  /** True for the main conversation (the request offers tools). */
  main: boolean;
}

export interface GeminiServer {
  url: string;
  requests: GeminiRequest[];
  close(): Promise<void>;
}

/** A value that satisfies a (Gemini-flavoured, upper-case `type`) JSON schema: enums' first value, minima. */
// biome-ignore lint/suspicious/noExplicitAny: a JSON schema
export function satisfy(schema: any): unknown {
  if (!schema || typeof schema !== "object") return {};
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const t = String(schema.type ?? "object").toLowerCase();
  if (t === "object") {
    const o: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(schema.properties ?? {})) o[k] = satisfy(v);
    return o;
  }
  if (t === "array") return [];
  if (t === "string") return "x";
  if (t === "number" || t === "integer") return schema.minimum ?? 1;
  if (t === "boolean") return false;
  return {};
}

/** Starts the loopback model server. After the script runs out, every main turn answers with text "done". */
export async function startGeminiServer(script: GeminiPart[][] = []): Promise<GeminiServer> {
  const requests: GeminiRequest[] = [];
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
      if (req.method !== "POST" || !url.startsWith("/v1beta/models/")) {
        res.writeHead(404, { "content-type": "application/json" });
        res.end("{}");
        return;
      }
      if (url.includes(":countTokens")) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end('{"totalTokens":1}');
        return;
      }
      const main = Array.isArray(body?.tools) && body.tools.length > 0;
      requests.push({ url, body, main });
      const gc = body?.generationConfig ?? {};
      const schema = gc.responseJsonSchema ?? gc.responseSchema;
      let parts: GeminiPart[] = [{ text: "done" }];
      if (schema || gc.responseMimeType === "application/json")
        parts = [{ text: JSON.stringify(satisfy(schema)) }];
      else if (main && turn < script.length) parts = script[turn++] as GeminiPart[];
      const reply = {
        candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }],
        usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
        modelVersion: "offline",
      };
      if (url.includes(":streamGenerateContent")) {
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.end(`data: ${JSON.stringify(reply)}\n\n`);
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface GeminiRun {
  code: number | null;
  stdout: string;
  stderr: string;
  requests: GeminiRequest[];
  mainRequests: GeminiRequest[];
  home: string;
}

export interface RunGeminiOptions {
  cwd: string;
  prompt?: string;
  script?: GeminiPart[][];
  /** Extra arguments after `-p PROMPT`, e.g. `["--include-directories", dir]`. */
  args?: string[];
  /** Throwaway HOME (created when absent); its `.gemini/settings.json` selects API-key auth unless present. */
  home?: string;
  /** User settings merged over the auth selection (written to HOME/.gemini/settings.json). */
  userSettings?: Record<string, unknown>;
  env?: Record<string, string>;
  timeoutMs?: number;
}

/**
 * Runs `gemini -p PROMPT` in `cwd` offline (trusted workspace, no relaunch, API-key auth against the
 * loopback server); resolves when the CLI exits or is killed at the timeout.
 */
export async function runGemini(opts: RunGeminiOptions): Promise<GeminiRun> {
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
    GEMINI_API_KEY: "offline-test-key",
    GEMINI_CLI_TRUST_WORKSPACE: "true",
    GEMINI_CLI_NO_RELAUNCH: "true",
    NO_COLOR: "1",
    ...opts.env,
  };
  try {
    const r = await runProcess(
      process.execPath,
      [geminiBin(), "-p", opts.prompt ?? "hi", ...(opts.args ?? [])],
      { cwd: opts.cwd, env, timeoutMs: opts.timeoutMs ?? 90_000 },
    );
    return { ...r, requests: server.requests, mainRequests: server.requests.filter((q) => q.main), home };
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

/** The just-in-time context appended to a tool output, or "" when none. */
export const JIT_PREFIX = "\n\n--- Newly Discovered Project Context ---\n";
export const JIT_SUFFIX = "\n--- End Project Context ---";
export function jitContext(output: string): string {
  const i = output.indexOf(JIT_PREFIX);
  if (i < 0) return "";
  const rest = output.slice(i + JIT_PREFIX.length);
  return rest.endsWith(JIT_SUFFIX) ? rest.slice(0, -JIT_SUFFIX.length) : rest;
}
