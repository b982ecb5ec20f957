// POST /api/markdown/preview {markdown} → {html}: the editor's live preview, rendered as posts are.
import { ok, route } from "@/lib/api/route";
import { badRequest, msg } from "@/lib/errors";
import { renderMarkdownAsync } from "@/lib/markdown";
import { markdownPreviewSchema } from "@/lib/validation/posts";
import { renderedMarkdownSchema } from "@/lib/validation/responses";

export const POST = route(
  {
    tag: "Other",
    summary: "Render markdown as posts are rendered (editor preview)",
    auth: "required",
    description:
      "400 naming the limit when the text is over a markdown limit (lib/markdown-limits.ts), as a post or comment with it would be refused.",
    body: markdownPreviewSchema,
    bodyLimit: 512 * 1024,
    responses: [ok(renderedMarkdownSchema)],
  },
  // One render in the markdown worker, which also measures the text against the limits (rather than a
  // separate check first), awaited: the server's thread answers other requests meanwhile.
  async ({ body }) => {
    const { html, violation } = await renderMarkdownAsync(body.markdown);
    if (violation)
      throw badRequest(msg("markdownLimit", { limit: violation.limit, max: violation.max, count: violation.count }), "markdown");
    return { html };
  },
);
