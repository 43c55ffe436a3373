/**
 * The editor-side servers cost nothing to the commands that do not serve: `--version`, `cap` and the
 * PreToolUse hook load no module of the MCP SDK, the language server or zod (they stay in node_modules,
 * scripts/bundle.mjs, and only `mcp` / `lsp` import them). Each run records every module it resolved: ESM
 * through a resolve hook (module.register), CommonJS through require.cache at exit.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const CLI = resolve("dist/cli/main.js");
const HOOK = resolve("dist/hook.cjs");
const EXAMPLE = resolve("examples/acme-shop");
const SERVERS = /node_modules\/(@modelcontextprotocol|vscode-languageserver|vscode-jsonrpc|zod)\//;

/** Runs node with `args` (stdin `input`) and returns every module URL or file it loaded. */
function loaded(args: string[], input = ""): string[] {
  const dir = mkdtempSync(join(tmpdir(), "ac-lazy-"));
  const log = join(dir, "log.txt");
  const hooks = join(dir, "hooks.mjs");
  writeFileSync(
    hooks,
    `import { appendFileSync } from "node:fs";
export async function resolve(s, c, next) { const r = await next(s, c); appendFileSync(${JSON.stringify(log)}, r.url + "\\n"); return r; }\n`,
  );
  const register = join(dir, "register.mjs");
  writeFileSync(
    register,
    `import { register } from "node:module";\nimport { pathToFileURL } from "node:url";\nregister(pathToFileURL(${JSON.stringify(hooks)}));\n`,
  );
  const cjs = join(dir, "cjs.cjs");
  writeFileSync(
    cjs,
    `process.on("exit", () => require("node:fs").appendFileSync(${JSON.stringify(log)}, Object.keys(require.cache).join("\\n") + "\\n"));\n`,
  );
  writeFileSync(log, "");
  const r = spawnSync(process.execPath, ["--import", register, "--require", cjs, ...args], {
    input,
    encoding: "utf8",
    cwd: EXAMPLE,
  });
  expect(
    r.stderr.replace(/^\(node:\d+\) ExperimentalWarning.*\n|^\(Use `node --trace-warnings.*\n/gm, ""),
  ).toBe("");
  return readFileSync(log, "utf8").split("\n").filter(Boolean);
}

describe("the servers' modules load only for their command", () => {
  it("version_cap_and_the_hook_load_no_module_of_the_mcp_sdk_the_language_server_or_zod", () => {
    const version = loaded([CLI, "--version"]);
    expect(version.some((m) => m.includes("dist/cli/main.js"))).toBe(true);
    const cap = loaded([CLI, "cap", "--json"]);
    expect(cap.some((m) => m.includes("/dist/cli/chunk-"))).toBe(true);
    const call = JSON.stringify({
      session_id: "s",
      cwd: EXAMPLE,
      hook_event_name: "PreToolUse",
      tool_name: "Write",
      tool_input: { file_path: join(EXAMPLE, "packages/api/src/routes/users.ts") },
    });
    const hook = loaded([HOOK], call);
    expect(hook.some((m) => m.endsWith("dist/hook.cjs"))).toBe(true);
    for (const run of [version, cap, hook]) expect(run.filter((m) => SERVERS.test(m))).toEqual([]);
  });

  it("the_mcp_and_lsp_commands_do_load_their_libraries_so_the_probe_sees_what_it_looks_for", () => {
    const lsp = loaded([CLI, "lsp"]);
    expect(lsp.some((m) => m.includes("node_modules/vscode-languageserver/"))).toBe(true);
    expect(lsp.some((m) => m.includes("node_modules/@modelcontextprotocol/"))).toBe(false);
    const mcp = loaded([CLI, "mcp"]);
    expect(mcp.some((m) => m.includes("node_modules/@modelcontextprotocol/sdk/"))).toBe(true);
    expect(mcp.some((m) => m.includes("node_modules/zod/"))).toBe(true);
  });
});
