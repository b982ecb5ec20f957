import type { SpriteIcon } from "@/components/ui/icon-names";

/**
 * A lucide icon painted by `app/icons.css` (its view of the sprite `public/icons.svg` as a CSS mask in
 * the text colour), for icons repeated on every row of a list and in the header: ~30 bytes of markup
 * where an inline SVG adds ~400 (and, in a server component, again as much to the RSC payload). An
 * empty element: screen readers skip it, so the text beside it (or the control's label) must say what
 * it means.
 */
export function Icon({ name, className = "" }: { name: SpriteIcon; className?: string }) {
  return <i className={className ? `icon i-${name} ${className}` : `icon i-${name}`} />;
}
