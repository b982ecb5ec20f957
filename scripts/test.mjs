// npm test: unit + API tests on the embedded database, again on the Postgres server when
// DATABASE_URL (or TEST_DATABASE_URL) is set, then the browser tests against a production build.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
const only = process.argv[2]; // "unit" | "e2e" to run one part
const results = [];
const failures = []; // named again under the summary, so the last lines of a CI log say what failed
mkdirSync("test-results", { recursive: true });

function vitest(label, extraEnv) {
  const out = `test-results/vitest-${label}.json`;
  rmSync(out, { force: true });
  const env = { ...process.env, ...extraEnv };
  delete env.DATABASE_URL;
  console.log(`\n=== Vitest on ${label} ===`);
  const r = spawnSync("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile=${out}`], { stdio: "inherit", env });
  let passed = 0,
    failed = 0;
  if (existsSync(out)) {
    const j = JSON.parse(readFileSync(out, "utf8"));
    passed = j.numPassedTests;
    // A failed file is counted once: by its failed tests, or as one when it failed outside any test.
    failed = j.numFailedTests;
    for (const f of j.testResults ?? []) {
      const file = f.name.replace(process.cwd() + "/", "");
      const bad = (f.assertionResults ?? []).filter((a) => a.status === "failed");
      if (f.status === "failed" && bad.length === 0) {
        failed++;
        failures.push(`${label}: ${file}: ${(f.message ?? "").split("\n")[0]}`);
      }
      for (const a of bad) failures.push(`${label}: ${file} > ${a.fullName}`);
    }
  }
  if (r.status !== 0 && failed === 0) failed = 1;
  results.push({ label: `vitest (${label})`, passed, failed });
}

function playwright() {
  console.log("\n=== Playwright (Debian Chromium, production build) ===");
  const out = "test-results/playwright.json";
  rmSync(out, { force: true });
  const env = { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: out };
  delete env.DATABASE_URL;
  const r = spawnSync("npx", ["playwright", "test", "--reporter=list,json"], { stdio: "inherit", env });
  let passed = 0,
    failed = 0;
  if (existsSync(out)) {
    const s = JSON.parse(readFileSync(out, "utf8")).stats ?? {};
    passed = (s.expected ?? 0) + (s.flaky ?? 0);
    failed = s.unexpected ?? 0;
    const walk = (suite) => {
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests ?? [])
          if (t.status === "unexpected") failures.push(`playwright: ${spec.file}:${spec.line} > ${spec.title}`);
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of JSON.parse(readFileSync(out, "utf8")).suites ?? []) walk(suite);
  }
  if (r.status !== 0 && failed === 0) failed = 1;
  results.push({ label: "playwright", passed, failed });
}

if (only !== "e2e") {
  vitest("pglite", {});
  if (serverUrl) vitest("postgres", { TEST_DATABASE_URL: serverUrl });
  else console.log("\n(no DATABASE_URL/TEST_DATABASE_URL: the Postgres-server pass is skipped)");
}
if (only !== "unit") playwright();

console.log("\n=== Summary ===");
for (const r of results) console.log(`${r.label}: ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((a, r) => a + r.passed, 0);
const failed = results.reduce((a, r) => a + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join("\n")}`);
process.exit(failed ? 1 : 0);
