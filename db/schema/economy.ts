import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { pointHistoryTypeEnum } from "./enums";
import { comments, posts } from "./posts";
import { users } from "./users";

export const polls = pgTable(
  "polls",
  {
    postId: integer()
      .primaryKey()
      .references(() => posts.id, { onDelete: "cascade" }),
    options: text().array().notNull(),
    multiple: boolean().notNull().default(false),
    endTime: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    /** Set once, by whichever process claims the finalization. */
    finalizedAt: timestamp({ withTimezone: true, precision: 3 }),
  },
  (t) => [
    index("polls_due_idx")
      .on(t.endTime)
      .where(sql`${t.finalizedAt} is null`),
  ],
);

/** Triggers (SQL only, migration 0005): `poll_votes_events_ins` and `poll_votes_events_del` write live events (forum_events_counts()). */
export const pollVotes = pgTable(
  "poll_votes",
  {
    id: serial().primaryKey(),
    postId: integer()
      .notNull()
      .references(() => polls.postId, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    option: text().notNull(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("poll_votes_unique").on(t.postId, t.userId, t.option), index("poll_votes_user_idx").on(t.userId)],
);

export const lotteries = pgTable(
  "lotteries",
  {
    postId: integer()
      .primaryKey()
      .references(() => posts.id, { onDelete: "cascade" }),
    prizeDescription: text().notNull(),
    prizeIcon: text().notNull().default(""),
    prizeCount: integer().notNull(),
    pointCost: integer().notNull().default(0),
    startTime: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    endTime: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    /** sha256(seed) in hex, published from creation on. */
    seedHash: text().notNull(),
    /** 32 random bytes in hex; secret until the draw, then published. */
    seed: text().notNull(),
    drawnAt: timestamp({ withTimezone: true, precision: 3 }),
  },
  (t) => [
    index("lotteries_due_idx")
      .on(t.endTime)
      .where(sql`${t.drawnAt} is null`),
    check("lotteries_cost_range", sql`${t.pointCost} between 0 and 100`),
    check("lotteries_prize_count", sql`${t.prizeCount} >= 1`),
  ],
);

/** Trigger (SQL only, migration 0005): `lottery_participants_events` writes live events (forum_events_counts()). */
export const lotteryParticipants = pgTable(
  "lottery_participants",
  {
    postId: integer()
      .notNull()
      .references(() => lotteries.postId, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    joinedAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

export const lotteryWinners = pgTable(
  "lottery_winners",
  {
    postId: integer()
      .notNull()
      .references(() => lotteries.postId, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rank: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

export const pointGoods = pgTable(
  "point_goods",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    description: text().notNull().default(""),
    cost: integer().notNull(),
    image: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Retired goods leave the shop; their redemptions stay in the ledger. */
    retiredAt: timestamp({ withTimezone: true, precision: 3 }),
  },
  (t) => [index("point_goods_cost_idx").on(t.cost, t.id), check("point_goods_cost_positive", sql`${t.cost} >= 0`)],
);

/** The points ledger: every change of users.point is one row here, in the same transaction. */
export const pointHistories = pgTable(
  "point_histories",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: pointHistoryTypeEnum().notNull(),
    amount: integer().notNull(),
    /** The balance right after this row. */
    balance: integer().notNull(),
    postId: integer().references(() => posts.id, { onDelete: "set null" }),
    commentId: integer().references(() => comments.id, { onDelete: "set null" }),
    fromUserId: integer().references(() => users.id, { onDelete: "set null" }),
    /** REDEEM: the redemption this row paid for (the history's related column names its good). */
    redemptionId: integer().references((): AnyPgColumn => redemptions.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("point_histories_user_idx").on(t.userId, t.id.desc().nullsFirst()),
    check("point_histories_balance", sql`${t.balance} >= 0`),
  ],
);

export const redemptions = pgTable(
  "redemptions",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    goodId: integer().references(() => pointGoods.id, { onDelete: "set null" }),
    goodName: text().notNull(),
    cost: integer().notNull(),
    contact: text().notNull(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Set when an admin marks the good handed over (null: pending); the member is notified. */
    fulfilledAt: timestamp({ withTimezone: true, precision: 3 }),
    fulfilledById: integer().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("redemptions_user_idx").on(t.userId, t.createdAt),
    // The admins' list to fulfil (lib/services/points/redemptions.ts): the pending ones, newest first,
    // and their count; "all" and "fulfilled" walk the primary key backwards.
    index("redemptions_pending_idx")
      .on(t.id.desc())
      .where(sql`${t.fulfilledAt} is null`),
  ],
);
