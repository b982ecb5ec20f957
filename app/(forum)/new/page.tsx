import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PostEditor } from "@/components/composer/post-editor";
import { SuspendedHint } from "@/components/layout/suspension-banner";
import { pageViewer } from "@/lib/cache/page-reader";
import { listCategories } from "@/lib/services/taxonomy/categories";
import { editorTagRules } from "@/lib/services/taxonomy/tags";

export const metadata: Metadata = { title: "New post" };

export default async function NewPostPage() {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=%2Fnew");
  // Suspended: the notice above every page says until when and why; no editor meanwhile.
  if (viewer.suspendedUntil)
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold tracking-tight">New post</h1>
        <SuspendedHint what="start a post" />
      </div>
    );
  const [categories, tagRules] = await Promise.all([listCategories(), editorTagRules(viewer)]);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">New post</h1>
      <PostEditor mode="create" categories={categories} tagRules={tagRules} />
    </div>
  );
}
