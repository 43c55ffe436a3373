import { describe, expect, it } from "vitest";
import { buildProgram, commandsFor } from "../../src/cli/program.js";

const ALL = ["cap", "route", "hook", "explain", "pointers", "lint", "init", "verify", "report", "mcp", "lsp"];

describe("commandsFor", () => {
  it("a_named_command_loads_only_that_command", () => {
    expect(commandsFor(["cap", "examples/acme-shop", "--json"])).toEqual(["cap"]);
    expect(commandsFor(["--no-color", "lint"])).toEqual(["lint"]);
  });
  it("a_bare_version_flag_loads_no_command", () => {
    expect(commandsFor(["--version"])).toEqual([]);
    expect(commandsFor(["-V"])).toEqual([]);
  });
  it("help_no_arguments_and_unknown_commands_load_every_command_so_commander_can_list_and_suggest", () => {
    expect(commandsFor([])).toEqual(ALL);
    expect(commandsFor(["--help"])).toEqual(ALL);
    expect(commandsFor(["help", "cap"])).toEqual(ALL);
    expect(commandsFor(["cap", "--help"])).toEqual(ALL);
    expect(commandsFor(["capp"])).toEqual(ALL);
  });
});

describe("buildProgram", () => {
  it("registers_every_command_by_default_and_only_the_named_ones_when_asked", async () => {
    expect((await buildProgram()).commands.map((c) => c.name())).toEqual(ALL);
    expect((await buildProgram(["explain"])).commands.map((c) => c.name())).toEqual(["explain"]);
  });
});
