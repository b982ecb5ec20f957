// CENSOR watched words, masked when shown (issue 58). THE place censoring happens: every DTO that
// carries member text calls `censorText` (markdown or plain text) or `censorHtml` (rendered HTML) as it
// is built, so the stored text stays as written and a word removed from the list shows again at once.
// Where rendered HTML is stored at write time instead of rendered per view, pass that HTML through
// `censorHtml` when the DTO is built; it masks text only, never tags or attributes.
import "server-only";
import { watchedWordMatcher } from "@/lib/services/spam/lists";
import type { WordMatcher } from "@/lib/services/spam/matcher";

const g = globalThis as { __forumCensor?: WordMatcher };

/**
 * The list the synchronous calls below use. Reads never query for it (a read's statements stay
 * constant: tests/api/comments-api.test.ts counts them): it is loaded by the first post read of the
 * process (`readyCensor`), replaced at once by a change of the list in this process, and refreshed by
 * every write's screening (at most 2 s old then). A change made through another process shows there
 * after that process's next write.
 */
export async function readyCensor(): Promise<void> {
  if (!g.__forumCensor) g.__forumCensor = await watchedWordMatcher();
}

const current = () => g.__forumCensor;

/** Text (markdown or plain) with its CENSOR words masked. */
export function censorText(text: string): string {
  const m = current();
  return m?.hasCensor ? m.censor(text) : text;
}

/** Rendered HTML with its CENSOR words masked in the text between tags. */
export function censorHtml(html: string): string {
  const m = current();
  return m?.hasCensor ? m.censorHtml(html) : html;
}
