import type { ChangeLogDto } from "@/lib/validation/responses";

/**
 * Versions of a post's content (or title) rebuilt from its change log, oldest first:
 * version 0 is the original (the first entry's old value, or the current value when the field was
 * never edited), version n is the new value of the n-th entry of that type.
 */

export type VersionField = "content" | "title";

export type Version = {
  /** 0 = the original. */
  index: number;
  text: string;
  /** When this version came to be (the post's creation for version 0, when known). */
  time: string | null;
  /** Who made it (the author for version 0, when known). */
  username: string | null;
  /** The change log entry that produced it (null for version 0). */
  logId: number | null;
};

type LogLike = Pick<ChangeLogDto, "id" | "type" | "time" | "username" | "oldTitle" | "newTitle" | "oldContent" | "newContent">;

const TYPE: Record<VersionField, ChangeLogDto["type"]> = { content: "CONTENT", title: "TITLE" };

function values(l: LogLike, field: VersionField): { old: string | null; new: string | null } {
  return field === "content" ? { old: l.oldContent, new: l.newContent } : { old: l.oldTitle, new: l.newTitle };
}

export function fieldVersions(
  logs: LogLike[],
  field: VersionField,
  current: string,
  origin: { time?: string | null; username?: string | null } = {},
): Version[] {
  const entries = logs.filter((l) => l.type === TYPE[field]);
  const first = entries[0];
  const original = first ? (values(first, field).old ?? "") : current;
  const versions: Version[] = [{ index: 0, text: original, time: origin.time ?? null, username: origin.username ?? null, logId: null }];
  entries.forEach((l, i) => {
    versions.push({ index: i + 1, text: values(l, field).new ?? "", time: l.time, username: l.username, logId: l.id });
  });
  return versions;
}

/** The version number each CONTENT / TITLE entry produced (its entry id → n). */
export function versionOfEntry(logs: LogLike[]): Map<number, number> {
  const out = new Map<number, number>();
  const seen: Record<string, number> = {};
  for (const l of logs) {
    if (l.type !== "CONTENT" && l.type !== "TITLE") continue;
    seen[l.type] = (seen[l.type] ?? 0) + 1;
    out.set(l.id, seen[l.type]!);
  }
  return out;
}

/** The text as it stands now: the latest version. */
export function latestVersion(versions: Version[]): Version {
  return versions[versions.length - 1]!;
}

type StateLog = LogLike & Pick<ChangeLogDto, "oldCategory" | "oldTags">;
type CategoryLike = NonNullable<ChangeLogDto["oldCategory"]>;
type TagLike = NonNullable<ChangeLogDto["oldTags"]>[number];

/** The parts of a post a restore brings back. */
export type PostState = { title: string; content: string; category: CategoryLike; tags: TagLike[] };

/**
 * The whole post as it stood when `version` came to be: for each field, the old value of its first
 * change made after that moment, or the current value when it has not changed since. Entries written
 * by one edit share its time, so a version made together with a category change includes it.
 * Version 0 is the post as first published.
 */
export function postStateAt(logs: StateLog[], version: Version, current: PostState): PostState {
  const at = version.index === 0 || !version.time ? -Infinity : Date.parse(version.time);
  const firstAfter = (type: ChangeLogDto["type"]) => logs.find((l) => l.type === type && Date.parse(l.time) > at);
  const title = firstAfter("TITLE");
  const content = firstAfter("CONTENT");
  const category = firstAfter("CATEGORY");
  const tags = firstAfter("TAG");
  return {
    title: title ? (title.oldTitle ?? current.title) : current.title,
    content: content ? (content.oldContent ?? current.content) : current.content,
    category: category?.oldCategory ?? current.category,
    tags: tags ? (tags.oldTags ?? []) : current.tags,
  };
}
