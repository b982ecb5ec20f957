// The server Playwright tests run against: a production build on its own port and a fresh data folder.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { serverCommand } from "./server-node-args.mjs";

const port = process.env.E2E_PORT || "3100";
const dataDir = process.env.E2E_DATA_DIR || "./data-e2e";
const distDir = process.env.NEXT_DIST_DIR || ".next";
if (!existsSync(`${distDir}/BUILD_ID`) || process.env.E2E_BUILD === "1") {
  const b = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit" });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
rmSync(dataDir, { recursive: true, force: true });
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: port,
  PUBLIC_URL: `http://localhost:${port}`,
  RATE_LIMIT_REGISTER: "1000",
  RATE_LIMIT_LOGIN: "1000",
  RATE_LIMIT_POSTS: "1000",
  RATE_LIMIT_COMMENTS: "1000",
  RATE_LIMIT_UPLOADS: "1000",
  // tests/e2e/openisle-cors.spec.ts: a page on this origin plays OpenIsle's client.
  CORS_ORIGINS: "http://127.0.0.1:3199",
  // A public page that reads the member who asked during a render the page cache shares throws here as
  // in development (lib/cache/page-reader.ts), so the browser tests catch it.
  PAGE_READER_STRICT: "1",
};
delete env.DATABASE_URL;
const child = spawn(process.execPath, [...serverCommand(), "-p", port], {
  stdio: "inherit",
  env,
});
for (const sig of ["SIGTERM", "SIGINT"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
