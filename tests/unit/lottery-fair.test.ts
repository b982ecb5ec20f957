import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { newSeed, pickWinners, seedHashOf } from "@/lib/services/posts/lottery-fair";

const SEED = "00".repeat(31) + "01";

/** The documented algorithm, written again independently of the implementation. */
function reference(seed: string, ids: number[], k: number): number[] {
  const rest = [...ids].sort((a, b) => a - b);
  const out: number[] = [];
  const n = Math.min(k, rest.length);
  for (let i = 0; i < n; i++) {
    const h = BigInt("0x" + createHash("sha256").update(`${seed}:${i}`).digest("hex"));
    out.push(rest.splice(Number(h % BigInt(rest.length)), 1)[0]!);
  }
  return out;
}

describe("pickWinners", () => {
  it("is deterministic and independent of the order participants are given in", () => {
    const a = pickWinners(SEED, [5, 3, 9, 1, 7], 2);
    expect(pickWinners(SEED, [9, 7, 5, 3, 1], 2)).toEqual(a);
    expect(a).toEqual(reference(SEED, [1, 3, 5, 7, 9], 2));
  });

  it("returns min(prizeCount, participants) distinct participants", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { maxLength: 40 }), fc.integer({ min: 1, max: 50 }), (ids, k) => {
        const w = pickWinners(SEED, ids, k);
        expect(w).toHaveLength(Math.min(k, ids.length));
        expect(new Set(w).size).toBe(w.length);
        for (const id of w) expect(ids).toContain(id);
        expect(w).toEqual(reference(SEED, ids, k));
      }),
      { numRuns: 200 },
    );
  });

  it("gives nothing without participants and changes with the seed", () => {
    expect(pickWinners(SEED, [], 3)).toEqual([]);
    const ids = Array.from({ length: 100 }, (_, i) => i + 1);
    const draws = new Set(Array.from({ length: 20 }, () => pickWinners(newSeed().seed, ids, 3).join(",")));
    expect(draws.size).toBeGreaterThan(15);
  });
});

describe("newSeed", () => {
  it("draws 32 random bytes and commits to them with sha256 of the hex text", () => {
    const { seed, seedHash } = newSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(seedHash).toBe(createHash("sha256").update(seed).digest("hex"));
    expect(seedHashOf(seed)).toBe(seedHash);
    expect(newSeed().seed).not.toBe(seed);
  });
});
