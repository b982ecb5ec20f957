// POST /api/markdown/preview {markdown} → {html}: the editor's live preview, rendered as posts are.
import { z } from "zod";
import { readJson } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { renderMarkdown } from "@/lib/markdown";

const previewSchema = z.object({ markdown: z.string().max(100_000, "at most 100000 characters") });

export const POST = route(async ({ req }) => {
  const { markdown } = await readJson(req, previewSchema, 512 * 1024);
  return { html: renderMarkdown(markdown) };
}, { auth: "required" });
