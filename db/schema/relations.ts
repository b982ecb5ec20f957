import { relations } from "drizzle-orm";
import { notifications, postChangeLogs } from "./activity";
import { lotteries, lotteryParticipants, lotteryWinners, pointHistories, polls, pollVotes } from "./economy";
import { comments, posts, postTags, reactions } from "./posts";
import { categories, tags } from "./taxonomy";
import { apiTokens, users, userSessions } from "./users";

export const usersRelations = relations(users, ({ many }) => ({
  posts: many(posts),
  comments: many(comments),
  apiTokens: many(apiTokens),
  sessions: many(userSessions),
  pointHistories: many(pointHistories),
  notifications: many(notifications),
}));
export const apiTokensRelations = relations(apiTokens, ({ one }) => ({
  user: one(users, { fields: [apiTokens.userId], references: [users.id] }),
}));
export const userSessionsRelations = relations(userSessions, ({ one }) => ({
  user: one(users, { fields: [userSessions.userId], references: [users.id] }),
}));
export const postsRelations = relations(posts, ({ one, many }) => ({
  author: one(users, { fields: [posts.authorId], references: [users.id] }),
  category: one(categories, { fields: [posts.categoryId], references: [categories.id] }),
  postTags: many(postTags),
  comments: many(comments),
  reactions: many(reactions),
  poll: one(polls, { fields: [posts.id], references: [polls.postId] }),
  lottery: one(lotteries, { fields: [posts.id], references: [lotteries.postId] }),
  changeLogs: many(postChangeLogs),
}));
export const postTagsRelations = relations(postTags, ({ one }) => ({
  post: one(posts, { fields: [postTags.postId], references: [posts.id] }),
  tag: one(tags, { fields: [postTags.tagId], references: [tags.id] }),
}));
export const commentsRelations = relations(comments, ({ one }) => ({
  post: one(posts, { fields: [comments.postId], references: [posts.id] }),
  author: one(users, { fields: [comments.authorId], references: [users.id] }),
}));
export const pollsRelations = relations(polls, ({ many }) => ({ votes: many(pollVotes) }));
export const pollVotesRelations = relations(pollVotes, ({ one }) => ({
  poll: one(polls, { fields: [pollVotes.postId], references: [polls.postId] }),
}));
export const lotteriesRelations = relations(lotteries, ({ many }) => ({
  participants: many(lotteryParticipants),
  winners: many(lotteryWinners),
}));
export const lotteryParticipantsRelations = relations(lotteryParticipants, ({ one }) => ({
  lottery: one(lotteries, { fields: [lotteryParticipants.postId], references: [lotteries.postId] }),
}));
export const lotteryWinnersRelations = relations(lotteryWinners, ({ one }) => ({
  lottery: one(lotteries, { fields: [lotteryWinners.postId], references: [lotteries.postId] }),
}));
