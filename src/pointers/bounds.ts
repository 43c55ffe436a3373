/**
 * Bounds on what `agent-context pointers` writes into a config home. A pointer is attached to the model's
 * context each time a matching file is read, and every pointer file is parsed by the CLI at each launch, so
 * each bound keeps a hostile or huge repository from flooding either. Each bound, when hit, gives a notice.
 */

/**
 * Bytes (UTF-8) of one pointer file, frontmatter included: 4 KiB. A pointer says "read this"; it names its
 * directory's memory files while they fit and counts the rest, so it never grows into a copy of them.
 */
export const MAX_POINTER_BYTES = 4096;

/**
 * Bytes of all pointer files of one run together: 128 KiB. Bounds what a single Read can attach in the
 * worst case (every pointer matching) and what the CLI parses at launch.
 */
export const MAX_TOTAL_BYTES = 128 * 1024;

/** Pointer files per run: 128. Keeps the config home's rules directory small and its numbering 3 digits. */
export const MAX_POINTERS = 128;

/**
 * Memory directories examined per run, across every repository in play (one shared budget, not a fresh
 * one per repository): 128. Each examined directory costs reads of its memory files and their imports.
 */
export const MAX_DIRS_CHECKED = 128;

/**
 * Pointer files one hook call examines, across every prefix: 512 (four full runs of {@link MAX_POINTERS}).
 * The hook serves pointers written with any `--prefix`; this bounds the reads of one tool call.
 */
export const MAX_HOOK_POINTER_FILES = 4 * MAX_POINTERS;
