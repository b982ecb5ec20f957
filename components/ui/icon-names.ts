/** The lucide icons of `app/icons.css` (regenerate with `npm run gen:icons`). */
export const SPRITE_ICONS = [
  "bell", "bell-off", "calendar-days", "chart-column", "chevron-down", "coins", "eye", "eye-off", "file-text", "flag", "folder", "gift", "heart-handshake", "lock", "lock-keyhole", "log-out",
  "message-square", "messages-square", "monitor", "moon", "pen-line", "pin", "plus", "search", "settings", "shield-check", "smile-plus", "sprout", "star", "sun",
] as const;

export type SpriteIcon = (typeof SPRITE_ICONS)[number];
