/**
 * The `:` suggestions of the composer: common shortcodes (GitHub/Slack names) and the character each
 * inserts. The text stores the character itself, so posts render the same everywhere.
 */
export const EMOJI: readonly { name: string; char: string }[] = [
  { name: "+1", char: "👍" }, { name: "thumbsup", char: "👍" }, { name: "-1", char: "👎" }, { name: "thumbsdown", char: "👎" },
  { name: "smile", char: "😄" }, { name: "smiley", char: "😃" }, { name: "grin", char: "😁" }, { name: "joy", char: "😂" },
  { name: "laughing", char: "😆" }, { name: "wink", char: "😉" }, { name: "blush", char: "😊" }, { name: "slightly_smiling_face", char: "🙂" },
  { name: "upside_down_face", char: "🙃" }, { name: "thinking", char: "🤔" }, { name: "neutral_face", char: "😐" }, { name: "confused", char: "😕" },
  { name: "cry", char: "😢" }, { name: "sob", char: "😭" }, { name: "angry", char: "😠" }, { name: "scream", char: "😱" },
  { name: "sweat_smile", char: "😅" }, { name: "sunglasses", char: "😎" }, { name: "heart_eyes", char: "😍" }, { name: "star_struck", char: "🤩" },
  { name: "clap", char: "👏" }, { name: "pray", char: "🙏" }, { name: "raised_hands", char: "🙌" }, { name: "wave", char: "👋" },
  { name: "ok_hand", char: "👌" }, { name: "muscle", char: "💪" }, { name: "eyes", char: "👀" }, { name: "point_up", char: "☝️" },
  { name: "heart", char: "❤️" }, { name: "broken_heart", char: "💔" }, { name: "fire", char: "🔥" }, { name: "sparkles", char: "✨" },
  { name: "star", char: "⭐" }, { name: "tada", char: "🎉" }, { name: "rocket", char: "🚀" }, { name: "100", char: "💯" },
  { name: "bulb", char: "💡" }, { name: "warning", char: "⚠️" }, { name: "x", char: "❌" }, { name: "white_check_mark", char: "✅" },
  { name: "heavy_check_mark", char: "✔️" }, { name: "question", char: "❓" }, { name: "exclamation", char: "❗" }, { name: "zap", char: "⚡" },
  { name: "bug", char: "🐛" }, { name: "wrench", char: "🔧" }, { name: "hammer", char: "🔨" }, { name: "lock", char: "🔒" },
  { name: "key", char: "🔑" }, { name: "memo", char: "📝" }, { name: "books", char: "📚" }, { name: "link", char: "🔗" },
  { name: "coffee", char: "☕" }, { name: "beer", char: "🍺" }, { name: "pizza", char: "🍕" }, { name: "bread", char: "🍞" },
  { name: "camera", char: "📷" }, { name: "computer", char: "💻" }, { name: "game_die", char: "🎲" }, { name: "gift", char: "🎁" },
  { name: "trophy", char: "🏆" }, { name: "sun", char: "☀️" }, { name: "cloud", char: "☁️" }, { name: "snowflake", char: "❄️" },
  { name: "see_no_evil", char: "🙈" }, { name: "shrug", char: "🤷" }, { name: "facepalm", char: "🤦" }, { name: "handshake", char: "🤝" },
];

/** Shortcodes starting with `prefix` first, then those containing it; at most `limit`. */
export function suggestEmoji(prefix: string, limit = 8): { name: string; char: string }[] {
  const p = prefix.toLowerCase();
  const starts = EMOJI.filter((e) => e.name.startsWith(p));
  const contains = EMOJI.filter((e) => !e.name.startsWith(p) && e.name.includes(p));
  return [...starts, ...contains].slice(0, limit);
}
