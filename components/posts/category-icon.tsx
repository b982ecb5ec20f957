import { Icon } from "@/components/ui/icon";
import { SPRITE_ICONS, type SpriteIcon } from "@/components/ui/icon-names";

const NAMED = new Set<string>(SPRITE_ICONS);

/** Whether a category's icon is a named icon of the icon set (else an image, an emoji, or nothing). */
export const isNamedIcon = (icon: string): icon is SpriteIcon => NAMED.has(icon);
/** Whether a category's icon is an image: an upload (a path on this site) or an http(s) address. */
export const isImageIcon = (icon: string) => icon.startsWith("/") || /^https?:\/\//i.test(icon);

/**
 * A category's icon (issue 57 item 5) in its colour: a named icon of the icon set, an uploaded image, an
 * emoji or short text as OpenIsle's categories may have, else the folder. Decorative: the category's
 * name stands beside it. The colour passed AA in both themes when it was set (lib/site-accent.ts), so it
 * paints the icon as is; without one the accent does.
 */
export function CategoryIcon({ icon, color, size = "md" }: { icon: string; color: string | null | undefined; size?: "sm" | "md" }) {
  const box = size === "md" ? "h-10 w-10" : "h-6 w-6";
  const glyph = size === "md" ? "h-6 w-6" : "h-4 w-4";
  const tint = color ? undefined : "text-sky-700 dark:text-sky-300";
  return (
    <span
      aria-hidden="true"
      data-testid="category-icon"
      className={`inline-flex shrink-0 items-center justify-center overflow-hidden rounded-lg bg-zinc-100 dark:bg-transparent dark:ring-1 dark:ring-zinc-800 ${box} ${tint ?? ""}`}
      style={color ? { color } : undefined}
    >
      {isNamedIcon(icon) ? (
        <Icon name={icon} className={glyph} />
      ) : isImageIcon(icon) ? (
        // eslint-disable-next-line @next/next/no-img-element -- an uploaded file of any size; no optimizer here
        <img src={icon} alt="" className={`${glyph} object-contain`} />
      ) : icon.trim() ? (
        <span className={size === "md" ? "text-xl leading-none" : "text-sm leading-none"}>{[...icon.trim()].slice(0, 2).join("")}</span>
      ) : (
        <Icon name="folder" className={glyph} />
      )}
    </span>
  );
}
