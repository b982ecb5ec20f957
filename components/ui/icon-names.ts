/** The lucide icons in the static sprite `public/icons.svg` (regenerate with `npm run gen:icons`). */
export const SPRITE_ICONS = ["chart-column", "eye", "folder", "gift", "lock", "lock-keyhole", "message-square", "pin", "star"] as const;

export type SpriteIcon = (typeof SPRITE_ICONS)[number];
