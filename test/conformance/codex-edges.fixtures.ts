/**
 * Issue 31's Codex edges, recorded from the pinned Codex 0.171.0 (`codex debug prompt-input`;
 * test/conformance/recorded/codex-edges.json, `<B>` = the case directory; layout: test/support/recorded.ts;
 * `CODEX_HOME` is `<B>/home/.codex`): the exact rule of a cut inside a multi-byte character, a budget of 0,
 * and the flags that change what loads (`--profile`, `-C`, `--add-dir`, `-c`). Findings:
 * docs/findings-codex.md ("Budget", "Flags and environment").
 */
import type { RecordedCase } from "../support/recorded.js";

const budget = (n: number) => ["-c", `project_doc_max_bytes=${n}`];
const bytes = (...b: number[]) => Buffer.from(b);
const EMOJI = "ab\u{1F600}cd\n"; // 2 + 4 + 3 bytes
const EURO = "\u20ACx\n"; // 3 + 2 bytes

export const CODEX_EDGE_CASES: RecordedCase[] = [
  ...[2, 3, 4, 5, 6].map(
    (n): RecordedCase => ({
      name: `a_budget_of_${n}_bytes_on_a_four_byte_character_after_two_bytes`,
      area: "cuts inside a character",
      files: { "AGENTS.md": EMOJI },
      args: budget(n),
      includes: [n === 2 ? "<INSTRUCTIONS>\nab\n" : n === 6 ? "ab\u{1F600}\n" : "ab\uFFFD\n"],
    }),
  ),
  ...[1, 2, 3].map(
    (n): RecordedCase => ({
      name: `a_budget_of_${n}_bytes_on_a_three_byte_character`,
      area: "cuts inside a character",
      files: { "AGENTS.md": EURO },
      args: budget(n),
      includes: [n === 3 ? "<INSTRUCTIONS>\n\u20AC\n" : "<INSTRUCTIONS>\n\uFFFD\n"],
    }),
  ),
  {
    name: "a_cut_inside_a_character_spends_the_raw_bytes_so_the_next_file_gets_nothing",
    area: "cuts inside a character",
    cwd: "a",
    files: { "AGENTS.md": EURO, "a/AGENTS.md": "A\n" },
    args: budget(2),
    excludes: ["\nA\n"],
  },
  {
    name: "a_replacement_character_after_white_space_is_not_white_space",
    area: "cuts inside a character",
    files: { "AGENTS.md": " \u20AC\n" },
    args: budget(2),
    includes: ["<INSTRUCTIONS>\n \uFFFD\n"],
  },
  {
    name: "invalid_bytes_before_the_cut_become_one_replacement_character_per_maximal_subpart",
    area: "cuts inside a character",
    files: { "AGENTS.md": bytes(0x61, 0xff, 0x62, 0xe2, 0x82, 0x63, 0x64, 0x0a) },
    args: budget(6),
    includes: ["a\uFFFDb\uFFFDc\n"],
  },
  {
    name: "invalid_utf8_forms_each_give_replacement_characters_as_rust_from_utf8_lossy",
    area: "cuts inside a character",
    files: {
      "AGENTS.md": bytes(
        0x41,
        0xe2,
        0x82,
        0x42,
        0xf0,
        0x9f,
        0x98,
        0x43,
        0xf8,
        0x88,
        0x80,
        0x80,
        0x80,
        0x44,
        0xed,
        0xa0,
        0x80,
        0x45,
        0x0a,
      ),
    },
    includes: ["A\uFFFDB\uFFFDC\uFFFD\uFFFD\uFFFD\uFFFD\uFFFDD\uFFFD\uFFFD\uFFFDE"],
  },
  {
    name: "a_budget_of_zero_sends_no_agents_message_at_all",
    area: "budget values",
    cwd: "a",
    files: { "AGENTS.md": "ROOT\n", "a/AGENTS.md": "A\n" },
    args: budget(0),
    excludes: ["ROOT", "AGENTS.md instructions"],
  },
  {
    name: "a_budget_of_zero_keeps_the_global_file_without_the_project_marker",
    area: "budget values",
    cwd: "a",
    files: { "AGENTS.md": "ROOT\n", "a/AGENTS.md": "A\n" },
    home: { ".codex/AGENTS.md": "GLOBAL\n" },
    args: budget(0),
    includes: ["# AGENTS.md instructions\n\n<INSTRUCTIONS>\nGLOBAL\n</INSTRUCTIONS>"],
    excludes: ["project-doc", "ROOT"],
  },
  {
    name: "a_budget_of_zero_drops_an_override_file_too",
    area: "budget values",
    files: { "AGENTS.override.md": "OV\n" },
    args: budget(0),
    excludes: ["OV"],
  },
  {
    name: "a_budget_of_zero_in_config_toml_drops_the_chain",
    area: "budget values",
    files: { "AGENTS.md": "ROOT\n" },
    home: { ".codex/config.toml": "project_doc_max_bytes = 0\n" },
    excludes: ["ROOT"],
  },
  {
    name: "a_negative_budget_stops_codex",
    area: "budget values",
    files: { "AGENTS.md": "ROOT\n" },
    args: budget(-1),
    includes: ["Error: invalid value: integer `-1`, expected usize\nin `project_doc_max_bytes`"],
  },
  {
    name: "a_budget_of_one_byte_sends_the_first_byte_of_the_root_file",
    area: "budget values",
    cwd: "a",
    files: { "AGENTS.md": "ROOT\n", "a/AGENTS.md": "A\n" },
    args: budget(1),
    includes: ["<INSTRUCTIONS>\nR\n</INSTRUCTIONS>"],
  },
  {
    name: "a_profile_reads_its_own_config_file_over_config_toml",
    area: "flags",
    files: { "AGENTS.md": "ROOT-0123456789\n" },
    home: {
      ".codex/small.config.toml": "project_doc_max_bytes = 4\n",
      ".codex/config.toml": "project_doc_max_bytes = 8\n",
    },
    args: ["--profile", "small"],
    includes: ["<INSTRUCTIONS>\nROOT\n</INSTRUCTIONS>"],
  },
  {
    name: "without_the_profile_flag_the_profile_file_is_not_read",
    area: "flags",
    files: { "AGENTS.md": "ROOT-0123456789\n" },
    home: {
      ".codex/small.config.toml": "project_doc_max_bytes = 4\n",
      ".codex/config.toml": "project_doc_max_bytes = 8\n",
    },
    includes: ["<INSTRUCTIONS>\nROOT-012\n</INSTRUCTIONS>"],
  },
  {
    name: "a_legacy_profile_table_stops_codex_when_the_profile_flag_names_it",
    area: "flags",
    files: { "AGENTS.md": "ROOT\n" },
    home: { ".codex/config.toml": "[profiles.small]\nproject_doc_max_bytes = 4\n" },
    args: ["--profile", "small"],
    includes: ["cannot be used while"],
  },
  {
    name: "add_dir_loads_no_agents_file_of_the_added_directory",
    area: "flags",
    files: { "AGENTS.md": "ROOT\n" },
    outside: { "other/AGENTS.md": "OTHER\n" },
    args: ["--add-dir", "<B>/other"],
    excludes: ["OTHER"],
  },
  {
    name: "dash_c_is_the_working_directory",
    area: "flags",
    files: { "AGENTS.md": "ROOT\n", "sub/AGENTS.md": "SUB\n" },
    args: ["-C", "<R>/sub"],
    includes: ["ROOT\n\n\nSUB\n"],
  },
  {
    name: "fallback_file_names_given_with_dash_c",
    area: "flags",
    files: { "CLAUDE.md": "CL\n" },
    args: ["-c", 'project_doc_fallback_filenames=["CLAUDE.md"]'],
    includes: ["<INSTRUCTIONS>\nCL\n"],
  },
];

export interface CodexRecording {
  code: number | null;
  /** The "# AGENTS.md instructions" user message ("" when none). */
  agents: string;
  /** The `Error:` lines of a run that exits non-zero. */
  error?: string;
}
