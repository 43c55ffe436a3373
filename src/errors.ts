/**
 * Errors the CLI turns into messages and exit codes. Anything else that escapes is a bug.
 */

/** Bad command-line usage or configuration: the CLI exits with status 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

/**
 * A problem with one input file that the user can fix. `file` is the path to name in the message,
 * `hint` says what to do.
 */
export class InputFileError extends Error {
  override name = "InputFileError";
  constructor(
    readonly file: string,
    message: string,
    readonly hint?: string,
  ) {
    super(`${file}: ${message}${hint ? ` (${hint})` : ""}`);
  }
}
