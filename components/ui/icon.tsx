import type { SpriteIcon } from "@/components/ui/icon-names";

/**
 * A lucide icon drawn from the static sprite `public/icons.svg`, for icons repeated on every row of a
 * list, where an inline SVG would add ~400 bytes per use to the page (and again to its RSC payload).
 * Always decorative: the text beside it says what it means.
 */
export function Icon({ name, className = "" }: { name: SpriteIcon; className?: string }) {
  return (
    <svg aria-hidden="true" className={className ? `icon ${className}` : "icon"}>
      <use href={`/icons.svg#${name}`} />
    </svg>
  );
}
