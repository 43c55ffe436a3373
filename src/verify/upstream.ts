/**
 * The loopback upstream `verify` and the conformance suite run an agent CLI against, offline.
 *
 * {@link startUpstream}: a scripted model upstream for the real Claude Code CLI: an HTTP server on 127.0.0.1 that answers
 * `POST /v1/messages` with valid streamed (SSE) or plain JSON messages, records every request, and plays a
 * script of assistant turns (text or tool_use blocks) for the main conversation.
 *
 * "Main conversation" requests are those that offer tools; side requests (titles, summaries) get a plain
 * "ok" text reply and do not advance the script.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type ContentBlock =
  | { type: "text"; text: string }
  | { type: "tool_use"; id?: string; name: string; input: Record<string, unknown> };

/** One scripted assistant turn: blocks, or a function of the request body that returns blocks. */
export type Turn = ContentBlock[] | ((req: RecordedRequest) => ContentBlock[]);

export interface RecordedRequest {
  /** The request path (`/v1/messages?beta=true`); for a request the upstream does not serve, `METHOD path`. */
  url: string;
  // biome-ignore lint/suspicious/noExplicitAny: the request body is the Anthropic API's JSON
  body: any;
  main: boolean;
}

export interface Upstream {
  url: string;
  requests: RecordedRequest[];
  /** Requests of the main conversation, in order. */
  mainRequests(): RecordedRequest[];
  close(): Promise<void>;
}

let toolCounter = 0;

/**
 * An HTTP server for a loopback upstream: reads each request's whole body and calls `handle` with the body
 * parsed as JSON (null when empty or not JSON). Shared by the Claude, Gemini and OpenAI-style upstreams.
 */
export function jsonRequestServer(
  // biome-ignore lint/suspicious/noExplicitAny: JSON body
  handle: (req: IncomingMessage, res: ServerResponse, body: any) => void,
): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      // biome-ignore lint/suspicious/noExplicitAny: JSON body
      let body: any = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      handle(req, res, body);
    });
  });
}

/**
 * Starts the upstream on 127.0.0.1 (a free port). After the script runs out, every main turn answers with
 * text "done". Any other request (another path or method) is recorded in `requests` with `main: false` and
 * answered 404. Settled against Claude Code 2.1.332 and 2.1.197.
 */
export async function startUpstream(script: Turn[] = []): Promise<Upstream> {
  const requests: RecordedRequest[] = [];
  let turn = 0;
  const server: Server = jsonRequestServer((req, res, body) => {
    const url = req.url ?? "";
    if (req.method !== "POST" || !url.startsWith("/v1/messages")) {
      requests.push({ url: `${req.method} ${url}`, body, main: false });
      res.writeHead(404, { "content-type": "application/json" });
      res.end("{}");
      return;
    }
    if (url.includes("count_tokens")) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"input_tokens":10}');
      return;
    }
    const main = Array.isArray(body?.tools) && body.tools.length > 0;
    const rec: RecordedRequest = { url, body, main };
    requests.push(rec);
    let blocks: ContentBlock[] = [{ type: "text", text: "done" }];
    if (main) {
      const t = script[turn++];
      if (t) blocks = typeof t === "function" ? t(rec) : t;
    } else {
      blocks = [{ type: "text", text: "ok" }];
    }
    const content = blocks.map((b) =>
      b.type === "tool_use" ? { ...b, id: b.id ?? `toolu_${String(++toolCounter).padStart(6, "0")}` } : b,
    );
    const stop = content.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn";
    const msg = {
      id: `msg_${requests.length}`,
      type: "message",
      role: "assistant",
      model: body?.model ?? "claude",
      content: [] as unknown[],
      stop_reason: null as string | null,
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1 },
    };
    if (!body?.stream) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ ...msg, content, stop_reason: stop }));
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream" });
    const ev = (type: string, data: Record<string, unknown>) =>
      res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    ev("message_start", { message: msg });
    content.forEach((b, index) => {
      if (b.type === "text") {
        ev("content_block_start", { index, content_block: { type: "text", text: "" } });
        ev("content_block_delta", { index, delta: { type: "text_delta", text: b.text } });
      } else {
        ev("content_block_start", {
          index,
          content_block: { type: "tool_use", id: b.id, name: b.name, input: {} },
        });
        ev("content_block_delta", {
          index,
          delta: { type: "input_json_delta", partial_json: JSON.stringify(b.input) },
        });
      }
      ev("content_block_stop", { index });
    });
    ev("message_delta", { delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 1 } });
    ev("message_stop", {});
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    mainRequests: () => requests.filter((r) => r.main),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One connection attempt the trap saw: where the CLI tried to go. */
export interface TrappedConnection {
  /** `CONNECT` for a tunnelled (HTTPS) attempt, else the HTTP method. */
  method: string;
  /** `host:port` of a CONNECT, or the absolute URL of a plain proxied request. */
  target: string;
}

/** A proxy that lets nothing through and records every attempt. */
export interface Trap {
  /** `http://127.0.0.1:PORT`, for `HTTPS_PROXY` / `HTTP_PROXY`. */
  url: string;
  attempts: TrappedConnection[];
  close(): Promise<void>;
}

/**
 * Starts a trap proxy on 127.0.0.1: every request through it (a `CONNECT host:port` tunnel or a plain
 * proxied request) is recorded and refused (403, then the socket closed). Set as the agent's proxy
 * (`HTTPS_PROXY`, `HTTP_PROXY`, with `NO_PROXY` naming only the loopback upstream), it turns any traffic
 * the CLI would send beyond this machine into a recorded, failed attempt.
 */
export async function startTrap(): Promise<Trap> {
  const attempts: TrappedConnection[] = [];
  const server: Server = createServer((req, res) => {
    attempts.push({ method: req.method ?? "?", target: req.url ?? "" });
    res.writeHead(403, { "content-type": "text/plain", connection: "close" });
    res.end("agent-context verify: no traffic leaves this machine\n");
  });
  server.on("clientError", (_e, socket) => socket.destroy());
  server.on("connect", (req, socket) => {
    socket.on("error", () => {});
    attempts.push({ method: "CONNECT", target: req.url ?? "" });
    socket.end("HTTP/1.1 403 Forbidden\r\nconnection: close\r\n\r\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    attempts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
