import "server-only";
import { correctKeyword, fullTextWordCheck } from "@/lib/services/search/correct";
import { countComments, searchCommentsPage, type CommentHit } from "@/lib/services/search/comments";
import { countPosts, searchPostsCorrected, searchTaxonomy, searchUsers } from "@/lib/services/search/search";
import type { SearchPostDto, SearchPostsQuery, SearchResultDto, SearchUserDto } from "@/lib/validation/search";
import type { Viewer } from "@/lib/viewer";

/** What /search lists: everything (a page of posts with the best of the other kinds), or one kind, paged. */
export const SEARCH_KINDS = ["all", "posts", "comments", "people", "tags"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
/** Counts stop here ("1,000+"): counting every match of a common word would read them all. */
export const COUNT_CAP = 1000;
/** People and tags: at most this many (they are counted by listing them). */
const NAMES_CAP = 50;
/** On the "all" view, the best few comments, people and tags beside the posts. */
const PREVIEW = 5;

export type SearchPageResult = {
  /** The keyword the results are for when the one asked found nothing (typos corrected). */
  correctedKeyword: string | null;
  counts: Record<Exclude<SearchKind, "all">, number>;
  posts: SearchPostDto[];
  comments: CommentHit[];
  people: SearchUserDto[];
  tags: SearchResultDto[];
};

/**
 * The search page's results: posts, comments, people and tags for a keyword with counts per kind, and
 * the keyword corrected (its unknown words, correct.ts) when it finds nothing of any kind and the
 * correction finds something this caller may see.
 */
export async function searchEverything(
  viewer: Viewer | null,
  { kind, exact, ...q }: SearchPostsQuery & { kind: SearchKind; exact: boolean },
): Promise<SearchPageResult> {
  // A word in no post or comment: their searches are skipped (correct.ts), people and tags still asked.
  const check = await fullTextWordCheck(q.keyword);
  let found = await collect(viewer, q, kind, check !== null && !check.allKnown);
  let correctedKeyword: string | null = null;
  if (!exact && q.page === 0 && total(found.counts) === 0) {
    const corrected = check ? check.corrected : await correctKeyword(q.keyword);
    if (corrected) {
      const again = await collect(viewer, { ...q, keyword: corrected }, kind, false);
      if (total(again.counts) > 0) [found, correctedKeyword] = [again, corrected];
    }
  }
  return { correctedKeyword, ...found };
}

const total = (c: SearchPageResult["counts"]) => c.posts + c.comments + c.people + c.tags;

/** `noText`: a word of the keyword is in no post or comment, so their searches would find nothing. */
async function collect(
  viewer: Viewer | null,
  q: SearchPostsQuery,
  kind: SearchKind,
  noText: boolean,
): Promise<Omit<SearchPageResult, "correctedKeyword">> {
  const want = (k: SearchKind) => !noText && (kind === "all" || kind === k);
  const [postCount, commentCount, people, tags, posts, comments] = await Promise.all([
    noText ? 0 : countPosts(viewer, q, COUNT_CAP),
    noText ? 0 : countComments(viewer, q.keyword, COUNT_CAP),
    searchUsers(q.keyword, NAMES_CAP),
    searchTaxonomy("tags", q.keyword, NAMES_CAP),
    want("posts") ? searchPostsCorrected(viewer, q, { exact: true, wordsChecked: true }).then((r) => r.posts) : Promise.resolve([]),
    want("comments")
      ? searchCommentsPage(viewer, {
          keyword: q.keyword,
          page: kind === "all" ? 0 : q.page,
          pageSize: kind === "all" ? PREVIEW : q.pageSize,
        })
      : Promise.resolve([]),
  ]);
  return {
    counts: { posts: postCount, comments: commentCount, people: people.length, tags: tags.length },
    posts,
    comments,
    people: kind === "people" ? people : kind === "all" ? people.slice(0, PREVIEW) : [],
    tags: kind === "tags" ? tags : kind === "all" ? tags.slice(0, PREVIEW) : [],
  };
}
