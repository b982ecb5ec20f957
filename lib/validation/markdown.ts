import type { z } from "zod";
import { checkMarkdownLimits, RENDER_BUDGET } from "@/lib/markdown-limits";
import { checkInWorkerAsync } from "@/lib/markdown-pool";

/**
 * A zod refinement: the markdown text is within MARKDOWN_LIMITS (lib/markdown-limits.ts), else one
 * issue naming the limit (400 `validation_failed` with the field, docs/api.md §1). Text longer than
 * `maxLength` is already refused by the schema's `.max()` and is not parsed.
 *
 * The check is a full markdown parse: it runs in the markdown worker and is awaited (the refinement is
 * asynchronous: schemas using it are parsed with safeParseAsync, lib/api/body.ts). A text whose check
 * runs longer than RENDER_BUDGET.waitMs is refused as too complex (the limit "parseTime"; an ordinary
 * 100 KB post takes a few ms). When no worker could begin it (all busy with other members' slow
 * documents, or none could start), a text is checked here when that is cheap: at most
 * LOCAL_CHECK_CHARS long, or with at most LOCAL_CHECK_MARKUP markup characters (what a parse spends
 * its time on: technical writing has 8–9 %, so up to ~12,000 in 100 KB); else it is refused as too complex.
 */
const LOCAL_CHECK_CHARS = 20_000;
const LOCAL_CHECK_MARKUP = 12_000;
const MARKUP = new Uint8Array(128);
for (const c of "\n*_~`[]!<>|#@:.()-+&\\") MARKUP[c.charCodeAt(0)] = 1;

/** The markup characters (and line breaks) of `text`, counting no further than `stop`. */
function markupCount(text: string, stop: number): number {
  let n = 0;
  for (let i = 0; i < text.length && n <= stop; i++) {
    const c = text.charCodeAt(i);
    if (c < 128 && MARKUP[c]) n++;
  }
  return n;
}

function local(text: string) {
  const v = checkMarkdownLimits(text);
  return v ? { ok: false as const, violation: v } : { ok: true as const };
}

export function withinMarkdownLimits(maxLength: number) {
  return async (text: string, ctx: z.RefinementCtx<string>) => {
    if (text.length > maxLength) return;
    const cheap = () => text.length <= LOCAL_CHECK_CHARS || markupCount(text, LOCAL_CHECK_MARKUP) <= LOCAL_CHECK_MARKUP;
    // When no worker began the check, only a text that is expensive to check here is refused; an
    // ordinary post is checked on this thread instead. One that ran too long in a worker is refused.
    const w = await checkInWorkerAsync(text);
    const r = w ?? (cheap() ? local(text) : { ok: false as const, timedOut: true as const });
    if (r.ok) return;
    if ("violation" in r) {
      const v = r.violation;
      ctx.addIssue({ code: "custom", message: v.message, params: { limit: v.limit, max: v.max, count: v.count } });
    } else {
      ctx.addIssue({
        code: "custom",
        message: `too complex to check within ${RENDER_BUDGET.waitMs} ms (markdown limit "parseTime"): use less markup`,
        params: { limit: "parseTime", max: RENDER_BUDGET.waitMs },
      });
    }
  };
}
