import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { notFound, redirect } from "next/navigation";
import { PostEditor } from "@/components/composer/post-editor";
import { pageViewer } from "@/lib/cache/page-reader";
import { postActionsFor } from "@/lib/services/posts/post-actions";
import { listCategories } from "@/lib/services/taxonomy/categories";
import { editorTagRules } from "@/lib/services/taxonomy/tags";
import { loadPost } from "@/lib/services/posts/loader";

export const metadata: Metadata = { title: "Edit post" };

type Props = { params: Promise<{ id: string }> };

export default async function EditPostPage({ params }: Props) {
  const { id } = await params;
  if (!/^\d{1,9}$/.test(id)) notFound();
  const viewer = await pageViewer();
  if (!viewer) redirect(`/login?callbackUrl=${encodeURIComponent(`/posts/${id}/edit`)}`);
  const post = await loadPost(Number(id), viewer);
  if (!post) notFound();
  const can = postActionsFor(viewer, { authorId: post.author.id });
  // Why not, in the member's words: not theirs, their suspension, or a rejected post (read-only to its author).
  const why = !can.edit
    ? "Only its author and moderators can."
    : viewer.suspendedUntil
      ? "Your account is suspended: the notice above says until when."
      : post.status === "REJECTED" && !can.moderate
        ? "A moderator rejected it, so it is read-only."
        : null;
  if (why) {
    return (
      <div className="py-12 text-center">
        <h1 className="text-2xl font-semibold">You cannot edit this post</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">{why}</p>
        <Link href={`/posts/${post.id}`} className="mt-4 inline-block underline">
          Back to the post
        </Link>
      </div>
    );
  }
  const [categories, tagRules] = await Promise.all([listCategories(), editorTagRules(viewer)]);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">
        Edit:{" "}
        <Link href={`/posts/${post.id}`} className="hover:underline">
          {post.title}
        </Link>
      </h1>
      <PostEditor
        mode="edit"
        postId={post.id}
        categories={categories}
        tagRules={tagRules}
        initial={{
          title: post.title,
          content: post.content,
          categoryId: String(post.category.id),
          tags: post.tags.map((t) => ({ id: t.id, name: t.name })),
          visibleScope: post.visibleScope,
        }}
      />
    </div>
  );
}
