import { describe, expect, it } from "vitest";
import { fieldVersions, latestVersion, versionOfEntry } from "@/lib/edit-history";
import type { ChangeLogDto } from "@/lib/validation/responses";

let nextId = 1;
function log(p: Partial<ChangeLogDto> & Pick<ChangeLogDto, "type">): ChangeLogDto {
  return {
    id: nextId++, username: "alice", userAvatar: "", time: `2026-01-0${nextId}T00:00:00.000Z`,
    oldTitle: null, newTitle: null, oldContent: null, newContent: null, oldCategory: null, newCategory: null,
    oldTags: null, newTags: null, oldClosed: null, newClosed: null, oldPinnedAt: null, newPinnedAt: null,
    oldFeatured: null, newFeatured: null, oldVisibleScope: null, newVisibleScope: null, amount: null, ...p,
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
      [0, "v0", null], [1, "v1", logs[0]!.id], [2, "v2", logs[3]!.id], [3, "v3", logs[4]!.id],
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
