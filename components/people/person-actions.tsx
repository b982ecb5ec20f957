"use client";

import type { ReactNode } from "react";
import { FollowButton } from "@/components/people/follow-button";
import { MessageButton } from "@/components/messages/message-button";

/**
 * The row of things one can do with a member, on their profile and on author cards: Follow, and beside
 * it the buttons of other features (the direct messages' "Message" button goes in `children`, or here
 * beside FollowButton; both read the caller's relation with `useRelation`). Each button decides itself
 * whether it shows (not on one's own profile, not to anonymous readers…).
 */
export function PersonActions({
  username,
  size = "sm",
  refreshOnChange = false,
  children,
}: {
  username: string;
  size?: "sm" | "md";
  /** On the member's own profile page: its counts are rendered again after a follow. */
  refreshOnChange?: boolean;
  children?: ReactNode;
}) {
  return (
    <span className="flex flex-wrap items-start gap-2" data-testid="person-actions">
      <FollowButton username={username} size={size} refreshOnChange={refreshOnChange} />
      <MessageButton username={username} size={size} />
      {children}
    </span>
  );
}
