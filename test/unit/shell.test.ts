/**
 * The one shell tokeniser (src/shell/): the router's word runs and path-like words and the Claude Code
 * model's plain-read recognition (claudeAttachTargets) split commands with it.
 */
import { describe, expect, it } from "vitest";
import { claudeAttachTargets } from "../../src/agents/claude-code/on-read.js";
import { commandWords, simpleCommands, tokenizeShell } from "../../src/shell/index.js";

describe("tokenizeShell", () => {
  it("splits_words_and_operators_and_keeps_their_offsets", () => {
    const { tokens, unterminated } = tokenizeShell(`cat 'a b' >>out&&x`);
    expect(unterminated).toBe(false);
    expect(tokens.map((t) => [t.text, t.op, t.start, t.end])).toEqual([
      ["cat", false, 0, 3],
      ["a b", false, 4, 9],
      [">>", true, 10, 12],
      ["out", false, 12, 15],
      ["&&", true, 15, 17],
      ["x", false, 17, 18],
    ]);
  });

  it("quotes_follow_posix_single_quotes_literal_double_quotes_escape_only_what_the_shell_escapes", () => {
    expect(commandWords(`echo 'a\\b' "c\\"d" "e\\f" g\\ h`)).toEqual(["echo", "a\\b", 'c"d', "e\\f", "g h"]);
    expect(commandWords(`a"b c"d ''`)).toEqual(["ab cd", ""]);
  });

  it("a_quote_left_open_is_the_last_word_taken_literally", () => {
    const r = tokenizeShell(`git commit -m "wip && more`);
    expect(r.unterminated).toBe(true);
    expect(r.tokens.map((t) => t.text)).toEqual(["git", "commit", "-m", "wip && more"]);
    expect(simpleCommands(`cat "a.ts`)).toBeNull();
  });

  it("a_newline_separates_commands_but_not_word_runs", () => {
    expect(commandWords("git add\n-A")).toEqual(["git", "add", "-A"]);
    expect(simpleCommands("cat a.ts\ncat b.ts")?.map((c) => c.words)).toEqual([
      ["cat", "a.ts"],
      ["cat", "b.ts"],
    ]);
  });
});

describe("simpleCommands", () => {
  it("splits_a_list_at_and_or_semicolon_and_keeps_each_command_s_source", () => {
    expect(simpleCommands("head -n 5 a.ts && echo 'done; ok' || true ;")).toEqual([
      { words: ["head", "-n", "5", "a.ts"], raw: "head -n 5 a.ts" },
      { words: ["echo", "done; ok"], raw: "echo 'done; ok'" },
      { words: ["true"], raw: "true" },
    ]);
  });

  it.each(["cat a | wc", "cat <a", "cat a > b", "cat a &", "(cat a)"])(
    "%s_is_not_a_list_of_simple_commands",
    (c) => {
      expect(simpleCommands(c)).toBeNull();
    },
  );

  it("the_claude_model_reads_plain_read_commands_through_the_same_tokeniser", () => {
    // A quoted `&&` is part of a word, not a list separator, for both consumers.
    expect(claudeAttachTargets("Bash", { command: `cat "x && y.md"` }, "/r")).toEqual(["/r/x && y.md"]);
    expect(commandWords(`cat "x && y.md"`)).toEqual(["cat", "x && y.md"]);
    expect(claudeAttachTargets("Bash", { command: "(cat a.md)" }, "/r")).toEqual([]);
  });
});
