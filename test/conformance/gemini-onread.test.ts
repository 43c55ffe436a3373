/**
 * Conformance: Gemini CLI's just-in-time context. A scripted model calls `read_file` on paths below the
 * working directory; the pinned CLI appends the context files it newly finds to the tool's output. The
 * model's on-demand session over the launch snapshot must attach the same blocks, in the same order, byte
 * for byte, once per file.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { geminiCli } from "../../src/agents/gemini-cli/index.js";
import { JIT_CONTEXT_PREFIX, JIT_CONTEXT_SUFFIX } from "../../src/agents/gemini-cli/on-read.js";
import { removeFixtures, writeFixture } from "../support/fixture.js";
import { type GeminiRun, jitContext, parseBlocks, runGemini, toolOutputs } from "../support/gemini.js";

const READS = ["A/b/c/x.txt", "zz/q/f.txt", "A/b/c/x.txt", "A/b/y.txt", "lib"];
let root = "";
let run: GeminiRun;

beforeAll(async () => {
  root = writeFixture(
    {
      git: ["."],
      files: {
        "GEMINI.md": "root\n",
        "A/GEMINI.md": "A @./inc.md\n",
        "A/inc.md": "inc\n",
        "A/b/GEMINI.md": "b\n",
        "A/b/c/GEMINI.md": "c below\n",
        "A/b/c/x.txt": "xfile\n",
        "A/b/y.txt": "y\n",
        "zz/GEMINI.md": "   \n",
        "zz/q/GEMINI.md": "q\n",
        "zz/q/f.txt": "f\n",
        "lib/GEMINI.md": "lib\n",
        "lib/m.ts": "export {};\n",
      },
    },
    "ac-gemini-jit-",
  );
  run = await runGemini({
    cwd: root,
    script: READS.map((p) =>
      p === "lib"
        ? [{ functionCall: { name: "list_directory", args: { dir_path: join(root, p) } } }]
        : [{ functionCall: { name: "read_file", args: { file_path: p } } }],
    ),
  });
}, 120_000);

afterAll(() => removeFixtures());

describe("Gemini CLI 0.61.0 just-in-time context", () => {
  it("each_tool_call_attaches_the_new_context_files_above_its_path_as_the_model_says", () => {
    const outputs = toolOutputs(run);
    expect(outputs.length, run.stderr.slice(0, 2000)).toBe(READS.length);
    const session = geminiCli.onDemand?.(geminiCli.launch({ root, cwd: root }));
    if (!session) throw new Error("gemini-cli has an on-demand session");
    const cli = outputs.map((o) => parseBlocks(jitContext(o)).map((b) => ({ path: b.path, block: b.block })));
    const model = READS.map((p) => {
      const r = session.read(join(root, p));
      return r.items
        .filter((i) => i.importedBy === null)
        .map((i) => ({ path: join(root, i.path), block: r.texts.get(i.path) ?? "" }));
    });
    expect(model).toEqual(cli);
    // Settled: the top-most new file first (not sorted), the root file never again, a file once per session.
    expect(cli.map((bs) => bs.map((b) => b.path.slice(root.length + 1)))).toEqual([
      ["A/GEMINI.md", "A/b/GEMINI.md", "A/b/c/GEMINI.md"],
      ["zz/q/GEMINI.md"],
      [],
      [],
      ["lib/GEMINI.md"],
    ]);
  });

  it("the_attached_blocks_are_framed_as_the_cli_frames_them", () => {
    const first = toolOutputs(run)[0] ?? "";
    expect(first.startsWith(`xfile\n${JIT_CONTEXT_PREFIX}`)).toBe(true);
    expect(first.endsWith(JIT_CONTEXT_SUFFIX)).toBe(true);
  });
});
