/**
 * Categories as one level of nesting (issue 57 item 5): each top-level category followed by its
 * sub-categories, both in the given order (the admins' order). A sub-category whose parent is not in
 * the list (hidden from the reader, or not where they may post) stands at the top level. Pure: the
 * category list page, the composer's picker and the admin editor share it.
 */
export function categoryTree<T extends { id: number; parentId?: number | null }>(list: readonly T[]): { category: T; children: T[] }[] {
  const present = new Set(list.map((c) => c.id));
  const children = new Map<number, T[]>();
  for (const c of list) {
    if (c.parentId != null && present.has(c.parentId)) children.set(c.parentId, [...(children.get(c.parentId) ?? []), c]);
  }
  return list
    .filter((c) => c.parentId == null || !present.has(c.parentId))
    .map((c) => ({ category: c, children: children.get(c.id) ?? [] }));
}
