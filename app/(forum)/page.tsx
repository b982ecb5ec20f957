import type { Metadata } from "next";
import { PostBrowser } from "@/components/posts/post-browser";
import { parseListState } from "@/components/posts/post-list-url";
import { feedPath } from "@/lib/feeds";

export const metadata: Metadata = {
  title: { absolute: "Forum · Home" },
  alternates: {
    types: {
      "application/rss+xml": [
        { url: feedPath({ kind: "latest" }), title: "Latest posts" },
        { url: feedPath({ kind: "featured" }), title: "Featured posts" },
      ],
      "application/atom+xml": [{ url: feedPath({ kind: "latest" }, "atom"), title: "Latest posts (Atom)" }],
    },
  },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function HomePage({ searchParams }: Props) {
  const state = parseListState(await searchParams);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Discussions</h1>
      <PostBrowser basePath="/" state={state} />
    </div>
  );
}
