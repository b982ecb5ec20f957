// The postgres.js driver must survive a backend that dies under a connection (a failover, a restart,
// pg_terminate_backend): the patch in patches/postgres+3.4.9.patch guards nextWrite.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const serverUrl = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

describe("postgres driver on a terminated backend", () => {
  it("rejects queries on the dead connection with CONNECTION_CLOSED instead of crashing the process, and the pool serves again", () => {
    const script = path.join(import.meta.dirname, "fixtures/driver-dead-backend.mjs");
    const r = spawnSync(process.execPath, [script, serverUrl], { encoding: "utf8", timeout: 20_000 });
    expect(r.stderr).not.toContain("Cannot read properties of null");
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout.trim().split("\n").pop()!);
    expect(out.rejected).toEqual(["CONNECTION_CLOSED", "CONNECTION_CLOSED"]);
    expect(out.transaction).toBe("CONNECTION_CLOSED");
    expect(out.poolAfter).toBe(5);
  });
});
