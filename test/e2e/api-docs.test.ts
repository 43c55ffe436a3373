/**
 * docs/api.md's examples, each run as it stands against the built package (`import ... from
 * "agent-context"` resolved to this checkout through a node_modules link), in a copy of examples/acme-shop;
 * and the package's entry exports exactly the commands, the registry, `json`, `UsageError` and `VERSION`.
 */
import { spawnSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
let scratch = "";
let repo = "";

/** The ```js blocks of docs/api.md, with the heading each stands under. */
function examples(): { heading: string; code: string }[] {
  const text = readFileSync(join(ROOT, "docs/api.md"), "utf8");
  const out: { heading: string; code: string }[] = [];
  let heading = "";
  const re = /^## (.+)$|^```js\n([\s\S]*?)^```$/gm;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[1] !== undefined) heading = m[1];
    else out.push({ heading, code: m[2] as string });
  }
  return out;
}

beforeAll(() => {
  scratch = realpathSync(mkdtempSync(join(tmpdir(), "ac-api-")));
  repo = join(scratch, "acme-shop");
  cpSync(join(ROOT, "examples/acme-shop"), repo, { recursive: true });
  mkdirSync(join(repo, "node_modules"));
  symlinkSync(ROOT, join(repo, "node_modules/agent-context"), "dir");
});

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("docs/api.md", () => {
  it("has_one_example_for_each_command_of_the_library", () => {
    const headings = examples().map((e) => e.heading);
    for (const h of ["cap", "explain", "lint", "report", "verify", "agents"]) expect(headings).toContain(h);
  });

  it("every_example_runs_against_the_built_package", () => {
    for (const [i, e] of examples().entries()) {
      // The import line at the top stands under no heading: it shows the names, it is no example.
      if (e.heading === "" || !e.code.includes('from "agent-context"')) continue;
      const file = join(repo, `example-${i}.mjs`);
      writeFileSync(file, e.code);
      const r = spawnSync(process.execPath, [file], {
        cwd: repo,
        encoding: "utf8",
        env: { ...process.env, CI: "" },
      });
      expect({ heading: e.heading, status: r.status, stderr: r.stderr }).toEqual({
        heading: e.heading,
        status: 0,
        stderr: "",
      });
      expect(r.stdout.trim(), e.heading).not.toBe("");
    }
  });

  it("the_entry_exports_exactly_the_commands_the_registry_and_the_json_forms", () => {
    const r = spawnSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        'import * as m from "agent-context"; console.log(Object.keys(m).sort().join(","))',
      ],
      { cwd: repo, encoding: "utf8" },
    );
    expect(r.stderr).toBe("");
    expect(r.stdout.trim().split(",")).toEqual([
      "UsageError",
      "VERSION",
      "agents",
      "cap",
      "explain",
      "init",
      "json",
      "lint",
      "pointers",
      "report",
      "route",
      "verify",
    ]);
  });
});
