import "server-only";
import { createHash, randomBytes } from "node:crypto";

const sha256Hex = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** The draw, in words; published by GET /api/posts/{id}/lottery/verify. */
export const LOTTERY_ALGORITHM = [
  "seedHash = sha256(seed), where seed is the 64-character lowercase hex string, hashed as UTF-8 text; published at creation.",
  "participants = the participant user ids, sorted ascending (numerically).",
  "For i = 0 .. min(prizeCount, participants.length) - 1:",
  '  h = sha256(seed + ":" + i) (UTF-8 text), read as an unsigned big-endian 256-bit integer;',
  "  index = h mod participants.length; the winner of rank i is participants[index], which is then removed from the list.",
  "Winners are listed in rank order.",
].join("\n");

/**
 * Provably fair, deterministic winner selection (see LOTTERY_ALGORITHM):
 * sort participant ids ascending; for i = 0..k-1 take h = sha256(seedHex + ":" + i) as a big integer
 * and pick index h mod remaining.length from the remaining list (removing it). k = min(prizeCount, n).
 * Anyone can re-run it from the published seed and participant ids.
 */
export function pickWinners(seedHex: string, participantIds: number[], prizeCount: number): number[] {
  const remaining = [...new Set(participantIds)].sort((a, b) => a - b);
  const k = Math.min(Math.max(0, Math.floor(prizeCount)), remaining.length);
  const winners: number[] = [];
  for (let i = 0; i < k; i++) {
    const h = BigInt("0x" + sha256Hex(`${seedHex}:${i}`));
    const index = Number(h % BigInt(remaining.length));
    winners.push(remaining.splice(index, 1)[0]!);
  }
  return winners;
}

/** A secret 32-byte seed (hex) and its published commitment sha256(seed-as-text). */
export function newSeed(): { seed: string; seedHash: string } {
  const seed = randomBytes(32).toString("hex");
  return { seed, seedHash: seedHashOf(seed) };
}

export const seedHashOf = (seedHex: string) => sha256Hex(seedHex);
