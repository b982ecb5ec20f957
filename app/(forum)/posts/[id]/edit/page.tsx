import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PostEditor } from "@/components/composer/post-editor";
import { pageViewer } from "@/lib/cache/page-reader";
import { postActionsFor } from "@/lib/services/posts/post-actions";
import { listCategories } from "@/lib/services/taxonomy/categories";
import { editorTagRules } from "@/lib/services/taxonomy/tags";
import { getTagRules } from "@/lib/services/shared/site-settings";
import { tagCreatorsKey } from "@/components/composer/post-draft";
import { loadPost } from "@/lib/services/posts/loader";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Composer"))("editPost") };
}

type Props = { params: Promise<{ id: string }> };

export default async function EditPostPage({ params }: Props) {
  const { id } = await params;
  if (!/^\d{1,9}$/.test(id)) notFound();
  const viewer = await pageViewer();
  if (!viewer) redirect(`/login?callbackUrl=${encodeURIComponent(`/posts/${id}/edit`)}`);
  const post = await loadPost(viewer, { id: Number(id) });
  if (!post) notFound();
  const can = postActionsFor(viewer, { authorId: post.author.id });
  const tc = await getTranslations("Composer");
  // Why not, in the member's words: not theirs, their suspension, or a rejected post (read-only to its author).
  const why = !can.edit
    ? tc("cannotEditNotYours")
    : viewer.suspendedUntil
      ? tc("cannotEditSuspended")
      : post.status === "REJECTED" && !can.moderate
        ? tc("cannotEditRejected")
        : null;
  if (why) {
    return (
      <div className="py-12 text-center">
        <h1 className="text-2xl font-semibold">{tc("cannotEdit")}</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">{why}</p>
        <Link href={`/posts/${post.id}`} className="mt-4 inline-block underline">
          {tc("backToPost")}
        </Link>
      </div>
    );
  }
  const [categories, tagRules, rules] = await Promise.all([
    listCategories(viewer, { action: "post" }),
    editorTagRules(viewer),
    getTagRules(),
  ]);
  const creators = tagCreatorsKey(rules);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">
        {tc.rich("editHeading", {
          link: () => (
            <Link href={`/posts/${post.id}`} className="hover:underline">
              {post.title}
            </Link>
          ),
        })}
      </h1>
      <PostEditor
        mode="edit"
        postId={post.id}
        categories={categories}
        tagRules={{ ...tagRules, creators: tc(`tagCreators.${creators.key}`, { level: creators.level }) }}
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
