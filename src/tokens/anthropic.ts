/**
 * Exact Claude token counts through Anthropic's token-counting endpoint, `POST /v1/messages/count_tokens`
 * (docs/tokens.md): one request for a whole set of texts, sent as the text blocks of one user message. The
 * endpoint answers `{"input_tokens": N}`: the tokens of that message, its own few framing tokens included.
 * It is the one place agent-context sends repository text off the machine, so it runs only when the caller
 * asks and passes a key; the base URL is injectable (a loopback stand-in in the tests).
 */

/** The API version header every request carries. */
export const ANTHROPIC_VERSION = "2023-06-01";

/** The public API. */
export const ANTHROPIC_DEFAULT_BASE_URL = "https://api.anthropic.com";

/** The longest answer read (the endpoint's answer is a few dozen bytes; an error a few hundred). */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface AnthropicCountOptions {
  /** The API key (`ANTHROPIC_API_KEY`); absent or empty: nothing is sent and the result says so. */
  apiKey: string | undefined;
  /** The model whose tokenizer counts (token counts differ between Claude model families). */
  model: string;
  /** Default {@link ANTHROPIC_DEFAULT_BASE_URL}; a trailing slash is ignored. */
  baseUrl?: string;
  /** Give up after this many milliseconds (default 30,000). */
  timeoutMs?: number;
}

export type AnthropicCountResult =
  | {
      ok: true;
      /** `input_tokens` of one user message holding every non-empty text as a text block. */
      tokens: number;
      /** The model that counted. */
      model: string;
      /** How many requests were sent (0 when every text was empty, else 1). */
      requests: number;
    }
  | { ok: false; reason: string; requests: number };

function endpoint(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/v1/messages/count_tokens`;
}

/** Reads at most {@link MAX_ANSWER_BYTES} of a response body as text. */
async function boundedText(res: Response): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return "";
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done || !value) break;
    parts.push(value);
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      break;
    }
  }
  return Buffer.concat(parts).subarray(0, MAX_ANSWER_BYTES).toString("utf8");
}

/** The API's error message (`{"type":"error","error":{"type","message"}}`), or the start of the body. */
function errorMessage(body: string): string {
  try {
    const j = JSON.parse(body) as { error?: { type?: unknown; message?: unknown } };
    const t = typeof j.error?.type === "string" ? j.error.type : "";
    const m = typeof j.error?.message === "string" ? j.error.message : "";
    if (t || m) return [t, m].filter(Boolean).join(": ");
  } catch {
    // not JSON
  }
  return body.replace(/\s+/g, " ").trim().slice(0, 200);
}

/**
 * Counts a set of texts with one request to the token-counting endpoint. Never throws: a missing key, a
 * refused request, a timeout or a malformed answer come back as `{ ok: false, reason }`, the reason one
 * sentence a user can act on.
 */
export async function countWithAnthropic(
  texts: readonly string[],
  opts: AnthropicCountOptions,
): Promise<AnthropicCountResult> {
  if (!opts.apiKey)
    return {
      ok: false,
      reason: "ANTHROPIC_API_KEY is not set: no count was requested (set it to count through the API)",
      requests: 0,
    };
  // The API refuses an empty text block; an empty text has no tokens.
  const blocks = texts.filter((t) => t !== "").map((text) => ({ type: "text", text }));
  if (blocks.length === 0) return { ok: true, tokens: 0, model: opts.model, requests: 0 };
  const url = endpoint(opts.baseUrl ?? ANTHROPIC_DEFAULT_BASE_URL);
  const timeoutMs = opts.timeoutMs ?? 30_000;
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: {
        "x-api-key": opts.apiKey,
        "anthropic-version": ANTHROPIC_VERSION,
        "content-type": "application/json",
      },
      body: JSON.stringify({ model: opts.model, messages: [{ role: "user", content: blocks }] }),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
  } catch (e) {
    const err = e as Error;
    const why =
      err.name === "TimeoutError"
        ? `no answer within ${timeoutMs / 1000} s`
        : (err.cause as Error)?.message || err.message;
    return { ok: false, reason: `the token-counting request to ${url} failed: ${why}`, requests: 1 };
  }
  const body = await boundedText(res).catch(() => "");
  if (!res.ok)
    return {
      ok: false,
      reason: `the token-counting endpoint answered ${res.status}${body ? ` (${errorMessage(body)})` : ""}`,
      requests: 1,
    };
  let tokens: unknown;
  try {
    tokens = (JSON.parse(body) as { input_tokens?: unknown }).input_tokens;
  } catch {
    tokens = undefined;
  }
  if (typeof tokens !== "number" || !Number.isSafeInteger(tokens) || tokens < 0)
    return {
      ok: false,
      reason: `the token-counting endpoint's answer holds no input_tokens count: ${errorMessage(body)}`,
      requests: 1,
    };
  return { ok: true, tokens, model: opts.model, requests: 1 };
}
