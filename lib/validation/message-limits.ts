/**
 * The direct messages' numbers, shared by the server and the browser (no imports: client components
 * read them without pulling in the markdown checks of lib/validation/messages.ts).
 */

/** The most members a conversation may have (its creator included). */
export const MAX_GROUP_MEMBERS = 10;
/** A message is bounded exactly as a comment is (docs/api.md §1: 1–20,000 characters, the markdown limits). */
export const MESSAGE_MAX_LENGTH = 20_000;
/** The page size of a conversation's messages on our pages (the first page and each scroll up). */
export const MESSAGE_PAGE = 30;
