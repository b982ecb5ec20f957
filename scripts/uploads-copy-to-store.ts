// npm run uploads:copy-to-store [-- --dry-run] [--concurrency N]
// Copies every uploaded image under $DATA_DIR/uploads into the S3-compatible bucket set by S3_BUCKET,
// S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (docs/storage.md), under `uploads/`. Safe to run
// again, and while the forum runs (it reads files only, no database): objects already in the bucket with
// the same size and checksum are skipped. Local files are left in place. Exit status 1 when any file
// failed or is damaged (its bytes do not match its name), 2 when the settings are wrong.
import { parseArgs } from "node:util";
import { settingProblems } from "@/lib/env";
import { copyUploadsToStore } from "@/lib/storage/copy-to-store";
import { uploadsDir } from "@/lib/storage/local";
import { s3Settings } from "@/lib/storage/s3-settings";

const tag = "[uploads:copy-to-store]";
const problems = settingProblems(process.env);
if (problems.length) {
  for (const line of problems) console.error(line);
  process.exit(2);
}
const settings = s3Settings();
if (!settings) {
  console.error(`${tag} S3_BUCKET is not set: nothing to copy to (docs/storage.md)`);
  process.exit(2);
}

const { values } = parseArgs({ options: { "dry-run": { type: "boolean" }, concurrency: { type: "string" } } });
const dryRun = values["dry-run"] ?? false;
const concurrency = Math.max(1, Math.min(32, Number(values.concurrency ?? 4) || 4));

const { uploadsStore } = await import("@/lib/storage/s3");
const store = uploadsStore(settings);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
console.log(`${tag} ${uploadsDir()} → ${store.where}${dryRun ? " (dry run: nothing is written)" : ""}`);
if (!settings.store.uploads) console.log(`${tag} note: S3_STORE=${process.env.S3_STORE} keeps new uploads on this machine`);

const t0 = Date.now();
const tty = process.stdout.isTTY;
let lastLine = 0;
const summary = await copyUploadsToStore({
  store,
  dryRun,
  concurrency,
  onProgress: (p) => {
    if (p.outcome === "failed") {
      if (tty) process.stdout.write("\n");
      console.error(`${tag} failed: ${p.key}`);
    }
    const width = 30;
    const filled = Math.round((p.done / p.total) * width);
    const line = `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${p.done}/${p.total} files, ${mb(p.bytes)}`;
    if (tty) process.stdout.write(`\r${line}`);
    // Not a terminal (a log): a line every 10 % and at the end.
    else if (p.done === p.total || Math.floor((p.done / p.total) * 10) > lastLine) {
      lastLine = Math.floor((p.done / p.total) * 10);
      console.log(line);
    }
  },
});
if (tty && summary.total) process.stdout.write("\n");

const secs = ((Date.now() - t0) / 1000).toFixed(1);
console.log(
  `${tag} ${summary.total} files: ${summary.copied} ${dryRun ? "to copy" : "copied"} (${mb(summary.copiedBytes)}), ` +
    `${summary.present} already in the store, ${summary.damaged.length} damaged, ${summary.failed.length} failed, in ${secs} s`,
);
for (const key of summary.damaged) console.error(`${tag} damaged (bytes do not match the name, not copied): ${key}`);
for (const f of summary.failed) console.error(`${tag} ${f.key}: ${f.error}`);
process.exit(summary.failed.length || summary.damaged.length ? 1 : 0);
