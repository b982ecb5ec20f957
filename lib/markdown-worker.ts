// The markdown worker (lib/markdown-pool.ts runs it in piscina): renders, or checks against
// MARKDOWN_LIMITS, one document per task. It writes the time it begins into the task's shared
// `started`, so that the pool's limits count running time, not time in the queue.
import { checkMarkdownLimits, type MarkdownLimitViolation } from "@/lib/markdown-limits";
import { renderChecked, renderDocument } from "@/lib/markdown-render";

type Task = { kind: "render" | "check"; source: string; started: Float64Array };

export default function markdownTask({ kind, source, started }: Task): { html?: string | null; violation?: MarkdownLimitViolation | null } {
  started[0] = Date.now();
  if (kind === "check") return { violation: checkMarkdownLimits(source) };
  try {
    return renderChecked(source);
  } catch {
    return { html: null };
  }
}

// Loaded (markdown-it, highlight.js, sanitize-html): warm up (compile the grammars the guesses use, and
// the common paths) before piscina gives this worker its first task.
renderDocument(
  "# warm\n\n*up* `x` [a](https://a.example) @name\n\n> q\n\n- a\n\n| a |\n|:-|\n| b |\n\n```\nconst a = 1;\n```\n\n```js\nlet a = 1;\n```",
);
