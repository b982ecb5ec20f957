/** The lucide icons of `app/icons.css` (regenerate with `npm run gen:icons`). */
export const SPRITE_ICONS = [
  "angry", "annoyed", "bell", "bell-off", "bird", "brain", "bug", "calendar-days", "chart-column", "check-check", "chevron-down",
  "coins", "drama", "droplets", "eye", "eye-off", "file-text", "flag", "flame", "folder", "frown", "gift", "hash", "heart",
  "heart-handshake", "laugh", "lock", "lock-keyhole", "log-out", "message-square", "messages-square", "monitor",
  "moon", "party-popper", "pen-line", "pin", "plus", "search", "settings", "shield-check", "skull", "smile",
  "smile-plus", "sparkles", "sprout", "star", "sun", "thermometer-sun", "thumbs-down", "thumbs-up", "toilet", "user",
] as const;

export type SpriteIcon = (typeof SPRITE_ICONS)[number];
