import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { copilotLaunch, parseInstructionFrontmatter } from "../../src/agents/copilot-cli/launch.js";

/** A rules folder whose every level holds two links back up: walked naively, 2^32 directories. */
function loopyRepo(levels: number): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-cp-walk-")));
  mkdirSync(join(root, ".git"));
  let d = join(root, ".claude", "rules");
  mkdirSync(d, { recursive: true });
  for (let i = 0; i < levels; i++) {
    writeFileSync(join(d, "rule.md"), `---\npaths: "src/l${i}/**"\n---\nlevel ${i}\n`);
    symlinkSync("..", join(d, "up"));
    symlinkSync(".", join(d, "self"));
    d = join(d, `n${i}`);
    mkdirSync(d);
  }
  return root;
}

describe("the copilot-cli instruction walk", () => {
  it("a_rules_folder_with_link_loops_at_every_level_is_walked_once_without_entering_the_links", () => {
    const root = loopyRepo(12);
    const launch = copilotLaunch({ root });
    const rows = launch.region.split("\n").filter((l) => l.includes("rule.md"));
    // Each level's rule once (Copilot enters no linked folder: no copy through `up` or `self`), in path order.
    expect(rows).toHaveLength(12);
    expect(new Set(rows).size).toBe(12);
    expect(rows.some((r) => r.includes("/up/") || r.includes("/self/"))).toBe(false);
    expect(launch.findings.filter((f) => f.ruleId === "walk-stopped")).toEqual([]);
  });
});

/** Copilot's frontmatter reading with the YAML parser alone: the reference for the simpleYaml fast path. */
function referenceFrontmatter(text: string): ReturnType<typeof parseInstructionFrontmatter> {
  const m = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  if (!m) return { applyTo: undefined, description: "" };
  let data: unknown;
  try {
    data = YAML.parse(m[1] as string);
  } catch {
    return parseInstructionFrontmatter(text); // the error path is not the fast path's: compared elsewhere
  }
  if (!data || typeof data !== "object" || Array.isArray(data))
    return { applyTo: undefined, description: "" };
  const d = data as Record<string, unknown>;
  const raw = d.applyTo ?? d.paths;
  const applyTo =
    typeof raw === "string"
      ? raw
      : Array.isArray(raw)
        ? raw.map((x) => String(x)).join(", ")
        : raw === null || raw === undefined
          ? undefined
          : String(raw);
  return { applyTo, description: typeof d.description === "string" ? d.description : "" };
}

describe("copilot frontmatter: the simpleYaml fast path", () => {
  it("generated_frontmatter_reads_as_the_yaml_parser_reads_it", () => {
    let s = 7;
    const rnd = (n: number) => {
      s = (s * 1103515245 + 12345) % 2147483648;
      return s % n;
    };
    const values = [
      '"src/**/*.ts"',
      "src/**",
      "'it''s'",
      "**",
      "true",
      "",
      "null",
      "1",
      '"a, b"',
      "[a, b]",
      "~",
    ];
    const keys = ["applyTo", "paths", "description", "globs", "applyto"];
    let checked = 0;
    for (let i = 0; i < 3000; i++) {
      const lines: string[] = [];
      for (let k = rnd(4); k >= 0; k--) {
        const key = keys[rnd(keys.length)] as string;
        if (rnd(3) === 0) {
          lines.push(`${key}:`);
          for (let j = rnd(3) + 1; j > 0; j--) lines.push(`  - ${values[rnd(values.length)]}`);
        } else lines.push(`${key}: ${values[rnd(values.length)]}`);
      }
      const text = `---${rnd(5) === 0 ? "\r" : ""}\n${lines.join("\n")}\n---\nbody\n`;
      expect(parseInstructionFrontmatter(text), JSON.stringify(text)).toEqual(referenceFrontmatter(text));
      checked++;
    }
    expect(checked).toBe(3000);
  });
});
