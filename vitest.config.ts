import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The real agent CLIs live in their own install (test/agents): installed when missing. The corpus
    // (../shared/corpus): a notice naming the missing path when absent.
    globalSetup: ["test/support/agents-setup.ts", "test/support/corpus-notice.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
