// Preloaded by bench/markdown.mjs into a child process (`node --require`): prints its peak resident set
// size (KB) and CPU time (ms) to stderr as the last line when it exits.
process.on("exit", () => {
  const c = process.cpuUsage();
  process.stderr.write(
    `\nbench-report max-rss-kb ${process.resourceUsage().maxRSS} cpu-ms ${((c.user + c.system) / 1000).toFixed(1)}\n`,
  );
});
