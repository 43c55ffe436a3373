/**
 * The hook room's one parser of a tool call's input (src/hook/targets.ts), and the router's view of it.
 * Every handler of the chain (router rules, on-read gaps, pointers) and `agent-context route` read targets
 * through it.
 */
import { describe, expect, it } from "vitest";
import { routerTarget, type ToolTarget, toolTarget } from "../../src/hook/targets.js";

const CWD = "/repo/pkg";
const HOME = "/home/u";

describe("toolTarget", () => {
  const table: [string, unknown, ToolTarget | null][] = [
    [
      "Read",
      { file_path: "/repo/a.ts" },
      { kind: "file", tool: "Read", key: "file_path", file: "/repo/a.ts" },
    ],
    [
      "Write",
      { file_path: "src/new.ts", content: "x" },
      { kind: "file", tool: "Write", key: "file_path", file: "/repo/pkg/src/new.ts" },
    ],
    [
      "Edit",
      { file_path: "/repo/./b/../e.ts", old_string: "a" },
      { kind: "file", tool: "Edit", key: "file_path", file: "/repo/e.ts" },
    ],
    [
      "MultiEdit",
      { file_path: "/repo/m.ts", edits: [] },
      { kind: "file", tool: "MultiEdit", key: "file_path", file: "/repo/m.ts" },
    ],
    [
      "NotebookEdit",
      { notebook_path: "n.ipynb" },
      { kind: "file", tool: "NotebookEdit", key: "notebook_path", file: "/repo/pkg/n.ipynb" },
    ],
    [
      "Grep",
      { pattern: "x", path: "/repo/src" },
      { kind: "file", tool: "Grep", key: "path", file: "/repo/src" },
    ],
    [
      "Bash",
      { command: "cp src/a.kt ~/b.kt && git add -A" },
      {
        kind: "command",
        tool: "Bash",
        command: "cp src/a.kt ~/b.kt && git add -A",
        words: ["cp", "src/a.kt", "~/b.kt", "&&", "git", "add", "-A"],
        files: ["/repo/pkg/src/a.kt", "/home/u/b.kt"],
      },
    ],
    ["Bash", { command: "   " }, null],
    ["Write", {}, null],
    ["Write", { file_path: "" }, null],
    ["Write", { file_path: 42 }, null],
    ["Write", [1, 2], null],
    ["Write", "garbage", null],
    ["Write", null, null],
  ];
  it.each(table)("%s_%j", (tool, input, want) => {
    expect(toolTarget(tool, input, CWD, HOME)).toEqual(want);
  });

  it("one_tool_input_parser_gives_the_targets_for_read_write_edit_and_bash", () => {
    const read = toolTarget("Read", { file_path: "/repo/pkg/src/a.ts" }, CWD, HOME);
    const write = toolTarget("Write", { file_path: "src/a.ts", content: "" }, CWD, HOME);
    const edit = toolTarget("Edit", { file_path: "./src/a.ts", old_string: "", new_string: "" }, CWD, HOME);
    const bash = toolTarget("Bash", { command: "touch 'src/a.ts' && wc -l src/a.ts" }, CWD, HOME);
    for (const t of [read, write, edit])
      expect(t).toMatchObject({ kind: "file", file: "/repo/pkg/src/a.ts" });
    expect(bash).toMatchObject({ kind: "command", files: ["/repo/pkg/src/a.ts"] });
    // and the router's view of each is the same root-relative path
    for (const t of [read, write, edit, bash])
      expect(routerTarget(t, "/repo")?.paths).toEqual(["pkg/src/a.ts"]);
  });
});

describe("routerTarget: the router's view", () => {
  it("a_file_outside_the_root_is_no_target_but_a_command_keeps_its_words", () => {
    expect(
      routerTarget(toolTarget("Write", { file_path: "/elsewhere/a.ts" }, CWD, HOME), "/repo"),
    ).toBeNull();
    expect(routerTarget(toolTarget("Bash", { command: "cat /elsewhere/a.ts" }, CWD, HOME), "/repo")).toEqual({
      tool: "Bash",
      display: "cat /elsewhere/a.ts",
      paths: [],
      words: "cat /elsewhere/a.ts",
    });
  });

  it("a_search_path_of_grep_is_served_to_pointers_but_is_no_router_target", () => {
    const t = toolTarget("Grep", { pattern: "x", path: "/repo/src" }, CWD, HOME);
    expect(t?.kind).toBe("file");
    expect(routerTarget(t, "/repo")).toBeNull();
  });

  it("the_root_itself_is_no_path_target", () => {
    expect(routerTarget(toolTarget("Write", { file_path: "/repo" }, CWD, HOME), "/repo")).toBeNull();
  });
});
