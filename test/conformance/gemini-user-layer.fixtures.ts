/**
 * Issue 31's Gemini CLI 0.61.0 user layer, recorded from the pinned CLI (test/conformance/recorded/
 * gemini-user-layer.json, `<B>` = the case directory; layout: test/support/recorded.ts): extensions'
 * context files (`~/.gemini/extensions/<dir>/gemini-extension.json` `contextFileName`) and the private
 * per-project memory (`~/.gemini/tmp/<slug>/memory/MEMORY.md`), with the flag and variables that move or
 * select them (`-e`, `GEMINI_CLI_HOME`). Findings: docs/findings-gemini-cli.md ("Extensions and the
 * private project memory").
 */
import type { RecordedCase } from "../support/recorded.js";

const ext = (name: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ name, version: "1.0.0", ...extra });
const PROJ = { "GEMINI.md": "PROJ\n" };
const TWO = {
  ".gemini/extensions/e1/gemini-extension.json": ext("e1"),
  ".gemini/extensions/e1/GEMINI.md": "EXT-E1\n",
  ".gemini/extensions/e2/gemini-extension.json": ext("e2"),
  ".gemini/extensions/e2/GEMINI.md": "EXT-E2\n",
};

export const GEMINI_USER_CASES: RecordedCase[] = [
  {
    name: "an_extensions_gemini_md_goes_into_the_extension_context_before_the_project_context",
    area: "extensions",
    files: PROJ,
    home: {
      ".gemini/extensions/e1/gemini-extension.json": ext("e1"),
      ".gemini/extensions/e1/GEMINI.md": "EXT-E1\n",
    },
    includes: [
      "<loaded_context>\n<extension_context>\n--- Context from: <B>/home/.gemini/extensions/e1/GEMINI.md ---\nEXT-E1\n",
    ],
  },
  {
    name: "context_file_name_replaces_gemini_md_and_a_list_is_sorted_by_path_with_bad_entries_dropped",
    area: "extensions",
    files: PROJ,
    home: {
      ".gemini/extensions/e2/gemini-extension.json": ext("e2", { contextFileName: "CTX.md" }),
      ".gemini/extensions/e2/CTX.md": "EXT-E2-CTX\n",
      ".gemini/extensions/e2/GEMINI.md": "EXT-E2-GEMINI-not\n",
      ".gemini/extensions/e3/gemini-extension.json": ext("e3", {
        contextFileName: ["b.md", "a.md", "docs/c.md", "missing.md", "../escape.md", "/etc/hostname", ""],
      }),
      ".gemini/extensions/e3/a.md": "EXT-E3-A\n",
      ".gemini/extensions/e3/b.md": "EXT-E3-B\n",
      ".gemini/extensions/e3/docs/c.md": "EXT-E3-C @imp.md\n",
      ".gemini/extensions/e3/docs/imp.md": "EXT-E3-IMPORTED\n",
      ".gemini/extensions/escape.md": "ESCAPED\n",
    },
    includes: ["EXT-E2-CTX", "EXT-E3-A", "EXT-E3-B", "EXT-E3-IMPORTED"],
    excludes: ["EXT-E2-GEMINI-not", "ESCAPED"],
  },
  {
    name: "workspace_extensions_and_extensions_without_a_valid_manifest_load_nothing",
    area: "extensions",
    files: {
      ...PROJ,
      ".gemini/extensions/w1/gemini-extension.json": ext("w1"),
      ".gemini/extensions/w1/GEMINI.md": "WORKSPACE-EXT\n",
    },
    home: {
      ".gemini/extensions/bad/gemini-extension.json": "{ not json",
      ".gemini/extensions/bad/GEMINI.md": "BAD-EXT\n",
      ".gemini/extensions/noconf/GEMINI.md": "NOCONF-EXT\n",
      ".gemini/extensions/file.md": "x\n",
    },
    excludes: ["WORKSPACE-EXT", "BAD-EXT", "NOCONF-EXT", "extension_context"],
  },
  {
    name: "an_extension_alone_gives_an_extension_context_trimmed",
    area: "extensions",
    files: {},
    home: {
      ".gemini/extensions/e1/gemini-extension.json": ext("e1"),
      ".gemini/extensions/e1/GEMINI.md": "  EXT-ONLY  \n\n",
    },
    includes: ["---\nEXT-ONLY\n--- End of Context from"],
  },
  {
    name: "an_extension_disabled_in_extension_enablement_json_loads_nothing",
    area: "extensions",
    files: PROJ,
    home: {
      ".gemini/extensions/e1/gemini-extension.json": ext("e1"),
      ".gemini/extensions/e1/GEMINI.md": "EXT-E1\n",
      ".gemini/extensions/extension-enablement.json": JSON.stringify({ e1: { overrides: ["!/*"] } }),
    },
    excludes: ["EXT-E1"],
  },
  {
    name: "an_extension_file_that_is_the_project_file_is_sent_once_as_the_extensions",
    area: "extensions",
    files: PROJ,
    home: {
      ".gemini/extensions/e1/gemini-extension.json": ext("e1"),
      ".gemini/extensions/e1/GEMINI.md": { link: "<R>/GEMINI.md" },
    },
    excludes: ["<project_context>"],
  },
  {
    name: "a_linked_extension_loads_from_its_source",
    area: "extensions",
    files: PROJ,
    outside: { "src-ext/gemini-extension.json": ext("lnk"), "src-ext/GEMINI.md": "LINKED-EXT\n" },
    home: {
      ".gemini/extensions/lnk/.gemini-extension-install.json": JSON.stringify({
        source: "<B>/src-ext",
        type: "link",
      }),
    },
    includes: ["--- Context from: <B>/src-ext/GEMINI.md ---\nLINKED-EXT"],
  },
  {
    name: "the_extensions_flag_selects_extensions_by_name",
    area: "extensions",
    files: PROJ,
    home: TWO,
    args: ["-e", "e2"],
    includes: ["EXT-E2"],
    excludes: ["EXT-E1"],
  },
  {
    name: "the_extensions_flag_none_loads_no_extension",
    area: "extensions",
    files: PROJ,
    home: TWO,
    args: ["-e", "none"],
    excludes: ["EXT-E"],
  },
  {
    name: "the_private_memory_index_goes_into_the_system_instruction",
    area: "private project memory",
    files: PROJ,
    home: {
      ".gemini/tmp/repo/memory/MEMORY.md": "  PRIVATE INDEX  \n",
      ".gemini/tmp/repo/memory/GEMINI.md": "LEGACY-NOT\n",
      ".gemini/tmp/repo/memory/note.md": "SIBLING\n",
    },
    includes: [
      "<user_project_memory>\n--- Private Project Memory Index (private, not committed to repo) ---\n--- Context from: <B>/home/.gemini/tmp/repo/memory/MEMORY.md ---\nPRIVATE INDEX\n",
    ],
    excludes: ["LEGACY-NOT", "SIBLING"],
  },
  {
    name: "without_memory_md_a_gemini_md_in_the_memory_folder_is_the_index",
    area: "private project memory",
    files: PROJ,
    home: { ".gemini/tmp/repo/memory/GEMINI.md": "LEGACY PRIVATE\n" },
    includes: ["LEGACY PRIVATE"],
  },
  {
    name: "a_whitespace_only_memory_md_sends_nothing_and_hides_the_legacy_file",
    area: "private project memory",
    files: PROJ,
    home: { ".gemini/tmp/repo/memory/MEMORY.md": "  \n", ".gemini/tmp/repo/memory/GEMINI.md": "LEGACY\n" },
    excludes: ["LEGACY", "user_project_memory"],
  },
  {
    name: "the_private_memory_folder_is_named_after_the_working_directory",
    area: "private project memory",
    cwd: "pkg",
    files: { ...PROJ, "pkg/x": "" },
    home: {
      ".gemini/tmp/repo/memory/MEMORY.md": "ROOT-SLUG\n",
      ".gemini/tmp/pkg/memory/MEMORY.md": "PKG-SLUG\n",
    },
    includes: ["PKG-SLUG"],
    excludes: ["ROOT-SLUG"],
  },
  {
    name: "the_private_memory_folder_name_is_the_slugified_directory_name",
    area: "private project memory",
    cwd: "My Repo.v2",
    files: { "My Repo.v2/GEMINI.md": "PROJ\n" },
    home: { ".gemini/tmp/my-repo-v2/memory/MEMORY.md": "SLUGGED\n" },
    includes: ["SLUGGED"],
  },
  {
    name: "the_private_memory_index_follows_the_global_context_and_expands_its_imports",
    area: "private project memory",
    files: PROJ,
    home: {
      ".gemini/GEMINI.md": "USER-GLOBAL\n",
      ".gemini/tmp/repo/memory/MEMORY.md": "IDX @note.md\n",
      ".gemini/tmp/repo/memory/note.md": "NOTE-IMPORTED\n",
    },
    includes: ["</global_context>\n<user_project_memory>", "NOTE-IMPORTED"],
  },
  {
    name: "an_include_directory_does_not_change_the_private_memory_folder",
    area: "private project memory",
    files: PROJ,
    outside: { "other/GEMINI.md": "OTHER\n" },
    home: {
      ".gemini/tmp/repo/memory/MEMORY.md": "REPO-SLUG\n",
      ".gemini/tmp/other/memory/MEMORY.md": "OTHER-SLUG\n",
    },
    args: ["--include-directories", "<B>/other"],
    includes: ["REPO-SLUG"],
    excludes: ["OTHER-SLUG"],
  },
  {
    name: "gemini_cli_home_moves_the_global_file_extensions_and_the_private_memory",
    area: "environment",
    files: PROJ,
    home: TWO,
    outside: {
      "gh/.gemini/extensions/m1/gemini-extension.json": ext("m1"),
      "gh/.gemini/extensions/m1/GEMINI.md": "MOVED-EXT\n",
      "gh/.gemini/tmp/repo/memory/MEMORY.md": "MOVED-PRIVATE\n",
      "gh/.gemini/GEMINI.md": "MOVED-GLOBAL\n",
      "gh/.gemini/settings.json": JSON.stringify({ security: { auth: { selectedType: "gemini-api-key" } } }),
    },
    env: { GEMINI_CLI_HOME: "<B>/gh" },
    includes: ["MOVED-EXT", "MOVED-PRIVATE", "MOVED-GLOBAL"],
    excludes: ["EXT-E1", "EXT-E2"],
  },
];

export interface GeminiRecording {
  code: number | null;
  /** The system instruction's `<loaded_context>` (global file, private project memory). */
  system: string;
  /** The first user message's `<loaded_context>` (extensions, project). */
  session: string;
}
