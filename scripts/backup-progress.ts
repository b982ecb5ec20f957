// The progress line of npm run backup / restore / db:move: a bar on a terminal, one line per stage otherwise.
import type { Progress } from "@/lib/backup/source";

const WORDS: Record<string, string> = {
  starting: "starting",
  snapshot: "copying the database",
  checksums: "counting rows and checksums",
  dump: "dumping the database",
  uploads: "uploads",
  database: "database",
  writing: "writing the file",
  checking: "checking the file",
  verifying: "checking every table",
  migrations: "applying newer migrations",
  done: "done",
};

export function progressPrinter(label: string): { update: (p: Progress) => void; end: () => void } {
  const tty = process.stderr.isTTY;
  let last = "";
  let started = Date.now();
  return {
    update(p) {
      const words = WORDS[p.stage] ?? p.stage;
      const frac = p.total ? Math.min(1, (p.done ?? 0) / p.total) : null;
      if (tty) {
        const width = 24;
        const filled = frac === null ? 0 : Math.round(frac * width);
        const bar = frac === null ? "" : `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${p.done}/${p.total} `;
        process.stderr.write(`\r\x1b[2K${label}: ${bar}${words} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      } else if (words !== last) {
        process.stderr.write(`${label}: ${words}${frac === null ? "" : ` (${p.total})`}\n`);
      }
      last = words;
    },
    end() {
      if (tty) process.stderr.write("\n");
      started = Date.now();
    },
  };
}

/** `--name value` or `--name=value` from argv. */
export function flag(args: string[], name: string): string | undefined {
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  const a = args[i]!;
  return a.includes("=") ? a.slice(a.indexOf("=") + 1) : args[i + 1];
}
