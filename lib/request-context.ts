import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What the request log (lib/front/request-log.ts) learns about a request while Next.js handles it: the
 * member it was resolved to. The HTTP front runs each request inside `requestContext.run(…)`; the edge
 * notes the caller when it resolves one (lib/api/caller.ts). One store per process on globalThis: the
 * front and Next.js's compiled server load this module separately, and both must see the same store.
 */
export type RequestContext = { requestId: string; memberId?: number };

const g = globalThis as unknown as { __forumRequestContext?: AsyncLocalStorage<RequestContext> };
export const requestContext: AsyncLocalStorage<RequestContext> = (g.__forumRequestContext ??= new AsyncLocalStorage<RequestContext>());

/** Records the member a request was resolved to (no-op outside a request, e.g. in tests or scripts). */
export function noteMember(id: number): void {
  const store = requestContext.getStore();
  if (store && id > 0) store.memberId = id;
}
