/**
 * The built tokens room (dist/tokens/) in a fresh Node process, as the commands will run it: the Anthropic
 * count against a loopback stand-in of `POST /v1/messages/count_tokens` (one request for the whole set,
 * the key, the API version and the model sent; no key, an error answer, a hung server), and the o200k
 * encoder loaded on the first count, never at import (docs/tokens.md).
 */
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { type CountStandIn, startCountStandIn } from "../support/anthropic-count.js";

const TOKENS = pathToFileURL(resolve("dist/tokens/index.js")).href;

/** Runs an ES module body in a fresh `node` with `T` bound to the built tokens module; its stdout as JSON. */
function inNode(body: string): Promise<unknown> {
  const script = `const T = await import(${JSON.stringify(TOKENS)});\n${body}`;
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      env: { PATH: process.env.PATH ?? "" },
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      err += d;
    });
    child.on("close", (code) => {
      if (code !== 0) fail(new Error(`node exited ${code}: ${err}`));
      else done(JSON.parse(out));
    });
  });
}

const countCall = (texts: string[], opts: Record<string, unknown>) =>
  `console.log(JSON.stringify(await T.countWithAnthropic(${JSON.stringify(texts)}, ${JSON.stringify(opts)})));`;

let standIn: CountStandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

describe("tokens through Anthropic's counting endpoint (loopback stand-in)", () => {
  it("one_request_counts_the_whole_set_with_the_key_the_api_version_and_the_model", async () => {
    standIn = await startCountStandIn();
    const texts = ["# Root memory\nUse pnpm.\n", "", "A rule.\n", "An import with é.\n"];
    const r = await inNode(
      countCall(texts, { apiKey: "sk-test", model: "claude-opus-4-8", baseUrl: `${standIn.url}/` }),
    );
    expect(r).toEqual({
      ok: true,
      tokens: texts.join("").length,
      model: "claude-opus-4-8",
      requests: 1,
    });
    expect(standIn.requests).toHaveLength(1);
    const [req] = standIn.requests;
    expect(req).toMatchObject({ method: "POST", url: "/v1/messages/count_tokens" });
    expect(req?.headers["x-api-key"]).toBe("sk-test");
    expect(req?.headers["anthropic-version"]).toBe("2023-06-01");
    expect(req?.headers["content-type"]).toBe("application/json");
    expect(req?.body).toEqual({
      model: "claude-opus-4-8",
      messages: [
        {
          role: "user",
          content: texts.filter((t) => t !== "").map((text) => ({ type: "text", text })),
        },
      ],
    });
  });

  it("without_a_key_it_says_so_and_sends_nothing", async () => {
    standIn = await startCountStandIn();
    const r = await inNode(
      countCall(["text"], { apiKey: "", model: "claude-opus-4-8", baseUrl: standIn.url }),
    );
    expect(r).toEqual({
      ok: false,
      reason: "ANTHROPIC_API_KEY is not set: no count was requested (set it to count through the API)",
      requests: 0,
    });
    expect(standIn.requests).toHaveLength(0);
  });

  it("a_set_of_empty_texts_counts_zero_and_sends_nothing", async () => {
    standIn = await startCountStandIn();
    const r = await inNode(countCall(["", ""], { apiKey: "k", model: "m", baseUrl: standIn.url }));
    expect(r).toEqual({ ok: true, tokens: 0, model: "m", requests: 0 });
    expect(standIn.requests).toHaveLength(0);
  });

  it("an_error_answer_is_reported_with_the_apis_own_message", async () => {
    standIn = await startCountStandIn(() => ({
      status: 401,
      body: '{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}',
    }));
    const r = await inNode(countCall(["text"], { apiKey: "bad", model: "m", baseUrl: standIn.url }));
    expect(r).toEqual({
      ok: false,
      reason: "the token-counting endpoint answered 401 (authentication_error: invalid x-api-key)",
      requests: 1,
    });
  });

  it("an_answer_without_a_count_is_a_failure_not_zero", async () => {
    standIn = await startCountStandIn(() => ({ status: 200, body: '{"tokens":12}' }));
    const r = (await inNode(countCall(["text"], { apiKey: "k", model: "m", baseUrl: standIn.url }))) as {
      ok: boolean;
      reason: string;
    };
    expect(r.ok).toBe(false);
    expect(r.reason).toMatch(/^the token-counting endpoint's answer holds no input_tokens count/);
  });

  it("a_server_that_never_answers_is_given_up_at_the_timeout", async () => {
    standIn = await startCountStandIn(() => ({ status: 0, body: "" }));
    const r = await inNode(
      countCall(["text"], { apiKey: "k", model: "m", baseUrl: standIn.url, timeoutMs: 300 }),
    );
    expect(r).toEqual({
      ok: false,
      reason: `the token-counting request to ${standIn.url}/v1/messages/count_tokens failed: no answer within 0.3 s`,
      requests: 1,
    });
  });
});

describe("the o200k encoder loads on first use", () => {
  it("importing_the_tokens_module_loads_no_tokenizer_and_the_first_o200k_count_loads_it", async () => {
    const r = await inNode(`
      const { createRequire } = await import("node:module");
      const cache = createRequire(import.meta.url).cache;
      const loaded = () => Object.keys(cache).some((k) => k.includes("/node_modules/tiktoken/"));
      const before = { loaded: loaded(), loads: T.o200kLoads() };
      const estimate = T.count("hello world", { estimate: "claude" }).tokens;
      const afterEstimate = loaded();
      const n = T.count("hello world", "o200k").tokens;
      console.log(JSON.stringify({ before, estimate, afterEstimate, n, after: { loaded: loaded(), loads: T.o200kLoads() } }));
    `);
    expect(r).toEqual({
      before: { loaded: false, loads: 0 },
      estimate: 3,
      afterEstimate: false,
      n: 2,
      after: { loaded: true, loads: 1 },
    });
  });
});
