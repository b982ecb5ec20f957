import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // Server modules say `import "server-only"` (Next.js refuses them in a browser bundle); tests run them on the server.
      "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    // VITEST_BENCH=1 (npm run bench:messages): the benchmarks written with this harness, never part of npm test.
    include: process.env.VITEST_BENCH ? ["bench/vitest/**/*.test.ts"] : ["tests/unit/**/*.test.ts", "tests/api/**/*.test.ts"],
    // `*.server.test.ts`: tests of the Postgres server's plans at scale, run in its pass only.
    exclude: ["**/node_modules/**", ...(process.env.TEST_DATABASE_URL ? [] : ["tests/**/*.server.test.ts"])],
    globalSetup: ["tests/global-setup.ts"],
    setupFiles: ["tests/setup.ts"],
    environment: "node",
    // next-auth imports "next/server" without an extension, which Node ESM only resolves when Vite processes it.
    server: { deps: { inline: ["next-auth"] } },
    // Worker threads: a test file starts in ~1 s less than in a forked process (PGlite pass 263 -> 161 s).
    pool: "threads",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    maxWorkers: 2,
  },
});
