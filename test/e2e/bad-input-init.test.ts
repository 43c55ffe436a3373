/**
 * Bad input for `init` and the configuration file: a settings file init cannot write back faithfully is
 * left byte for byte (and nothing else is written), and a configuration path that is not a file is named
 * with what to do.
 */
import { spawnSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const CLI = resolve("dist/cli/main.js");
const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

function repoWithSettings(bytes: Buffer): string {
  const d = mkdtempSync(join(tmpdir(), "ac-bad-init-"));
  made.push(d);
  mkdirSync(join(d, ".claude"));
  writeFileSync(join(d, ".claude/settings.json"), bytes);
  writeFileSync(join(d, "CLAUDE.md"), "# memory\n");
  return d;
}

const run = (args: string[]) =>
  spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", timeout: 20_000 });

describe("init on a settings file it cannot write back faithfully", () => {
  // Before: both were rewritten with the hook merged in, exit 0: "café" in Latin-1 became "caf\uFFFD",
  // and 1e400 became null. Fixed in src/install/init.ts.
  it.each([
    ["invalid_utf8", Buffer.from('{"statusLine": "caf\xe9"}\n', "latin1"), "not valid UTF-8"],
    [
      "hooks_given_twice",
      Buffer.from('{"hooks": {}, "hooks": {"PreToolUse": []}}\n'),
      '"hooks" is given twice',
    ],
  ])("a_settings_file_with_%s_is_left_byte_for_byte_with_status_2", (_name, bytes, says) => {
    const d = repoWithSettings(bytes);
    const r = run(["init", d]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(join(d, ".claude/settings.json"));
    expect(r.stderr).toContain(says);
    expect(r.stderr).toContain("left untouched");
    expect(readFileSync(join(d, ".claude/settings.json")).equals(bytes)).toBe(true);
    expect(existsSync(join(d, ".agent-context.json"))).toBe(false);
  });
});

describe("init edits the settings in place", () => {
  // Before: the settings were parsed and re-serialised: 12345678901234567890 became 12345678901234567000,
  // 1E3 became 1000, -0 became 0, a duplicate key was dropped, key order and line endings changed, and a
  // symlinked settings.json was replaced by a regular file; 1e400 was refused. Fixed in src/install/init.ts
  // (jsonc-parser's edit functions) and src/fs/atomic.ts (writes through links).
  const ORIGINAL =
    '{\r\n\t"big": 12345678901234567890,\r\n\t"e": 1E3, "neg": -0, "inf": 1e400,\r\n\t"dup": 1, "dup": 2,\r\n\t"hooks": {"PostToolUse": []},\r\n\t"z": "last"\r\n}\r\n';

  it("every_byte_of_the_other_settings_is_kept_and_only_the_hook_entry_is_inserted", () => {
    const d = repoWithSettings(Buffer.from(ORIGINAL));
    const r = run(["init", d]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const after = readFileSync(join(d, ".claude/settings.json"), "utf8");
    const head =
      '{\r\n\t"big": 12345678901234567890,\r\n\t"e": 1E3, "neg": -0, "inf": 1e400,\r\n\t"dup": 1, "dup": 2,\r\n\t"hooks": {';
    expect(after.startsWith(head)).toBe(true);
    expect(after.endsWith('\r\n\t"z": "last"\r\n}\r\n')).toBe(true);
    expect(after).not.toMatch(/[^\r]\n/); // CRLF throughout, the inserted lines too
    const hooks = JSON.parse(after).hooks;
    expect(Object.keys(hooks)).toEqual(["PostToolUse", "PreToolUse"]);
    expect(hooks.PreToolUse[0].hooks[0].command).toMatch(/hook/);
    expect(run(["init", d]).status).toBe(0);
    expect(readFileSync(join(d, ".claude/settings.json"), "utf8")).toBe(after); // a second run changes nothing
  });

  it("a_symlinked_settings_file_is_edited_through_its_link", () => {
    const d = repoWithSettings(Buffer.from("{}\n"));
    rmSync(join(d, ".claude/settings.json"));
    writeFileSync(join(d, "shared-settings.json"), '{"model": "x"}\n');
    symlinkSync("../shared-settings.json", join(d, ".claude/settings.json"));
    expect(run(["init", d]).status).toBe(0);
    expect(lstatSync(join(d, ".claude/settings.json")).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(join(d, "shared-settings.json"), "utf8")).hooks.PreToolUse).toHaveLength(
      1,
    );
  });

  it("a_dot_claude_that_is_a_file_writes_nothing_and_says_so", () => {
    const d = mkdtempSync(join(tmpdir(), "ac-bad-init-"));
    made.push(d);
    writeFileSync(join(d, ".claude"), "not a directory\n");
    const r = run(["init", d]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^agent-context: .*\.claude.*: cannot write \(\w+\); nothing was written/m);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(d, ".agent-context.json"))).toBe(false);
    expect(readdirSync(d)).toEqual([".claude"]);
  });
});

describe("a configuration path that is not a file", () => {
  // Before: "cannot be read as the configuration file (not-regular)": no kind, no remedy.
  it("a_directory_named_agent_context_json_is_named_with_its_kind_and_the_remedy", () => {
    const d = mkdtempSync(join(tmpdir(), "ac-bad-init-"));
    made.push(d);
    mkdirSync(join(d, ".agent-context.json"));
    const r = run(["cap", d]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      `agent-context: ${join(d, ".agent-context.json")}: is a directory, not a regular file; it was not opened (it must be a JSON file like {"cap": 4096})\n`,
    );
  });
});
