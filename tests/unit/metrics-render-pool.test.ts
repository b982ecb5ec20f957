// /metrics' render-pool gauges read the markdown pool (lib/markdown-pool.ts, piscina) through the
// process's globalThis: after a render there is at least one worker, and a render under way is busy.
import { describe, expect, it } from "vitest";
import { metrics } from "@/lib/front/metrics";
import { renderMarkdown } from "@/lib/markdown";

const gauge = async (name: string, state?: string) => {
  const m = await metrics().registry.getSingleMetric(name)!.get();
  return m.values.find((v) => state === undefined || v.labels.state === state)?.value ?? 0;
};

describe("the render pool's gauges", () => {
  it("count the pool's workers and the renders under way", async () => {
    expect(await renderMarkdown(`**warm** ${Date.now()}`)).toContain("<strong>warm</strong>");
    expect((await gauge("forum_render_pool_workers", "idle")) + (await gauge("forum_render_pool_workers", "busy"))).toBeGreaterThan(0);
    // Tens of milliseconds of highlighting: still running when the gauges are read.
    const slow = renderMarkdown(`\`\`\`js\n${"const a = [1, 'two', /3/g];\n".repeat(3000)}\`\`\`\n${Date.now()}`);
    expect(await gauge("forum_render_pool_workers", "busy")).toBe(1);
    expect(await gauge("forum_render_pool_queue")).toBe(0);
    await slow;
    expect(await gauge("forum_render_pool_workers", "busy")).toBe(0);
  });
});
