/**
 * Bad input for `init` and the configuration file: a settings file init cannot write back faithfully is
 * left byte for byte (and nothing else is written), and a configuration path that is not a file is named
 * with what to do.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
    ["a_number_beyond_a_double", Buffer.from('{"hooks": {}, "x": 1e400}\n'), "1e400"],
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
