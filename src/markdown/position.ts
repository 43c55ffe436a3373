/** Positions in text files, as editors count them. */

/**
 * Converts a 1-based byte column on a line (UTF-8 bytes, as Codex reports where it cuts) to a 1-based
 * UTF-16 column (as editors, SARIF `utf16CodeUnits` and Finding, src/model/finding.ts, count). A byte column inside a
 * multi-byte character counts that character as not yet reached. Never throws.
 */
export function byteColumnToUtf16(lineText: string, byteColumn: number): number {
  const bytes = Buffer.from(lineText, "utf8").subarray(0, Math.max(0, byteColumn - 1));
  return bytes.toString("utf8").replace(/\uFFFD$/, "").length + 1;
}
