export type ListTab = "latest" | "activity" | "featured" | "following";
/** `homeOnly`: the Following tab (the new posts of the members one follows) is the home page's alone. */
export const TABS: { id: ListTab; label: string; homeOnly?: boolean }[] = [
  { id: "latest", label: "Latest" },
  { id: "activity", label: "Recent activity" },
  { id: "featured", label: "Featured" },
  { id: "following", label: "Following", homeOnly: true },
];

export type ListState = { tab: ListTab; categoryId: number | null; tagIds: number[]; page: number };

type RawParams = Record<string, string | string[] | undefined>;

const posInt = (v: string | undefined): number | null => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Reads `?tab=&categoryId=&tagIds=1,2&page=` (tolerant: bad values are ignored). */
export function parseListState(sp: RawParams): ListState {
  const tabRaw = first(sp.tab);
  const tab: ListTab = tabRaw === "activity" || tabRaw === "featured" || tabRaw === "following" ? tabRaw : "latest";
  const tagRaw = ([] as string[]).concat(sp.tagIds ?? []).flatMap((v) => v.split(","));
  const tagIds = [...new Set(tagRaw.map((v) => posInt(v.trim())).filter((n): n is number => n !== null))].slice(0, 10);
  const pageRaw = first(sp.page);
  const page = pageRaw && /^\d{1,6}$/.test(pageRaw) ? Number(pageRaw) : 0;
  return { tab, categoryId: posInt(first(sp.categoryId)), tagIds, page };
}

/** A shareable URL of the list state (defaults omitted). */
export function listHref(basePath: string, s: Partial<ListState>): string {
  const q = new URLSearchParams();
  if (s.tab && s.tab !== "latest") q.set("tab", s.tab);
  if (s.categoryId) q.set("categoryId", String(s.categoryId));
  if (s.tagIds?.length) q.set("tagIds", s.tagIds.join(","));
  if (s.page) q.set("page", String(s.page));
  const qs = q.toString();
  return qs ? `${basePath}?${qs}` : basePath;
}
