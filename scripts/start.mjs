// npm start: builds when there is no production build yet, then serves it on $PORT (default 3000).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { serverCommand } from "./server-node-args.mjs";

const port = process.env.PORT || "3000";
const distDir = process.env.NEXT_DIST_DIR || ".next";
if (!existsSync(`${distDir}/BUILD_ID`) || process.env.FORCE_BUILD === "1") {
  console.log("[start] no production build yet: running next build (about a minute)…");
  const b = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit" });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
console.log(`[start] serving on http://localhost:${port}`);
const child = spawn(process.execPath, [...serverCommand(), "-p", port], { stdio: "inherit" });
for (const sig of ["SIGTERM", "SIGINT"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
