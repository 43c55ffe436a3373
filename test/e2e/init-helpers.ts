import { cpSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** A repository with this build of agent-context installed at node_modules/agent-context (a real copy). */
export function repoWithLocalInstall(): { dir: string; cli: string } {
  const dir = mkdtempSync(join(tmpdir(), "ac-init-local-"));
  writeFileSync(join(dir, "CLAUDE.md"), "# Project\n");
  const pkg = join(dir, "node_modules/agent-context");
  mkdirSync(pkg, { recursive: true });
  cpSync(resolve(import.meta.dirname, "../../dist"), join(pkg, "dist"), { recursive: true });
  cpSync(resolve(import.meta.dirname, "../../package.json"), join(pkg, "package.json"));
  symlinkSync(resolve(import.meta.dirname, "../../node_modules"), join(pkg, "node_modules"));
  return { dir, cli: join(pkg, "dist/cli/main.js") };
}
