// What a new member's post holds, counted for the new-member limits: links, images, mentions.
// Fixed expressions over the text (no member-made pattern), each linear.
import { extractMentions } from "@/lib/services/shared/mentions";

const IMAGE_MD = /!\[[^\]\n]{0,500}\]\(\s*<?([^)\s>]{1,2000})/g;
const IMAGE_HTML = /<img\b/gi;
const URL = /\bhttps?:\/\/[^\s<>()[\]"']+|\bwww\.[a-z0-9-]+\.[a-z]{2,}[^\s<>()[\]"']*/gi;

/** Images: markdown `![..](..)` and `<img`. */
export function countImages(text: string): number {
  return (text.match(IMAGE_MD)?.length ?? 0) + (text.match(IMAGE_HTML)?.length ?? 0);
}

/** Links: every http(s) URL or www. address that is not an image's source. */
export function countLinks(text: string): number {
  const withoutImages = text.replace(IMAGE_MD, "");
  return withoutImages.match(URL)?.length ?? 0;
}

export function countMentions(text: string): number {
  return extractMentions(text).length;
}

/** Whether `text` holds a link or a bare domain (profile texts of new members). */
export function hasLink(text: string): boolean {
  URL.lastIndex = 0;
  return URL.test(text) || /\b[a-z0-9-]{2,}\.(?:com|net|org|io|ru|cn|xyz|top|info|biz|shop|site|online)\b/i.test(text);
}
