import "server-only";
import { sql } from "drizzle-orm";
import { db, rawRows } from "@/db";
import type { ReactionType } from "@/db/schema";
import { msg, notFound } from "@/lib/errors";
import { messageReactionDto } from "@/lib/services/messages/load";
import type { ReactionDto } from "@/lib/validation/responses";
import type { Viewer } from "@/lib/viewer";

/**
 * POST /api/messages/{messageId}/reactions (OpenIsle's ReactionController): a toggle, as on posts and
 * comments. Adds the reaction and returns it, or takes the same member + message + type back and
 * returns null (204). Members of the message's conversation only; to anyone else the message does not
 * exist (404), staff reading under the site's setting included (reading is all they do). No points:
 * OpenIsle gives none for reacting to a message either. One statement (the unique index settles a race
 * of two toggles); the trigger message_reactions_events tells the members.
 */
export async function toggleMessageReaction(
  viewer: Viewer,
  { messageId, type }: { messageId: number; type: ReactionType },
): Promise<ReactionDto | null> {
  const [r] = await rawRows<{ found: boolean; removed: number | null; added: number | null }>(
    db,
    sql`with target as (
          select m.id from messages m
          join conversation_participants p on p.conversation_id = m.conversation_id and p.user_id = ${viewer.id}
          where m.id = ${messageId}),
        del as (
          delete from message_reactions r using target
          where r.message_id = target.id and r.user_id = ${viewer.id} and r.type = ${type}
          returning r.id),
        ins as (
          insert into message_reactions (message_id, user_id, type)
          select target.id, ${viewer.id}, ${type} from target where not exists (select 1 from del)
          on conflict do nothing
          returning id)
        select exists (select 1 from target) as found, (select id from del limit 1) as removed, (select id from ins limit 1) as added`,
  );
  if (!r?.found) throw notFound(msg("messageNotFound"));
  if (r.added === null) return null;
  return messageReactionDto({ id: Number(r.added), type, messageId, username: viewer.username });
}
