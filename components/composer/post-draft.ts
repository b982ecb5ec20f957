// The post editor's draft: its shape, a fresh one, and the fields and choices the form shows.
import type { TagLite } from "@/components/composer/tag-picker";

export type Scope = "ALL" | "ONLY_REGISTER" | "ONLY_ME";
export type PostType = "NORMAL" | "POLL" | "LOTTERY";
export type Draft = {
  title: string;
  content: string;
  categoryId: string;
  tags: TagLite[];
  visibleScope: Scope;
  type: PostType;
  pollOptions: string[];
  pollMultiple: boolean;
  pollEnd: string;
  prizeDescription: string;
  prizeIcon: string;
  prizeCount: string;
  pointCost: string;
  lotteryStart: string;
  lotteryEnd: string;
};

/** `datetime-local` value (local time) `hours` from now. */
function localInput(hoursFromNow: number): string {
  const d = new Date(Date.now() + hoursFromNow * 3600_000);
  d.setSeconds(0, 0);
  const off = d.getTimezoneOffset() * 60_000;
  return new Date(d.getTime() - off).toISOString().slice(0, 16);
}
export const toIso = (local: string) => (local ? new Date(local).toISOString() : "");

export function emptyDraft(categoryId: string): Draft {
  return {
    title: "",
    content: "",
    categoryId,
    tags: [],
    visibleScope: "ALL",
    type: "NORMAL",
    pollOptions: ["", ""],
    pollMultiple: false,
    pollEnd: localInput(24 * 3),
    prizeDescription: "",
    prizeIcon: "",
    prizeCount: "1",
    pointCost: "0",
    lotteryStart: "",
    lotteryEnd: localInput(24 * 3),
  };
}

/** Who may see a post; each is worded by Composer.scope.<value> in the catalogs. */
export const SCOPES: Scope[] = ["ALL", "ONLY_REGISTER", "ONLY_ME"];

/** The fields the editor shows an API error beside; any other error is shown above the form. */
export const KNOWN_FIELDS = new Set([
  "title",
  "content",
  "categoryId",
  "tagIds",
  "newTags",
  "visibleScope",
  "type",
  "poll",
  "poll.options",
  "poll.endTime",
  "lottery",
  "lottery.prizeDescription",
  "lottery.prizeIcon",
  "lottery.prizeCount",
  "lottery.pointCost",
  "lottery.startTime",
  "lottery.endTime",
]);

/**
 * Who may create tags (the site's rule), as the key of its words in the catalogs (Composer.tagCreators.*)
 * and the level it names: the editor tells a member who may not create tags who can.
 */
export function tagCreatorsKey(rules: { tagCreators: string; tagCreateMinLevel: number }): {
  key: "everyone" | "staff" | "level";
  level: number;
} {
  const key = rules.tagCreators === "STAFF" ? "staff" : rules.tagCreators === "LEVEL" && rules.tagCreateMinLevel > 0 ? "level" : "everyone";
  return { key, level: rules.tagCreateMinLevel };
}
