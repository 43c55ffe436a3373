/**
 * The configuration files a run has warned about (src/config.ts's loadConfig warns once per file per run).
 * Its own small module so that the CLI's entry can forget them without loading the configuration code.
 */
export const warnedFiles = new Set<string>();

/**
 * Forgets which configuration files were warned about: each run of the CLI (`runCli`) starts so, and warns
 * about its files again even when an earlier run in the same process did (a test's worker, a library host).
 */
export function forgetConfigWarnings(): void {
  warnedFiles.clear();
}
