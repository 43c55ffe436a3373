import { UsageError } from "../errors.js";

/**
 * The packages `mcp` and `lsp` need, with the versions this release is tested with. They are optional
 * peer dependencies (package.json): a team that only caps and routes never installs them (the MCP SDK
 * alone brings about 95 packages).
 */
export const OPTIONAL_PACKAGES = {
  mcp: ["@modelcontextprotocol/sdk@1.32.2", "zod@4.6.7"],
  lsp: ["vscode-languageserver@11.0.0", "vscode-languageserver-textdocument@1.0.16"],
} as const;

/**
 * `load()` (the command's dynamic import); when one of the command's optional packages is not installed,
 * a usage error naming them and the line that installs them, instead of node's stack trace.
 */
export async function withOptionalPackages<T>(
  command: keyof typeof OPTIONAL_PACKAGES,
  load: () => Promise<T>,
): Promise<T> {
  try {
    return await load();
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const wanted = OPTIONAL_PACKAGES[command];
    const names = wanted.map((p) => p.slice(0, p.lastIndexOf("@")));
    if (err.code === "ERR_MODULE_NOT_FOUND" && names.some((n) => String(err.message).includes(`'${n}`)))
      throw new UsageError(
        `${command} needs ${names.join(" and ")}, optional packages that are not installed: npm install -D ${wanted.join(" ")}`,
      );
    throw e;
  }
}
