/**
 * A loopback stand-in of Anthropic's token-counting endpoint (`POST /v1/messages/count_tokens`,
 * docs/tokens.md): it records every request (method, path, headers, body) and answers with a status and
 * body of the test's choosing, by default `{"input_tokens": N}` with N the total characters of the text
 * blocks (a number the test can predict). A status of 0 never answers (a hung server).
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface CountRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  // biome-ignore lint/suspicious/noExplicitAny: the request's JSON
  body: any;
}

export interface CountStandIn {
  /** `http://127.0.0.1:PORT` (the base URL; the endpoint is below it). */
  url: string;
  requests: CountRequest[];
  close(): Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: the request's JSON
export function textChars(body: any): number {
  // biome-ignore lint/suspicious/noExplicitAny: the request's JSON
  const content = (body?.messages ?? []).flatMap((m: any) => (Array.isArray(m.content) ? m.content : []));
  // biome-ignore lint/suspicious/noExplicitAny: content blocks
  return content.reduce((n: number, b: any) => n + (typeof b.text === "string" ? b.text.length : 0), 0);
}

/** Starts the stand-in on 127.0.0.1; `answer` decides each reply (default: 200 and the characters). */
export async function startCountStandIn(
  // biome-ignore lint/suspicious/noExplicitAny: the request's JSON
  answer: (body: any) => { status: number; body: string } = (body) => ({
    status: 200,
    body: JSON.stringify({ input_tokens: textChars(body) }),
  }),
): Promise<CountStandIn> {
  const requests: CountRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let body: unknown = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        body = null;
      }
      requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      const a =
        req.method === "POST" && req.url === "/v1/messages/count_tokens"
          ? answer(body)
          : {
              status: 404,
              body: '{"type":"error","error":{"type":"not_found_error","message":"no such path"}}',
            };
      if (a.status === 0) return;
      res.writeHead(a.status, { "content-type": "application/json" });
      res.end(a.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
