import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PostEditor } from "@/components/composer/post-editor";
import { SuspendedHint } from "@/components/layout/suspension-banner";
import { pageViewer } from "@/lib/cache/page-reader";
import { listCategories } from "@/lib/services/taxonomy/categories";
import { editorTagRules } from "@/lib/services/taxonomy/tags";
import { getTagRules } from "@/lib/services/shared/site-settings";
import { tagCreatorsKey } from "@/components/composer/post-draft";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Composer"))("newPost") };
}

export default async function NewPostPage() {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=%2Fnew");
  const tc = await getTranslations("Composer");
  // Suspended: the notice above every page says until when and why; no editor meanwhile.
  if (viewer.suspendedUntil)
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold tracking-tight">{tc("newPost")}</h1>
        <SuspendedHint what={tc("startPost")} />
      </div>
    );
  const [categories, tagRules, rules] = await Promise.all([
    listCategories(viewer, { action: "post" }),
    editorTagRules(viewer),
    getTagRules(),
  ]);
  const creators = tagCreatorsKey(rules);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">{tc("newPost")}</h1>
      <PostEditor
        mode="create"
        categories={categories}
        tagRules={{ ...tagRules, creators: tc(`tagCreators.${creators.key}`, { level: creators.level }) }}
      />
    </div>
  );
}
