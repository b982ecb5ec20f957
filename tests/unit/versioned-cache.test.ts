import { describe, expect, it, vi } from "vitest";
import { VersionedCache } from "@/lib/cache/content-version";

const later = <T>(value: T, ms = 20) => new Promise<T>((r) => setTimeout(() => r(value), ms));

describe("VersionedCache.load (single-flight)", () => {
  it("renders once for many concurrent callers of the same key and version, and caches the result", async () => {
    const cache = new VersionedCache<string>(10);
    let renders = 0;
    const render = () => later(`page #${++renders}`);
    const results = await Promise.all(Array.from({ length: 20 }, () => cache.load("/", "v1", render)));
    expect(renders).toBe(1);
    expect(new Set(results.map((r) => r.value))).toEqual(new Set(["page #1"]));
    expect(results.filter((r) => !r.hit)).toHaveLength(1);
    expect(await cache.load("/", "v1", render)).toEqual({ value: "page #1", hit: true });
  });

  it("never gives a caller a value rendered under another version", async () => {
    const cache = new VersionedCache<string>(10);
    const old = cache.load("/", "v1", () => later("before the write", 50));
    const fresh = await cache.load("/", "v2", () => later("after the write", 5));
    expect(fresh).toEqual({ value: "after the write", hit: false });
    expect((await old).value).toBe("before the write");
    // The slow v1 render finished last, but a v2 reader still gets the v2 entry or renders again.
    const again = await cache.load("/", "v2", () => later("rendered again"));
    expect(again.value).not.toBe("before the write");
  });

  it("lets every waiter see a failed render fail, then renders again on the next call", async () => {
    const cache = new VersionedCache<string>(10);
    const boom = () => later(null).then(() => Promise.reject(new Error("db down")));
    const settled = await Promise.allSettled([cache.load("k", "v1", boom), cache.load("k", "v1", boom)]);
    expect(settled.map((s) => s.status)).toEqual(["rejected", "rejected"]);
    expect(await cache.load("k", "v1", () => later("ok"))).toEqual({ value: "ok", hit: false });
  });
});

describe("VersionedCache: the entry before the newest", () => {
  it("still answers a reader whose version was read just before a write's stamp, and keeps the newest in place", () => {
    vi.useFakeTimers();
    try {
      const cache = new VersionedCache<string>(10);
      cache.set("/", "v1", "before the write");
      cache.set("/", "v2", "after the write");
      // A request that read v1 just before the stamp gets the v1 page, not a miss that would drop v2.
      expect(cache.get("/", "v1")).toBe("before the write");
      expect(cache.get("/", "v2")).toBe("after the write");
      // A render of v1 that ends after v2 was stored replaces the v1 entry, not the newest.
      cache.set("/", "v1", "v1 rendered late");
      expect(cache.get("/", "v2")).toBe("after the write");
      expect(cache.get("/", "v1")).toBe("v1 rendered late");
      expect(cache.peek("/")?.version).toBe("v2");
      // Only for a moment: then only the newest version is answered.
      vi.advanceTimersByTime(1_001);
      expect(cache.get("/", "v1")).toBeUndefined();
      expect(cache.get("/", "v2")).toBe("after the write");
      // Never a version that was not stored.
      cache.set("/", "v3", "third");
      expect(cache.get("/", "v9")).toBeUndefined();
      expect(cache.get("/", "v1")).toBeUndefined();
      expect(cache.get("/", "v2")).toBe("after the write");
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("VersionedCache's bound", () => {
  it("keeps at most maxEntries keys, and sends out the least recently read one first", () => {
    const cache = new VersionedCache<string>(3);
    for (const k of ["a", "b", "c"]) cache.set(k, "v1", `page ${k}`);
    // Reading "a" under the current version makes it recent; "b" is then the oldest.
    expect(cache.get("a", "v1")).toBe("page a");
    cache.set("d", "v1", "page d");
    expect(cache.peek("b")).toBeUndefined();
    expect(["a", "c", "d"].map((k) => cache.get(k, "v1"))).toEqual(["page a", "page c", "page d"]);
    // A read under another version does not count as use: "a" goes out next.
    cache.get("a", "v0");
    cache.get("c", "v1");
    cache.get("d", "v1");
    cache.set("e", "v1", "page e");
    expect(cache.peek("a")).toBeUndefined();
    expect(cache.get("e", "v1")).toBe("page e");
  });
});
