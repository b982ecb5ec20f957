// Where the caret of a textarea is on screen, and where a suggestion list beside it fits.

/** The textarea's styles that decide where its text wraps; copied onto the mirror. */
const MIRRORED = [
  "direction",
  "boxSizing",
  "borderTopWidth",
  "borderRightWidth",
  "borderBottomWidth",
  "borderLeftWidth",
  "borderStyle",
  "paddingTop",
  "paddingRight",
  "paddingBottom",
  "paddingLeft",
  "fontStyle",
  "fontVariant",
  "fontWeight",
  "fontStretch",
  "fontSize",
  "fontSizeAdjust",
  "lineHeight",
  "fontFamily",
  "fontFeatureSettings",
  "textAlign",
  "textTransform",
  "textIndent",
  "letterSpacing",
  "wordSpacing",
  "tabSize",
] as const;

export type CaretBox = { top: number; bottom: number; left: number };

/**
 * The caret at `position` of `el`, in viewport coordinates (top and bottom of its line). A textarea
 * does not say where its caret is, so the text before it is laid out in a hidden copy of the box (a
 * mirror div with the same width, font, padding and wrapping) and the end of that text is measured.
 */
export function caretBox(el: HTMLTextAreaElement, position: number): CaretBox {
  const cs = getComputedStyle(el);
  const mirror = document.createElement("div");
  const s = mirror.style;
  for (const p of MIRRORED) {
    const name = p.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    s.setProperty(name, cs.getPropertyValue(name));
  }
  s.position = "absolute";
  s.visibility = "hidden";
  s.top = "0";
  s.left = "-10000px";
  s.whiteSpace = "pre-wrap";
  s.overflowWrap = "break-word";
  s.overflow = "hidden";
  // The text wraps at the textarea's inner width, which excludes a vertical scrollbar.
  s.boxSizing = "content-box";
  s.borderWidth = "0";
  const padX = parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight);
  s.width = `${el.clientWidth - padX}px`;
  s.height = "auto";
  mirror.textContent = el.value.slice(0, position);
  const marker = document.createElement("span");
  // The rest of the text, so the word the caret is in wraps as it does in the box.
  marker.textContent = el.value.slice(position) || ".";
  mirror.appendChild(marker);
  document.body.appendChild(mirror);
  const line = parseFloat(cs.lineHeight) || parseFloat(cs.fontSize) * 1.4;
  const top = marker.offsetTop;
  const left = marker.offsetLeft;
  mirror.remove();
  const r = el.getBoundingClientRect();
  const y = r.top + el.clientTop + top - el.scrollTop;
  const x = r.left + el.clientLeft + left - el.scrollLeft;
  // Clamped to the visible part of the box (a caret scrolled out of view still anchors at its edge).
  const boxTop = r.top + el.clientTop;
  const boxBottom = r.top + el.clientTop + el.clientHeight;
  const cy = Math.min(Math.max(y, boxTop), boxBottom - line);
  return { top: cy, bottom: cy + line, left: Math.min(Math.max(x, r.left), r.right) };
}

export type Rect = { top: number; bottom: number; left: number; right: number };
export type Viewport = { top: number; left: number; width: number; height: number };
export type Placement = { top: number; left: number; width: number; maxHeight: number; side: "below" | "above" };

/**
 * Where a list of natural size `list` goes beside the caret: below it when it fits, else above it
 * (flipped), else on the roomier side with a shorter list; always inside the viewport (clamped
 * sideways, `margin` from the edges) and never over any of `avoid` (the form's submit button) that it
 * would overlap sideways.
 */
export function placeList(a: {
  caret: CaretBox;
  list: { width: number; height: number };
  viewport: Viewport;
  avoid?: Rect[];
  margin?: number;
  gap?: number;
  maxHeight?: number;
}): Placement {
  const { caret, list, viewport: vp, avoid = [], margin = 8, gap = 4, maxHeight = 256 } = a;
  const width = Math.min(list.width, vp.width - 2 * margin);
  const minLeft = vp.left + margin;
  const maxLeft = vp.left + vp.width - margin - width;
  const left = Math.max(minLeft, Math.min(caret.left, maxLeft));

  const belowStart = caret.bottom + gap;
  let belowEnd = vp.top + vp.height - margin;
  let aboveStart = vp.top + margin;
  const aboveEnd = caret.top - gap;
  for (const r of avoid) {
    const overlapsSideways = r.left < left + width && r.right > left;
    if (!overlapsSideways) continue;
    if (r.top >= caret.bottom) belowEnd = Math.min(belowEnd, r.top - gap);
    else if (r.bottom <= caret.top) aboveStart = Math.max(aboveStart, r.bottom + gap);
  }
  const below = Math.max(0, belowEnd - belowStart);
  const above = Math.max(0, aboveEnd - aboveStart);
  const wanted = Math.min(list.height, maxHeight);
  const side = below >= wanted || below >= above ? "below" : "above";
  const room = side === "below" ? below : above;
  const height = Math.min(wanted, room);
  const top = side === "below" ? belowStart : aboveEnd - height;
  return { top, left, width, maxHeight: Math.min(maxHeight, room), side };
}
