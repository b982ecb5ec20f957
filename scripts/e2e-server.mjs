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
  // Rate limits are site settings; the browser tests sign up, sign in and write far more than a person would.
  TEST_RATE_LIMITS: "register=1000,login=1000,posts=1000,comments=1000,uploads=1000",
  // tests/e2e/openisle-cors.spec.ts: a page on this origin plays OpenIsle's client.
  CORS_ORIGINS: "http://127.0.0.1:3199",
  // A public page that reads the member who asked during a render the page cache shares throws here as
  // in development (lib/cache/page-reader.ts), so the browser tests catch it.
  PAGE_READER_STRICT: "1",
  // One JSON line per request would bury the test reporter's lines (and CI's tail); warnings still show.
  LOG_LEVEL: process.env.LOG_LEVEL || "warn",
};
delete env.DATABASE_URL;
// tests/e2e/oidc.spec.ts starts its own server with E2E_OIDC_PORT: a real OpenID provider on that loopback
// port (scripts/oidc-test-provider.mjs) and the forum's OIDC_* settings pointing at it. The shared server has none.
if (process.env.E2E_OIDC_PORT) {
  const { startOidcProvider, OIDC_TEST_CLIENT } = await import("./oidc-test-provider.mjs");
  const { issuer } = await startOidcProvider({
    port: Number(process.env.E2E_OIDC_PORT),
    redirectUris: [`http://localhost:${port}/api/auth/callback/oidc`],
  });
  Object.assign(env, {
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: OIDC_TEST_CLIENT.clientId,
    OIDC_CLIENT_SECRET: OIDC_TEST_CLIENT.clientSecret,
    OIDC_LABEL: process.env.OIDC_LABEL || "Test SSO",
  });
}
const child = spawn(process.execPath, [...serverCommand(), "-p", port], {
  stdio: "inherit",
  env,
});
for (const sig of ["SIGTERM", "SIGINT"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
