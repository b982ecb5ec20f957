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
