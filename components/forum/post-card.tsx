import { Eye, Folder, MessageSquare } from "lucide-react";
import { Link } from "@/components/ui/link";
import { UserLink } from "@/components/forum/user-link";
import { Avatar } from "@/components/ui/avatar";
import { RelativeTime } from "@/components/ui/relative-time";
import { PostBadges } from "@/components/forum/post-badges";
import type { PostDto } from "@/lib/validation/responses";

/** One row of a post list: title, badges, category, tags, participants, counts and times. */
export function PostCard({ post, excerpt }: { post: PostDto; excerpt?: string }) {
  return (
    <article
      className="flex gap-3 border-b border-zinc-200 px-3 py-4 last:border-b-0 sm:px-4 dark:border-zinc-800"
      aria-labelledby={`post-${post.id}-title`}
      data-testid="post-card"
    >
      <Link href={`/u/${encodeURIComponent(post.author.username)}`} className="hidden shrink-0 sm:block" aria-label={`Author ${post.author.username}`}>
        <Avatar src={post.author.avatar} name={post.author.username} size={40} />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-1.5">
          <h2 id={`post-${post.id}-title`} className="min-w-0 text-base font-semibold leading-snug">
            <Link href={`/posts/${post.id}`} className="hover:text-sky-700 hover:underline dark:hover:text-sky-400">
              {post.title}
            </Link>
          </h2>
          <PostBadges post={post} />
          {post.isNew ? (
            <span className="rounded-full bg-sky-600 px-2 py-0.5 text-xs font-semibold text-white" title="Created since your last visit" data-testid="post-new">
              New
            </span>
          ) : null}
          {post.newComments ? (
            <Link
              href={`/posts/${post.id}`}
              className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-800 hover:bg-sky-200 dark:bg-sky-900/70 dark:text-sky-100"
              title="Comments since you last read this post"
              data-testid="post-unread"
            >
              {post.newComments} new
            </Link>
          ) : null}
        </div>
        {excerpt ? <p className="mt-1 line-clamp-2 text-sm text-zinc-600 dark:text-zinc-400">{excerpt}</p> : null}
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
          <Link href={`/c/${post.category.id}`} className="font-medium text-zinc-700 hover:underline dark:text-zinc-300">
            <Folder aria-hidden="true" className="mr-0.5 inline h-3.5 w-3.5 align-[-2px]" />
            {post.category.name}
          </Link>
          {post.tags.length ? (
            <ul className="flex flex-wrap gap-1" aria-label="Tags">
              {post.tags.map((t) => (
                <li key={t.id}>
                  <Link href={`/t/${t.id}`} className="rounded bg-zinc-100 px-1.5 py-0.5 text-zinc-700 hover:bg-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:hover:bg-zinc-700">
                    #{t.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <span>
            by{" "}
            <UserLink username={post.author.username} className="hover:underline" />{" "}
            <RelativeTime iso={post.createdAt} />
          </span>
          {post.lastReplyAt && post.commentCount > 0 ? (
            <span>
              last reply <RelativeTime iso={post.lastReplyAt} />
            </span>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-2">
        <ul className="flex -space-x-2" aria-label="Participants">
          {post.participants.map((u) => (
            <li key={u.id}>
              <Avatar src={u.avatar} name={u.username} size={24} />
            </li>
          ))}
        </ul>
        <div className="flex gap-3 text-xs text-zinc-500 dark:text-zinc-400">
          <span title={`${post.commentCount} comments`}>
            <MessageSquare aria-hidden="true" className="inline h-3.5 w-3.5 align-[-2px]" /> 
            {post.commentCount}
            <span className="sr-only"> comments</span>
          </span>
          <span title={`${post.views} views`}>
            <Eye aria-hidden="true" className="inline h-3.5 w-3.5 align-[-2px]" /> 
            {post.views}
            <span className="sr-only"> views</span>
          </span>
        </div>
      </div>
    </article>
  );
}
