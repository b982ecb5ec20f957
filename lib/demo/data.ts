// The demo community's content, as data files in lib/demo/content/: people, categories, tags, goods,
// threads, the three versions of the edited post and the comment pools. lib/demo/simulate.ts turns
// them into rows with a seeded simulation that applies the real point rules. Edit the JSON; the types
// below say what each file holds.
import type { PostStatus, UserRole, VisibleScope } from "@/db/schema";
import categories from "./content/categories.json";
import pools from "./content/comment-pools.json";
import editedVersions from "./content/edited-versions.json";
import goods from "./content/goods.json";
import posts from "./content/posts.json";
import tags from "./content/tags.json";
import users from "./content/users.json";

export type UserSpec = { username: string; role?: UserRole; bot?: boolean; contributor?: boolean; daysAgo: number; intro: string };

export type CatKey = "selfhost" | "prog" | "photo" | "cook" | "games" | "meta" | "offtopic";

export type Thread = { by: string; text: string; replies?: Thread[]; deleted?: boolean; pinned?: boolean };

export type PostSpec = {
  key?: string;
  cat: CatKey;
  tags: string[];
  by: string;
  title: string;
  body: string;
  daysAgo?: number;
  pinned?: boolean;
  closed?: boolean;
  featured?: boolean;
  scope?: VisibleScope;
  status?: PostStatus;
  /** Hand-written discussion; otherwise comments are drawn from the category's pool. */
  thread?: Thread[];
  /** Number of pool comments (default: random). */
  chatter?: number;
  poll?: { options: string[]; multiple: boolean; endInDays: number; voters: number };
  lottery?: {
    prizeDescription: string;
    prizeIcon: string;
    prizeCount: number;
    pointCost: number;
    startInDays: number;
    endInDays: number;
    participants: number;
  };
};

export const DEMO_USERS = users as UserSpec[];

/**
 * Icons a client of OpenIsle's API can draw: its front end shows an icon that is a URL (or a
 * path) as an image and any other value as a component of its icon set (@icon-park/vue-next, registered
 * in frontend_nuxt/plugins/iconpark.ts; `server-icon` resolves to its ServerIcon). So categories use
 * their pictures for both sizes (a picture `icon` with a name `smallIcon` would be drawn as a component
 * called like a URL by its category select), and tags a name from that set. Our own pages do not draw
 * these icons; the API answers the paths absolute (lib/api/absolute-urls.ts).
 */
export const DEMO_CATEGORIES = categories as { key: CatKey; name: string; description: string; icon: string; smallIcon: string }[];
export const DEMO_TAGS: { name: string; description: string; icon: string }[] = tags;
export const DEMO_GOODS: { name: string; description: string; cost: number; image: string }[] = goods;
export const DEMO_POSTS = posts as PostSpec[];
/** The post that was edited three times: its content before and after each edit. */
export const EDITED_VERSIONS: string[] = editedVersions;
/**
 * Comments drawn for posts without a hand-written thread: top-level ones by category, replies, the post
 * author's answers and deep replies. In the text, {op} is the post's author, {parent} the author of the
 * comment being answered.
 */
export const TOP_POOL = pools.top as Record<CatKey, string[]>;
export const REPLY_POOL: string[] = pools.reply;
export const OP_REPLY_POOL: string[] = pools.opReply;
export const DEEP_POOL: string[] = pools.deep;
