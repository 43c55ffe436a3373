import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config.js";
import { UsageError } from "../../src/errors.js";

const F = "/repo/.agent-context.json";

function refusal(text: string): string {
  try {
    parseConfig(text, F);
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
  throw new Error(`accepted: ${text}`);
}

describe(".agent-context.json is strict about what JSON.parse would accept silently", () => {
  it.each([
    ['{"cap":100,"cap":999999}', '"cap" is given twice'],
    ['{"agents":{"codex":{"cap":1,"cap":2}}}', '"agents.codex.cap" is given twice'],
    ['{"cap":1e400}', '"cap" is 1e400, a number too large to hold exactly'],
    ['{"cap":12345678901234567890}', '"cap" is 12345678901234567890, a number too large'],
    ['{"hook":{"maxBytes":9007199254740993}}', '"hook.maxBytes" is 9007199254740993'],
    [
      '{"routers":["../../../../etc/*.conf"]}',
      '"routers" entry "../../../../etc/*.conf" leaves the repository',
    ],
    ['{"routers":["docs/../../x/*.md"]}', '"routers" entry "docs/../../x/*.md" leaves the repository'],
    ['{"unlowerable":["/etc/passwd"]}', '"unlowerable" entry "/etc/passwd" leaves the repository'],
    // Before: wrong-typed hook limits were accepted here and replaced by defaults later, silently for cap.
    ['{"hook":{"maxRows":"x"}}', '"hook.maxRows" must be a positive whole number, got "x"'],
    ['{"hook":{"maxBytes":-1}}', '"hook.maxBytes" must be a positive whole number, got -1'],
    ['{"hook":{"maxRows":1.5}}', '"hook.maxRows" must be a positive whole number, got 1.5'],
    ['{"hook":{"oncePerSession":"no"}}', '"hook.oncePerSession" must be true or false, got "no"'],
    ['{"hook":5}', '"hook" must be an object'],
    ['{"hook":[]}', '"hook" must be an object'],
    ['{"$schema":1}', '"$schema" must be a string'],
  ])("%s is a configuration error naming the key", (text, message) => {
    const m = refusal(text);
    // Named at its line and column: every case is on line 1, at the key or value concerned.
    expect(m).toMatch(/^\/repo\/\.agent-context\.json:1:\d+: /);
    expect(m).toContain(message);
  });

  it("the_same_key_in_different_objects_and_ordinary_numbers_are_fine", () => {
    expect(
      parseConfig(
        '{"cap":4096,"agents":{"a":{"cap":1},"b":{"cap":2}},"routers":["x/*.md"],"hook":{"maxBytes":8192}}',
        F,
      ),
    ).toMatchObject({ cap: 4096, agents: { a: { cap: 1 }, b: { cap: 2 } } });
  });

  it("the_issue_shape_cap_tokens_is_refused_with_the_token_cap_key_written_out_beside_cap", () => {
    // docs/configuration.md "Why tokenCap and not cap.tokens": cap stays the ratchet's number of bytes.
    expect(refusal('{"cap":{"bytes":12000,"tokens":3000}}')).toContain(
      '"cap" is a number of bytes (the ratchet\'s unit), not an object; a token cap is "tokenCap" beside it: "cap": 12000, "tokenCap": 3000',
    );
    expect(refusal('{"agents":{"codex":{"cap":{"tokens":3000}}}}')).toContain(
      'a token cap is "agents.codex.tokenCap" beside it: "cap": <bytes>, "tokenCap": 3000',
    );
  });

  it("a_token_cap_is_accepted_as_token_cap_beside_the_cap_at_the_top_and_per_agent", () => {
    expect(
      parseConfig('{"cap":12000,"tokenCap":3000,"agents":{"codex":{"cap":32768,"tokenCap":8000}}}', F),
    ).toMatchObject({ cap: 12000, tokenCap: 3000, agents: { codex: { cap: 32768, tokenCap: 8000 } } });
  });
});
