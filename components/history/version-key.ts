/**
 * The key of a version's text in the map of rendered versions the history page sends along
 * (components/history/rendered-versions.tsx): FNV-1a of the text and its length, computed the same
 * way on the server, which renders, and in the browser, which looks up. A plain module for both.
 */
export function versionKey(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `${(h >>> 0).toString(36)}.${text.length.toString(36)}`;
}
