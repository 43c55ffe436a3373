/**
 * The one parser of a tool call's input into targets, for every handler of the hook chain (router rules,
 * on-read gaps, pointers) and for `agent-context route`. (What Claude Code itself attaches for a call is a
 * different question, answered by the hook agent's on-read part: `attachTargets` of its hook capability,
 * which for Claude Code splits commands with the same tokeniser, src/shell/.)
 *
 * A call names a command (any tool whose input has a string `command`: Bash) or a file (the first
 * non-empty string of `file_path` — Read, Write, Edit, MultiEdit — `notebook_path` — NotebookEdit — or
 * `path` — Grep, Glob, LS). A command's targets are its words (word runs) and its path-like words
 * (path targets); a leading `~/` in a word is the home directory. Relative paths resolve against the
 * call's working directory. Claude Code 2.1.332 sends absolute `file_path`s and `cwd` (docs/findings-hook.md).
 */
import { isAbsolute, resolve } from "node:path";
import { checkDeadline } from "../fs/deadline.js";
import { pathTarget, type Target as RouterTarget, rootRelative } from "../router/match.js";
import { commandWords, pathLikeWords } from "../shell/index.js";

/** The input keys that name a file, in the order they are looked up. */
export const FILE_KEYS = ["file_path", "notebook_path", "path"] as const;

/** What one tool call is about. Paths are absolute. */
export type ToolTarget =
  | {
      kind: "file";
      /** The tool name as Claude Code reports it (`Write`, `Read`, ...). */
      tool: string;
      /** Which input key named the file. */
      key: (typeof FILE_KEYS)[number];
      /** The file, absolute. */
      file: string;
    }
  | {
      kind: "command";
      tool: string;
      /** The command as sent. */
      command: string;
      /** Its words and operators (src/shell/commands.ts `commandWords`); never empty. */
      words: string[];
      /** Its path-like words, absolute, in order, without duplicates. */
      files: string[];
    };

/**
 * Parses a tool call's input into its target.
 * @param tool the tool name (`tool_name` of the hook event)
 * @param input `tool_input` of the hook event, as the model sent it (anything: garbage gives null)
 * @param cwd the call's working directory, absolute
 * @param home the directory `~` stands for (default `$HOME`)
 * @returns null when the call names no command with words and no file. Never throws, except
 *   `DeadlineExceeded` (src/fs/deadline.ts) once the hook's deadline has passed.
 */
export function toolTarget(
  tool: string,
  input: unknown,
  cwd: string,
  home: string | undefined = process.env.HOME,
): ToolTarget | null {
  if (!input || typeof input !== "object" || Array.isArray(input)) return null;
  const i = input as Record<string, unknown>;
  if (typeof i.command === "string") {
    const words = commandWords(i.command);
    if (words.length === 0) return null;
    // Sets, not `includes`: a command naming 200,000 paths costs linear time (it was quadratic: > 60 s).
    const files = new Set<string>();
    for (const w of pathLikeWords(words)) {
      checkDeadline();
      files.add(resolve(cwd, home ? w.replace(/^~(?=\/|$)/, home) : w));
    }
    return { kind: "command", tool, command: i.command, words, files: [...files] };
  }
  for (const key of FILE_KEYS) {
    const v = i[key];
    if (typeof v === "string" && v !== "")
      return { kind: "file", tool, key, file: isAbsolute(v) ? resolve(v) : resolve(cwd, v) };
  }
  return null;
}

/**
 * The router's view of a target: root-relative normalised paths and the command's words.
 * A file outside `root` gives null (the repository's rules do not speak about it); a command keeps its
 * words and only the paths inside `root`. A `path` of Grep/Glob/LS names a directory to search, not a file
 * the call touches: it is no router target (as before the hook room, where only pointers used it).
 */
export function routerTarget(t: ToolTarget | null, root: string): RouterTarget | null {
  if (!t) return null;
  if (t.kind === "command") {
    const paths = new Set<string>();
    for (const f of t.files) {
      checkDeadline();
      const r = rootRelative(root, root, f);
      if (r) paths.add(r);
    }
    return { tool: t.tool, display: t.command, paths: [...paths], words: t.words.join(" ") };
  }
  return t.key === "path" ? null : pathTarget(t.tool, root, root, t.file);
}
