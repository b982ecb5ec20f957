import { spawn } from "node:child_process";
import { createServer, connect } from "node:net";
import { describe, expect, it } from "vitest";
import { serverCommand } from "@/scripts/server-node-args.mjs";

// with an invalid setting the server used to log "Failed to prepare server … ZodError"
// and stay half alive (the port bound, /api/health 500, / never answering). server.ts checks every
// setting before it loads Next.js or binds a port, and exits non-zero with one line.

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const c = connect({ port, host: "127.0.0.1" });
    c.once("connect", () => (c.destroy(), resolve(true)));
    c.once("error", () => resolve(false));
  });

describe("server.ts with an invalid setting", () => {
  it("exits 1 with one line naming the variable, its problem and the allowed range, never binding the port", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [...serverCommand(), "-p", String(port), "-H", "127.0.0.1"], {
      env: { ...process.env, MAIL_AWAY_MINUTES: "0", PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c));
    child.stderr.on("data", (c: Buffer) => (stderr += c));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    let bound = false;
    let done = false;
    void exited.then(() => (done = true));
    try {
      // Probe the port until the process has exited: nothing may ever accept on it.
      await expect
        .poll(
          async () => {
            if (await accepts(port)) bound = true;
            return done;
          },
          { timeout: 20_000, interval: 10 },
        )
        .toBe(true);
    } finally {
      child.kill("SIGKILL");
    }
    expect(await exited).toBe(1);
    expect(stderr.trim().split("\n")).toEqual(["MAIL_AWAY_MINUTES=0: must be a whole number ≥ 1 (default 10)"]);
    expect(stdout).toBe("");
    expect(bound).toBe(false);
    expect(await accepts(port)).toBe(false);
  });
});
