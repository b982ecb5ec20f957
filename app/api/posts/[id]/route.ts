// GET /api/posts/{id} (detail with comments; counts a view), PUT (edit), DELETE.
import { parseId, readJson } from "@/lib/api/body";
import { noContent, route } from "@/lib/api/route";
import { viewClient } from "@/lib/api/caller";
import { deletePost, getPostDetail, updatePost } from "@/lib/services/posts";
import { requireViewer } from "@/lib/viewer";
import { updatePostSchema } from "@/lib/validation/posts";

type Params = { id: string };

export const GET = route<Params>(({ req, params, viewer }) => getPostDetail({ id: parseId(params.id), viewer, client: viewClient(req.headers) }));

export const PUT = route<Params>(async ({ req, params, viewer }) => {
  const id = parseId(params.id);
  const input = await readJson(req, updatePostSchema);
  return updatePost({ id, viewer: requireViewer(viewer), input });
}, { auth: "required" });

export const DELETE = route<Params>(async ({ params, viewer }) => {
  await deletePost({ id: parseId(params.id), viewer: requireViewer(viewer) });
  return noContent();
}, { auth: "required" });
