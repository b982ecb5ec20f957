import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * AUTH_SECRET, or for the embedded set-up a secret generated once into the data folder, so a
 * newcomer needs no configuration and sessions survive restarts.
 */
export function authSecret(): string {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  const dir = path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || "./data");
  const file = path.join(dir, "auth-secret");
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
  }
  process.env.AUTH_SECRET = readFileSync(file, "utf8").trim();
  return process.env.AUTH_SECRET;
}
