// The markdown worker (lib/markdown-pool.ts starts it): renders (or checks against MARKDOWN_LIMITS) one
// document at a time and answers on
// the port it was given, then bumps the shared counter so that a waiting server thread wakes up.
import { type MessagePort, workerData } from "node:worker_threads";
import { checkMarkdownLimits } from "@/lib/markdown-limits";
import { renderChecked, renderDocument } from "@/lib/markdown-render";

const { port, signal } = workerData as { port: MessagePort; signal: Int32Array };

port.on("message", ({ id, kind, source }: { id: number; kind: "render" | "check"; source: string }) => {
  if (kind === "check") port.postMessage({ id, violation: checkMarkdownLimits(source) });
  else {
    let reply: { html: string | null; violation?: unknown };
    try {
      reply = renderChecked(source);
    } catch {
      reply = { html: null };
    }
    port.postMessage({ id, ...reply });
  }
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
});

// Loaded (markdown-it, highlight.js, sanitize-html): warm up (compile the grammars the guesses use, and
// the common paths), then ready for work.
renderDocument(
  "# warm\n\n*up* `x` [a](https://a.example) @name\n\n> q\n\n- a\n\n| a |\n|:-|\n| b |\n\n```\nconst a = 1;\n```\n\n```js\nlet a = 1;\n```",
);
Atomics.store(signal, 1, 1);
Atomics.notify(signal, 1);
