// Preloaded by bench/cap.mjs into the CLI process (`node --require`): prints the process's own CPU time
// (user + system, ms), startup included, to stderr as the last line when it exits.
process.on("exit", () => {
  const c = process.cpuUsage();
  process.stderr.write(`\ncpu-ms ${((c.user + c.system) / 1000).toFixed(1)}\n`);
});
