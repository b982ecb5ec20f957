// The demo simulation's building blocks: a seeded PRNG, time units, the in-memory shapes of users,
// posts, comments, reactions, ledger entries, notices and change logs, and a chunked bulk insert.
import {
  type CategorySnapshot,
  type ChangeLogType,
  type NotificationType,
  type PointHistoryType,
  type PostStatus,
  type PostType,
  type ReactionType,
  type TagSnapshot,
  type VisibleScope,
} from "@/db/schema";
import type { CatKey, PostSpec, UserSpec } from "./data";

// ───────────────────────────── the generator ─────────────────────────────

/** mulberry32: a small, fast, seeded PRNG (the same sequence on every run). */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(arr: readonly T[]): T => arr[Math.floor(next() * arr.length)]!;
  const chance = (p: number) => next() < p;
  const sample = <T>(arr: readonly T[], n: number): T[] => {
    const copy = [...arr];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, Math.max(0, n));
  };
  return { next, int, pick, chance, sample };
}

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;

export type MUser = UserSpec & { id: number; createdAt: Date; point: number; experience: number };
export type MPost = {
  spec: PostSpec;
  id: number;
  author: MUser;
  categoryKey: CatKey;
  tagNames: string[];
  title: string;
  content: string;
  type: PostType;
  status: PostStatus;
  scope: VisibleScope;
  createdAt: Date;
  pinnedAt: Date | null;
  closedAt: Date | null;
  featuredAt: Date | null;
  reward: number;
  pointReward: number;
  views: number;
};
export type MComment = {
  id: number;
  post: MPost;
  author: MUser;
  parent: MComment | null;
  depth: number;
  content: string;
  createdAt: Date;
  deletedAt: Date | null;
  pinnedAt: Date | null;
  reward: number;
  pointReward: number;
};
export type MReaction = { user: MUser; type: ReactionType; post: MPost; comment: MComment | null; createdAt: Date; reward: number };
export type Ledger = {
  user: MUser;
  type: PointHistoryType;
  amount: number;
  at: Date;
  post?: MPost | null;
  comment?: MComment | null;
  from?: MUser | null;
};
export type Notice = {
  user: MUser;
  type: NotificationType;
  at: Date;
  post?: MPost | null;
  comment?: MComment | null;
  from?: MUser | null;
  reactionType?: ReactionType | null;
  content?: string | null;
  approved?: boolean | null;
};
export type Log = {
  post: MPost;
  actor: MUser;
  type: ChangeLogType;
  at: Date;
  oldTitle?: string;
  newTitle?: string;
  oldContent?: string;
  newContent?: string;
  oldCategory?: CategorySnapshot;
  newCategory?: CategorySnapshot;
  oldTags?: TagSnapshot[];
  newTags?: TagSnapshot[];
  oldClosed?: boolean;
  newClosed?: boolean;
  oldPinnedAt?: Date | null;
  newPinnedAt?: Date | null;
  oldFeatured?: boolean;
  newFeatured?: boolean;
  oldVisibleScope?: VisibleScope;
  newVisibleScope?: VisibleScope;
  amount?: number;
};

export const POSITIVE_REACTIONS: ReactionType[] = [
  "LIKE",
  "LIKE",
  "LIKE",
  "RECOMMEND",
  "FIRE",
  "STAR_STRUCK",
  "MIND_BLOWN",
  "SMILE",
  "CONGRATULATIONS",
  "HOT",
  "EAGLE",
];
export const OTHER_REACTIONS: ReactionType[] = [
  "ROFL",
  "EYES",
  "HOLDING_BACK_TEARS",
  "FLUSHED",
  "DISLIKE",
  "SKULL",
  "CLOWN",
  "FROWN",
  "ANGRY",
  "POOP",
  "SPIDER",
  "BAT",
  "CHINA",
  "USA",
  "JAPAN",
  "KOREA",
];

export async function insertChunks<T extends Record<string, unknown>>(
  run: (rows: T[]) => Promise<{ id: number }[] | unknown>,
  rows: T[],
  size = 500,
): Promise<{ id: number }[]> {
  const out: { id: number }[] = [];
  for (let i = 0; i < rows.length; i += size) {
    const res = await run(rows.slice(i, i + size));
    if (Array.isArray(res)) out.push(...(res as { id: number }[]));
  }
  return out;
}
