/**
 * The loopback upstream for the real GitHub Copilot CLI (`COPILOT_PROVIDER_BASE_URL`): an OpenAI-style
 * `POST /v1/chat/completions` server on 127.0.0.1 (streamed when the CLI asks, as it does) that records
 * every request and plays a script of assistant turns (text, or tool calls that drive the CLI's own
 * `view` / `create` tools). Settled on @github/copilot 1.0.102. `verify`
 * (src/agents/copilot-cli/verify.ts) and the conformance suite (test/support/copilot.ts) share it.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { jsonRequestServer } from "./upstream.js";

/** One assistant reply: text, or tool calls. */
export type ChatReply = { text: string } | { toolCalls: { name: string; args: Record<string, unknown> }[] };

/** One scripted assistant turn: a reply, or a function of the request body that returns one. */
// biome-ignore lint/suspicious/noExplicitAny: the request body is the OpenAI API's JSON
export type ChatTurn = ChatReply | ((body: any) => ChatReply);

export interface ChatRequest {
  url: string;
  // biome-ignore lint/suspicious/noExplicitAny: the request body is the OpenAI API's JSON
  body: any;
}

export interface ChatUpstream {
  /** `http://127.0.0.1:PORT/v1` (for `COPILOT_PROVIDER_BASE_URL`). */
  url: string;
  /** Chat completion requests, in order. */
  requests: ChatRequest[];
  /** Every other request (another path or method), as `METHOD path`. */
  other: string[];
  close(): Promise<void>;
}

let callCounter = 0;

/**
 * Starts the server on a free port of 127.0.0.1. Requests that offer tools advance the script; after it,
 * and for every request without tools, the reply is the text "done". Other paths: 404, recorded in `other`.
 */
export async function startChatUpstream(script: ChatTurn[] = []): Promise<ChatUpstream> {
  const requests: ChatRequest[] = [];
  const other: string[] = [];
  let turn = 0;
  const server: Server = jsonRequestServer((req, res, body) => {
    const url = req.url ?? "";
    if (req.method !== "POST" || !url.endsWith("/chat/completions")) {
      other.push(`${req.method} ${url}`);
      res.writeHead(404, { "content-type": "application/json" });
      res.end("{}");
      return;
    }
    requests.push({ url, body });
    const main = Array.isArray(body?.tools) && body.tools.length > 0;
    let reply: ChatReply = { text: "done" };
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
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    other,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
