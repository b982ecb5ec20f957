import { onChange } from "@/lib/changes/announce";
import { stampVersions } from "@/lib/cache/page-versions";
import { renderAheadAfter } from "@/lib/cache/render-ahead";

/**
 * Puts the read caches behind every write: on each announcement (lib/changes/announce.ts), one statement
 * stamps the versions of the pages it changed and bumps the content version, awaited before the write
 * returns; then the hot list pages among them are scheduled to render after the write
 * (lib/cache/render-ahead.ts), which it does not wait for. Called once at start-up by every process that
 * writes (lib/startup.ts; the tests' setup), never by an import's side effect. Calling it again replaces
 * the listener.
 */
export function registerCacheListeners(): void {
  onChange("read-caches", async (changes) => renderAheadAfter(await stampVersions(changes)));
}
