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

export const SCOPES: { value: Scope; label: string }[] = [
  { value: "ALL", label: "Everyone" },
  { value: "ONLY_REGISTER", label: "Signed-in members only" },
  { value: "ONLY_ME", label: "Only me (and moderators)" },
];

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
