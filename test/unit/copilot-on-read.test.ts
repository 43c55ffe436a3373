/**
 * Unit cases of the copilot-cli model's on-read walk and file lookup (settled against Copilot CLI 1.0.102
 * by the conformance cases named in docs/findings-copilot-cli.md, "On demand"): fast, no CLI.
 */
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { copilotLaunch, copilotMemoryFile } from "../../src/agents/copilot-cli/launch.js";

/** A fresh temp directory holding `files`, with `.git` in `gitDir` (default: the directory itself). */
function repo(files: Record<string, string>, gitDir = "."): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-cp-onread-")));
  mkdirSync(join(root, gitDir, ".git"), { recursive: true });
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  }
  return root;
}

describe("copilot-cli file names and imports", () => {
  it("memory_names_match_without_regard_to_case_the_exact_spelling_first", () => {
    const root = repo({ "AGENTS.md": "A\n", "agents.md": "a\n", "Claude.md": "c\n" });
    expect(copilotMemoryFile(root, "AGENTS.md")).toBe(join(root, "AGENTS.md"));
    expect(copilotMemoryFile(root, "CLAUDE.md")).toBe(join(root, "Claude.md"));
    expect(copilotMemoryFile(root, "GEMINI.md")).toBe(join(root, "GEMINI.md"));
    const instr = repo({ ".github/instructions/a.instructions.MD": "x\n", ".claude/rules/b.Md": "y\n" });
    expect(copilotLaunch({ root: instr }).always).toEqual(["x\n", "y\n"]);
  });

  it("imports_leaving_the_git_root_and_imports_in_gemini_md_stay_prose", () => {
    const top = repo(
      {
        "g/p/AGENTS.md": "up @../b.md out @../../n.md\n",
        "g/p/GEMINI.md": "see @c.md\n",
        "g/p/c.md": "c\n",
        "g/b.md": "b\n",
        "n.md": "outside\n",
      },
      "g",
    );
    const root = join(top, "g");
    const l = copilotLaunch({ root, cwd: "p" });
    expect(l.blocks[0]).toContain(`source="${join(root, "b.md")}"`);
    expect(l.blocks[0]).not.toContain("outside");
    expect(l.imports.find((e) => e.token === "../../n.md")?.status).toBe("outside-cwd");
    expect(l.blocks[1]).toBe("see @c.md\n");
  });
});
