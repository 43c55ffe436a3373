/**
 * The loopback upstream for the real Gemini CLI (`GOOGLE_GEMINI_BASE_URL`): an HTTP server on 127.0.0.1 that
 * answers `POST /v1beta/models/<model>:generateContent` and `:streamGenerateContent` (one SSE event),
 * records every request, answers a request that asks for JSON (the model router's classifier) with an
 * object satisfying the requested schema (else the CLI retries with back-off for minutes), and plays a
 * script of model turns (text or `functionCall` parts) for the main conversation (requests that offer
 * tools). Settled on Gemini CLI 0.61.0. `verify` (src/agents/gemini-cli/verify.ts) and the conformance
 * suite (test/support/gemini.ts) share it.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { jsonRequestServer } from "./upstream.js";

/** One part of a model turn: text or a function call (a tool call). */
export type GeminiPart = { text: string } | { functionCall: { name: string; args: Record<string, unknown> } };

export interface GeminiRequest {
  /** The request path; for a request the upstream does not serve, `METHOD path`. */
  url: string;
  // biome-ignore lint/suspicious/noExplicitAny: the Gemini API's JSON request body
  body: any;
  /** True for the main conversation (the request offers tools). */
  main: boolean;
}

export interface GeminiServer {
  /** `http://127.0.0.1:PORT` (for `GOOGLE_GEMINI_BASE_URL`). */
  url: string;
  /** Model API requests (generateContent, streamGenerateContent), in order. */
  requests: GeminiRequest[];
  /** Every other request (another path or method, countTokens), as `METHOD path`. */
  other: string[];
  close(): Promise<void>;
}

/**
 * A value that satisfies a (Gemini-flavoured, upper-case `type`) JSON schema: an enum's first value, an
 * object with every declared property, an empty array, `"x"`, the minimum (or 1), false.
 */
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

/**
 * Starts the server on a free port of 127.0.0.1. After the script runs out, every main turn answers with
 * text "done"; requests for JSON never advance the script. Unknown paths are answered 404 and recorded in
 * `other`.
 */
export async function startGeminiServer(script: GeminiPart[][] = []): Promise<GeminiServer> {
  const requests: GeminiRequest[] = [];
  const other: string[] = [];
  let turn = 0;
  const server: Server = jsonRequestServer((req, res, body) => {
    const url = req.url ?? "";
    if (req.method !== "POST" || !url.startsWith("/v1beta/models/")) {
      other.push(`${req.method} ${url}`);
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
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    other,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
