import { describe, expect, it } from "vitest";
import { fieldVersions, latestVersion, postStateAt, versionOfEntry } from "@/lib/edit-history";
import type { ChangeLogDto } from "@/lib/validation/responses";

let nextId = 1;
function log(p: Partial<ChangeLogDto> & Pick<ChangeLogDto, "type">): ChangeLogDto {
  return {
    id: nextId++,
    username: "alice",
    userAvatar: "",
    time: `2026-01-0${nextId}T00:00:00.000Z`,
    oldTitle: null,
    newTitle: null,
    oldContent: null,
    newContent: null,
    oldCategory: null,
    newCategory: null,
    oldTags: null,
    newTags: null,
    oldClosed: null,
    newClosed: null,
    oldPinnedAt: null,
    newPinnedAt: null,
    oldFeatured: null,
    newFeatured: null,
    oldVisibleScope: null,
    newVisibleScope: null,
    amount: null,
    ...p,
  };
}

describe("fieldVersions", () => {
  it("is only the current text when the field was never edited", () => {
    const logs = [log({ type: "CLOSED", oldClosed: false, newClosed: true })];
    const v = fieldVersions(logs, "content", "now", { time: "2026-01-01T00:00:00.000Z", username: "bob" });
    expect(v).toEqual([{ index: 0, text: "now", time: "2026-01-01T00:00:00.000Z", username: "bob", logId: null }]);
  });

  it("rebuilds the original and every edit, in order, per field", () => {
    const logs = [
      log({ type: "CONTENT", oldContent: "v0", newContent: "v1" }),
      log({ type: "TITLE", oldTitle: "T0", newTitle: "T1", username: "mod" }),
      log({ type: "TAG", oldTags: [], newTags: [] }),
      log({ type: "CONTENT", oldContent: "v1", newContent: "v2", username: "mod" }),
      log({ type: "CONTENT", oldContent: "v2", newContent: "v3" }),
    ];
    const content = fieldVersions(logs, "content", "ignored when there are entries");
    expect(content.map((v) => [v.index, v.text, v.logId])).toEqual([
      [0, "v0", null],
      [1, "v1", logs[0]!.id],
      [2, "v2", logs[3]!.id],
      [3, "v3", logs[4]!.id],
    ]);
    expect(content[2]!.username).toBe("mod");
    expect(latestVersion(content).text).toBe("v3");
    const titles = fieldVersions(logs, "title", "T1");
    expect(titles.map((v) => v.text)).toEqual(["T0", "T1"]);

    const map = versionOfEntry(logs);
    expect(map.get(logs[0]!.id)).toBe(1);
    expect(map.get(logs[1]!.id)).toBe(1);
    expect(map.get(logs[4]!.id)).toBe(3);
    expect(map.has(logs[2]!.id)).toBe(false);
  });
});

describe("postStateAt (a restore brings back the whole post as it stood)", () => {
  const cat = (id: number, name: string) =>
    ({ id, name, description: "", icon: null, smallIcon: null, count: null }) as unknown as NonNullable<ChangeLogDto["oldCategory"]>;
  const tag = (id: number, name: string) =>
    ({
      id,
      name,
      description: "",
      icon: null,
      smallIcon: null,
      createdAt: "2026-01-01T00:00:00.000Z",
      count: null,
    }) as unknown as NonNullable<ChangeLogDto["oldTags"]>[number];
  const t = (d: number) => `2026-02-0${d}T00:00:00.000Z`;
  // One edit at t(2) changed the content and the category together; the title changed at t(3); the tags at t(4).
  const logs = [
    log({ type: "CONTENT", oldContent: "c0", newContent: "c1", time: t(2) }),
    log({ type: "CATEGORY", oldCategory: cat(1, "General"), newCategory: cat(2, "Help"), time: t(2) }),
    log({ type: "TITLE", oldTitle: "T0", newTitle: "T1", time: t(3) }),
    log({ type: "TAG", oldTags: [tag(1, "a")], newTags: [tag(2, "b")], time: t(4) }),
    log({ type: "CONTENT", oldContent: "c1", newContent: "c2", time: t(5) }),
  ];
  const current = { title: "T1", content: "c2", category: cat(2, "Help"), tags: [tag(2, "b")] };
  const content = fieldVersions(logs, "content", current.content, { time: t(1) });

  it("version 0 is the post as first published: every field's oldest value", () => {
    expect(postStateAt(logs, content[0]!, current)).toEqual({
      title: "T0",
      content: "c0",
      category: cat(1, "General"),
      tags: [tag(1, "a")],
    });
  });
  it("a later version includes what its own edit changed beside it, and not what came after", () => {
    expect(postStateAt(logs, content[1]!, current)).toEqual({ title: "T0", content: "c1", category: cat(2, "Help"), tags: [tag(1, "a")] });
  });
  it("the latest version is the current post", () => {
    expect(postStateAt(logs, latestVersion(content), current)).toEqual(current);
  });
});
