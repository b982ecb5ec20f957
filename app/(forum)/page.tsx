import type { Metadata } from "next";
import { PostBrowser } from "@/components/posts/post-browser";
import { parseListState } from "@/components/posts/post-list-url";

export const metadata: Metadata = { title: { absolute: "Forum · Home" } };

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
