// POST /api/markdown/preview {markdown} → {html}: the editor's live preview, rendered as posts are.
import { ok, route } from "@/lib/api/route";
import { renderMarkdown } from "@/lib/markdown";
import { markdownPreviewSchema } from "@/lib/validation/posts";
import { renderedMarkdownSchema } from "@/lib/validation/responses";

export const POST = route(
  {
    tag: "Other", summary: "Render markdown as posts are rendered (editor preview)", auth: "required",
    body: markdownPreviewSchema, bodyLimit: 512 * 1024, responses: [ok(renderedMarkdownSchema)],
  },
  ({ body }) => ({ html: renderMarkdown(body.markdown) }),
);
