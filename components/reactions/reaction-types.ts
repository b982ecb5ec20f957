import type { ReactionType } from "@/db/schema/enums";
import type { SpriteIcon } from "@/components/ui/icon-names";

/**
 * Icon, colour and label of each of the 25 reaction types (OpenIsle's set). Icons from the icon set, not
 * emoji: a browser without an emoji font (headless Chromium here, many Linux desktops) shows emoji as
 * empty boxes. The country reactions add their two-letter code beside the flag.
 * `label` is the English name; the interface shows the page's language (Reactions.type in messages/<locale>/posts.json).
 */
export const REACTIONS: Record<ReactionType, { icon: SpriteIcon; tone: string; label: string; code?: string }> = {
  LIKE: { icon: "heart", tone: "text-rose-600 dark:text-rose-400", label: "Like" },
  DISLIKE: { icon: "thumbs-down", tone: "text-zinc-600 dark:text-zinc-400", label: "Dislike" },
  SMILE: { icon: "smile", tone: "text-amber-600 dark:text-amber-400", label: "Smile" },
  RECOMMEND: { icon: "thumbs-up", tone: "text-sky-600 dark:text-sky-400", label: "Recommend" },
  CONGRATULATIONS: { icon: "party-popper", tone: "text-fuchsia-600 dark:text-fuchsia-400", label: "Congratulations" },
  ANGRY: { icon: "angry", tone: "text-red-600 dark:text-red-400", label: "Angry" },
  FLUSHED: { icon: "annoyed", tone: "text-orange-600 dark:text-orange-400", label: "Flushed" },
  STAR_STRUCK: { icon: "sparkles", tone: "text-amber-500 dark:text-amber-300", label: "Star-struck" },
  ROFL: { icon: "laugh", tone: "text-amber-600 dark:text-amber-400", label: "Rolling on the floor laughing" },
  HOLDING_BACK_TEARS: { icon: "droplets", tone: "text-sky-500 dark:text-sky-300", label: "Holding back tears" },
  MIND_BLOWN: { icon: "brain", tone: "text-pink-600 dark:text-pink-400", label: "Mind blown" },
  POOP: { icon: "toilet", tone: "text-amber-800 dark:text-amber-500", label: "Poop" },
  CLOWN: { icon: "drama", tone: "text-violet-600 dark:text-violet-400", label: "Clown" },
  SKULL: { icon: "skull", tone: "text-zinc-700 dark:text-zinc-300", label: "Skull" },
  FIRE: { icon: "flame", tone: "text-orange-600 dark:text-orange-400", label: "Fire" },
  EYES: { icon: "eye", tone: "text-zinc-700 dark:text-zinc-300", label: "Eyes" },
  FROWN: { icon: "frown", tone: "text-zinc-600 dark:text-zinc-400", label: "Frown" },
  HOT: { icon: "thermometer-sun", tone: "text-red-600 dark:text-red-400", label: "Hot" },
  EAGLE: { icon: "bird", tone: "text-amber-700 dark:text-amber-400", label: "Eagle" },
  SPIDER: { icon: "bug", tone: "text-zinc-700 dark:text-zinc-300", label: "Spider" },
  BAT: { icon: "moon", tone: "text-indigo-600 dark:text-indigo-400", label: "Bat" },
  CHINA: { icon: "flag", tone: "text-red-600 dark:text-red-400", label: "China", code: "CN" },
  USA: { icon: "flag", tone: "text-blue-700 dark:text-blue-400", label: "USA", code: "US" },
  JAPAN: { icon: "flag", tone: "text-rose-600 dark:text-rose-400", label: "Japan", code: "JP" },
  KOREA: { icon: "flag", tone: "text-sky-700 dark:text-sky-400", label: "Korea", code: "KR" },
};
