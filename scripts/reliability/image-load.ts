// npx tsx scripts/reliability/image-load.ts [--frames 140] [--size 1000] [--uploads 4]
//
// hostile animated GIFs must not stall the server. Builds (once) the production
// server into .next-bench, starts it on a fresh Postgres database (reliability_images), makes a GIF of
// `--frames` frames at `--size`×`--size` (small on disk, costly to decode and re-encode), then sends
// `--uploads` uploads of it at once while GET /api/health is polled every 100 ms. Prints the health
// latencies (baseline and during the uploads) and what each upload answered. Passes when the
// slowest health answer during the uploads is under 500 ms.
import sharp from "sharp";
import postgres from "postgres";
import { check, ensureBuild, finish, freshDatabase, seedActors, sleep, startServer, type Check } from "./lib";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const FRAMES = arg("frames", 140);
const SIZE = arg("size", 1000);
const UPLOADS = arg("uploads", 4);
const PORT = arg("port", 3201);

/** A GIF whose frames differ only by a small moving square: tiny on disk, FRAMES×SIZE² pixels decoded. */
async function hostileGif(): Promise<Buffer> {
  const frames: Buffer[] = [];
  for (let i = 0; i < FRAMES; i++) {
    const square = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: (i * 37) % 256, g: 40, b: 200 } } })
      .png()
      .toBuffer();
    frames.push(
      await sharp({ create: { width: SIZE, height: SIZE, channels: 3, background: { r: 250, g: 250, b: 250 } } })
        .composite([{ input: square, left: (i * 7) % (SIZE - 16), top: (i * 5) % (SIZE - 16) }])
        .png()
        .toBuffer(),
    );
  }
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: 40 })
    .toBuffer();
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};

async function pollHealth(url: string, until: () => boolean): Promise<number[]> {
  const out: number[] = [];
  while (!until()) {
    const t0 = performance.now();
    await fetch(`${url}/api/health`).then((r) => r.arrayBuffer());
    out.push(performance.now() - t0);
    await sleep(100);
  }
  return out;
}

async function main() {
  const checks: Check[] = [];
  ensureBuild();
  const gif = await hostileGif();
  console.log(`[images] hostile GIF: ${FRAMES} frames of ${SIZE}×${SIZE}, ${(gif.length / 1024).toFixed(0)} KB`);
  const url = await freshDatabase("reliability_images");
  const server = await startServer(PORT, { DATABASE_URL: url, TEST_RATE_LIMITS: "uploads=1000" });
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  try {
    const actors = await seedActors(sql, UPLOADS);
    let stop = false;
    setTimeout(() => (stop = true), 3000);
    const baseline = await pollHealth(server.url, () => stop);
    console.log(
      `[images] baseline /api/health: p50 ${pct(baseline, 50).toFixed(1)} ms, max ${Math.max(...baseline).toFixed(1)} ms (${baseline.length} samples)`,
    );

    let done = 0;
    const body = JSON.stringify({ file: `data:image/gif;base64,${gif.toString("base64")}` });
    const t0 = performance.now();
    const uploads = actors.tokens.slice(0, UPLOADS).map(async (token) => {
      const s = performance.now();
      const r = await fetch(`${server.url}/api/upload`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body,
      });
      const text = await r.text();
      done++;
      return { status: r.status, ms: performance.now() - s, body: text.slice(0, 120) };
    });
    const during = await pollHealth(server.url, () => done >= UPLOADS);
    const results = await Promise.all(uploads);
    const total = performance.now() - t0;
    for (const r of results) console.log(`[images] upload → ${r.status} in ${(r.ms / 1000).toFixed(1)} s ${r.body}`);
    const max = Math.max(...during);
    console.log(
      `[images] during ${UPLOADS} uploads (${(total / 1000).toFixed(1)} s): /api/health p50 ${pct(during, 50).toFixed(1)} ms, p99 ${pct(during, 99).toFixed(1)} ms, max ${max.toFixed(1)} ms (${during.length} samples)`,
    );
    check(checks, `GET /api/health stays under 500 ms during ${UPLOADS} hostile uploads`, max < 500, `max ${max.toFixed(0)} ms`);
    check(
      checks,
      "every upload got an answer that is not a 500",
      results.every((r) => r.status !== 500),
      results.map((r) => r.status).join(" "),
    );
  } finally {
    await sql.end();
    await server.stop();
  }
  finish(checks);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
