// The demo community's content: people, categories, tags, goods, threads and reply pools. Plain data;
// db/demo-content.ts turns it into rows with a seeded simulation that applies the real point rules.
import type { PostStatus, UserRole, VisibleScope } from "@/db/schema";

// ───────────────────────────── people, places, goods ─────────────────────────────

export type UserSpec = { username: string; role?: UserRole; bot?: boolean; contributor?: boolean; daysAgo: number; intro: string };

export const DEMO_USERS: UserSpec[] = [
  { username: "admin", role: "ADMIN", daysAgo: 300, intro: "Runs the servers and the coffee machine. Ping me about anything broken." },
  { username: "system", bot: true, daysAgo: 300, intro: "Automated account: announces poll results and lottery draws." },
  { username: "moderator", role: "MODERATOR", daysAgo: 280, intro: "Keeping threads tidy since day one. Be kind, stay on topic." },
  { username: "helper-bot", bot: true, daysAgo: 270, intro: "I welcome newcomers and link the FAQ. Beep boop." },
  { username: "alice", daysAgo: 250, intro: "Homelab tinkerer and weekend street photographer. Proxmox, ZFS, Fuji X100V." },
  { username: "bob", daysAgo: 240, intro: "Backend developer. Rust by day, shell scripts by night." },
  { username: "carol", contributor: true, daysAgo: 230, intro: "TypeScript, accessibility, and the occasional pull request to this forum." },
  { username: "dave", daysAgo: 200, intro: "Landscape photographer chasing fog at sunrise. Film when I can afford it." },
  { username: "erin", daysAgo: 180, intro: "Baker. My sourdough starter is older than some of you." },
  { username: "frank", daysAgo: 160, intro: "Board game collector. Ask me about Twilight Imperium (at your own risk)." },
  { username: "grace", daysAgo: 150, intro: "Postgres DBA. I read EXPLAIN plans for fun." },
  { username: "heidi", daysAgo: 130, intro: "Home cook and co-op game enthusiast. Spirit Island evangelist." },
  { username: "ivan", daysAgo: 110, intro: "Network engineer. VLANs, WireGuard, and too many switches." },
  { username: "judy", daysAgo: 75, intro: "New here! Learning photography and trying not to buy every lens." },
  { username: "mallory", daysAgo: 62, intro: "Great deals every day!!!" },
];

export type CatKey = "selfhost" | "prog" | "photo" | "cook" | "games" | "meta" | "offtopic";

/**
 * Icons a client of OpenIsle's API can draw (issue 46): its front end shows an icon that is a URL (or a
 * path) as an image and any other value as a component of its icon set (@icon-park/vue-next, registered
 * in frontend_nuxt/plugins/iconpark.ts; `server-icon` resolves to its ServerIcon). So categories use
 * their pictures for both sizes (a picture `icon` with a name `smallIcon` would be drawn as a component
 * called like a URL by its category select), and tags a name from that set. Our own pages do not draw
 * these icons; the API answers the paths absolute (lib/api/absolute-urls.ts).
 */
export const DEMO_CATEGORIES: { key: CatKey; name: string; description: string; icon: string; smallIcon: string }[] = [
  { key: "selfhost", name: "Self-Hosting", description: "Homelabs, servers, backups and running your own services.", icon: "/categories/self-hosting.png", smallIcon: "/categories/self-hosting.png" },
  { key: "prog", name: "Programming", description: "Code, tools, languages and the craft of software.", icon: "/categories/programming.png", smallIcon: "/categories/programming.png" },
  { key: "photo", name: "Photography", description: "Cameras, lenses, editing and sharing your shots.", icon: "/categories/photography.png", smallIcon: "/categories/photography.png" },
  { key: "cook", name: "Cooking", description: "Recipes, techniques, bread, and kitchen disasters.", icon: "/categories/cooking.png", smallIcon: "/categories/cooking.png" },
  { key: "games", name: "Board Games", description: "Strategy, co-ops, game nights and what's on your table.", icon: "/categories/board-games.png", smallIcon: "/categories/board-games.png" },
  { key: "meta", name: "Site Feedback", description: "Ideas, bugs and announcements about this forum itself.", icon: "/categories/site-feedback.png", smallIcon: "/categories/site-feedback.png" },
  { key: "offtopic", name: "Off-Topic", description: "Everything else: books, music, life.", icon: "/categories/off-topic.png", smallIcon: "/categories/off-topic.png" },
];

export const DEMO_TAGS: { name: string; description: string; icon: string }[] = [
  { name: "docker", description: "Containers, Compose files and images.", icon: "server-icon" },
  { name: "homelab", description: "The rack (or shelf) at home.", icon: "computer-one" },
  { name: "backup", description: "3-2-1 and the day you needed it.", icon: "save-icon" },
  { name: "networking", description: "VLANs, DNS, VPNs and cables.", icon: "link-icon" },
  { name: "rust", description: "The Rust programming language.", icon: "code-icon" },
  { name: "typescript", description: "TypeScript and the JavaScript ecosystem.", icon: "file-text" },
  { name: "postgres", description: "PostgreSQL questions and war stories.", icon: "chart-histogram" },
  { name: "git", description: "Version control tips and rescues.", icon: "history-icon" },
  { name: "film", description: "Analog photography.", icon: "image-files" },
  { name: "lenses", description: "Glass talk.", icon: "search-icon" },
  { name: "editing", description: "Lightroom, darktable, RawTherapee and friends.", icon: "edit" },
  { name: "baking", description: "Bread, pastry and cakes.", icon: "fire" },
  { name: "sourdough", description: "Starters, levains and crumb shots.", icon: "water-level" },
  { name: "recipes", description: "Tested recipes with quantities.", icon: "bookmark" },
  { name: "strategy", description: "Heavy euros and brain burners.", icon: "ranking-list" },
  { name: "cooperative", description: "Everyone wins or everyone loses.", icon: "peoples-two" },
  { name: "game-night", description: "Organising and reporting game nights.", icon: "moon" },
  { name: "feature-request", description: "Ideas for the forum.", icon: "smart-optimization" },
  { name: "bug", description: "Something on the forum is broken.", icon: "protection" },
  { name: "announcement", description: "News from the team.", icon: "remind" },
  { name: "help", description: "Asking for help.", icon: "info-icon" },
  { name: "showcase", description: "Show what you made.", icon: "star" },
];

export const DEMO_GOODS = [
  { name: "Sticker pack", description: "Six vinyl stickers with the forum logo, mailed anywhere.", cost: 80, image: "/goods/sticker-pack.png" },
  { name: "Forum mug", description: "A 350 ml ceramic mug. Dishwasher safe, bug free.", cost: 400, image: "/goods/coffee-mug.png" },
  { name: "Community T-shirt", description: "Organic cotton, sizes XS to XXL.", cost: 1200, image: "/goods/t-shirt.png" },
  { name: "Custom profile flair", description: "A one-off flair designed with you, shown next to your name.", cost: 2500, image: "/goods/custom-flair.png" },
  { name: "Mechanical keyboard", description: "A hot-swappable 75% board with tactile switches.", cost: 8000, image: "/goods/keyboard.png" },
  { name: "A year of VPS hosting", description: "2 vCPU, 4 GB RAM, 80 GB NVMe for twelve months.", cost: 20000, image: "/goods/vps-year.png" },
];

// ───────────────────────────── posts ─────────────────────────────

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
  lottery?: { prizeDescription: string; prizeIcon: string; prizeCount: number; pointCost: number; startInDays: number; endInDays: number; participants: number };
};

export const FENCE = "~~~";

export const DEMO_POSTS: PostSpec[] = [
  {
    key: "welcome", cat: "meta", tags: ["announcement"], by: "admin", daysAgo: 57, pinned: true, featured: true,
    title: "Welcome to the forum! Start here 👋",
    body: `## Hi, and welcome!

This is a small community for people who like to **make things**: servers, software, photos, bread and long board-game evenings.

### How it works
- Pick a category, add one to three tags, and write like you would talk to a friend.
- React to posts you like: authors earn points, and points buy real things in the [point mall](/points).
- Mention someone with \`@username\` to get their attention (try @moderator).

### A few rules
1. Be kind. Disagree with ideas, not people.
2. No spam, no referral links.
3. Search before you ask: somebody may have had the same problem last week.

Have fun, and tell us about yourself in the comments!`,
    thread: [
      { by: "alice", text: "Hi all! Alice here, I run a small Proxmox box in a closet and take photos on weekends. Happy to help with ZFS questions.", replies: [
        { by: "bob", text: "Closet homelab gang 🙌 How do you deal with the heat in summer?", replies: [
          { by: "alice", text: "A cheap USB fan on a smart plug, triggered by a temperature sensor in Home Assistant. Peak engineering." },
        ] },
      ] },
      { by: "frank", text: "Frank, board games. If anyone near Leipzig wants to play something long and complicated, ping me." },
      { by: "judy", text: "Hello! I just bought my first camera (a used Sony a6000) and I'm here to learn. Be gentle 😅", replies: [
        { by: "dave", text: "Great first camera. Get the 35mm f/1.8 and don't look at gear forums for six months." },
        { by: "helper-bot", text: "Welcome @judy! The **Photography** category has a pinned beginner FAQ. Enjoy your stay." },
      ] },
      { by: "grace", text: "Grace. I do databases for a living. I will judge your indexes, lovingly." },
    ],
  },
  {
    key: "guidelines", cat: "meta", tags: ["announcement"], by: "moderator", daysAgo: 56, pinned: true, closed: true,
    title: "Community guidelines and how moderation works",
    body: `We try to keep moderation **boring and predictable**. Here is what we do and why.

## What gets removed
- Spam and undisclosed advertising
- Personal attacks, harassment
- Posts that share someone else's private information

## What happens to a post
| Action | Who | What you see |
|---|---|---|
| Close | author or moderator | no new comments |
| Pin | moderator | stays on top of the list |
| Feature | moderator | appears in the RSS feed, author gets **500 points** |

Every change to a post is recorded in its **history** (the clock icon), so edits are never silent.

Questions? Reply here or message @moderator.`,
    thread: [
      { by: "carol", text: "Love that the edit history is public. It keeps everyone honest." },
      { by: "ivan", text: "Is there a limit on how many tags a post can have?", replies: [
        { by: "moderator", text: "One to five tags. Three is usually plenty." },
      ] },
    ],
  },
  {
    key: "edited", cat: "selfhost", tags: ["docker", "backup"], by: "bob", daysAgo: 54, featured: true,
    title: "A tiny script to back up every Docker volume",
    body: "", // filled from EDITED_VERSIONS (the post was edited three times)
    thread: [
      { by: "alice", text: "Using `--rm` and a throwaway alpine container is such a neat trick. Stealing this.", replies: [
        { by: "bob", text: "Go for it. The v2 with stopping containers first matters for databases though." },
      ] },
      { by: "grace", text: "Please, please don't tar a running Postgres data directory. `pg_dump` first, tar second. Thanks for adding that warning.", replies: [
        { by: "bob", text: "Fair, added a section about it in the last edit.", replies: [
          { by: "grace", text: "Perfect. Restores are where backups prove themselves." },
        ] },
      ] },
      { by: "ivan", text: "I pipe the output into restic so it gets deduplicated and encrypted offsite." },
    ],
  },
  {
    cat: "selfhost", tags: ["homelab", "showcase"], by: "alice", featured: true,
    title: "My homelab in 2026: one Proxmox box, ZFS, and too many LXC containers",
    body: `After three years of "just one more Raspberry Pi", I consolidated everything on one machine.

## Hardware
- Ryzen 7 5700G, 64 GB ECC RAM
- 2 × 1 TB NVMe (mirror) for VMs, 4 × 8 TB HDD in RAIDZ1 for data
- Idle power: **38 W** measured at the wall

## What runs on it
- Nextcloud, Immich (photos), Jellyfin
- Home Assistant in a VM
- Forgejo for my dotfiles and small projects
- Uptime Kuma watching all of the above

Everything is backed up nightly with \`zfs send\` to an old NAS at my parents' place over WireGuard.

What would you change?`,
  },
  {
    cat: "selfhost", tags: ["networking", "homelab"], by: "ivan",
    title: "VLANs at home: worth it or overkill?",
    body: `I finally split my home network into four VLANs:

1. **Trusted** – laptops and phones
2. **IoT** – the smart plugs that phone home to who knows where
3. **Servers** – the homelab
4. **Guests** – internet only

Took a Saturday with an OPNsense box and a managed switch. The IoT VLAN alone was worth it: my TV no longer sees my NAS.

Curious how others handle mDNS across VLANs. I'm using the \`mdns-repeater\` plugin but Chromecast discovery is still flaky.`,
  },
  {
    cat: "selfhost", tags: ["docker", "help"], by: "judy",
    title: "Immich keeps restarting after update, out of memory?",
    body: `Updated Immich yesterday and now the machine-learning container restarts every few minutes. Logs end with:

${FENCE}
Killed
exited with code 137
${FENCE}

The box has 8 GB RAM. Is that not enough anymore? Anything I can turn off?`,
  },
  {
    cat: "selfhost", tags: ["backup", "homelab"], by: "grace",
    title: "Test your restores. A story in three acts",
    body: `**Act 1.** Nightly backups for two years, green checkmarks every morning.

**Act 2.** Disk dies. I restore. The archive is fine… but the encryption key lived on the disk that died.

**Act 3.** I find a printed copy of the key in a drawer, taped under my 2019 tax documents. Past me was a genius by accident.

Moral: schedule a restore test every quarter, *on a different machine*. Put it in your calendar right now.`,
  },
  {
    key: "movedcat", cat: "selfhost", tags: ["homelab", "help"], by: "heidi",
    title: "Anyone else running Home Assistant on a Pi 4?",
    body: `I have HA on a Raspberry Pi 4 with an SSD over USB. It works but the history graphs are *slow*.

Is it time to move it to a proper mini PC, or is there something to tune first? The database is about 3 GB.`,
  },
  {
    cat: "selfhost", tags: ["networking"], by: "ivan",
    title: "WireGuard road-warrior setup in 15 lines",
    body: `Minimal server config that I keep copying around:

${FENCE}ini
[Interface]
Address = 10.8.0.1/24
ListenPort = 51820
PrivateKey = <server-private-key>
PostUp = nft add rule inet filter forward iifname wg0 accept
PostDown = nft flush chain inet filter forward

[Peer]
# phone
PublicKey = <phone-public-key>
AllowedIPs = 10.8.0.2/32
${FENCE}

Generate keys with \`wg genkey | tee priv | wg pubkey > pub\`. That's it, no GUI needed.`,
  },
  {
    cat: "selfhost", tags: ["docker"], by: "carol",
    title: "Caddy vs Traefik vs nginx for a small homelab",
    body: `I've used all three. Short version:

- **Caddy**: automatic HTTPS, tiny config, my default now.
- **Traefik**: great if everything is Docker labels, confusing otherwise.
- **nginx**: you already know it, and that's worth a lot.

My whole Caddyfile for five services is 20 lines. What do you run?`,
  },
  {
    cat: "selfhost", tags: ["homelab"], by: "dave",
    title: "Power consumption of my old desktop as a server: 62 W idle",
    body: `Measured with a cheap plug meter. That's roughly **€150 a year** at my electricity price.

A used mini PC would idle at ~8 W. Payback time about two years. Doing it.`,
  },
  {
    cat: "selfhost", tags: ["backup", "help"], by: "erin",
    title: "Simplest way to back up family photos for non-technical parents?",
    body: `My parents have 20 years of photos on one laptop. No backups. I want something they don't have to think about.

Options I'm considering:
- An external disk with Time Machine (they'll unplug it)
- A cloud service (monthly cost, but zero effort)
- Syncthing to my NAS (I'd be the one maintaining it)

What worked for your family?`,
  },
  {
    cat: "selfhost", tags: ["docker", "postgres"], by: "grace",
    title: "Running Postgres in Docker: the five settings I always change",
    body: `Defaults are tuned for a toaster. For a small VPS with 4 GB RAM:

${FENCE}conf
shared_buffers = 1GB
effective_cache_size = 3GB
work_mem = 16MB
maintenance_work_mem = 256MB
random_page_cost = 1.1   # SSDs
${FENCE}

And mount the data directory on a named volume, not a bind mount into your home folder. Ask me why 🙃`,
  },
  {
    cat: "selfhost", tags: ["homelab", "networking"], by: "alice",
    title: "Pi-hole or AdGuard Home in 2026?",
    body: `Running Pi-hole for four years. AdGuard Home has DoH/DoT built in and a nicer UI. Is it worth switching, or is this a "if it ain't broke" situation?`,
  },
  {
    cat: "selfhost", tags: ["showcase", "docker"], by: "bob",
    title: "I wrote a status page that fits in a single static HTML file",
    body: `It fetches a JSON file generated by a cron job every minute. No database, no JavaScript framework, 4 KB total.

${FENCE}sh
#!/bin/sh
for url in https://cloud.example.com https://git.example.com; do
  code=$(curl -s -o /dev/null -w '%{http_code}' "$url")
  printf '{"url":"%s","status":%s}\\n' "$url" "$code"
done | jq -s . > /var/www/status/status.json
${FENCE}

Source on my Forgejo if anyone wants it.`,
  },
  {
    cat: "selfhost", tags: ["homelab", "help"], by: "judy",
    title: "What's the cheapest way to start a homelab?",
    body: `I have zero servers. What would you buy today with €150? Used office PC? Raspberry Pi? I mainly want to run Immich and learn Docker.`,
  },
  {
    cat: "selfhost", tags: ["backup"], by: "ivan",
    title: "restic + Backblaze B2: my monthly bill is €1.12",
    body: `For 180 GB of deduplicated, encrypted backups. The trick is \`restic forget --keep-daily 7 --keep-weekly 5 --keep-monthly 12 --prune\` once a week.

Restore test last Sunday: 42 minutes for everything. 👍`,
  },
  {
    cat: "selfhost", tags: ["homelab"], by: "frank", scope: "ONLY_REGISTER",
    title: "Members only: homelab hardware swap list",
    body: `Keeping this one for signed-in members so bots don't scrape it.

**I have:** 2 × 8 GB DDR4 SO-DIMM, a 4-port Intel NIC, an old 1U rail kit.
**I want:** a low-profile HBA, or board games 😄

Add your own list below.`,
  },
  // ── Programming
  {
    cat: "prog", tags: ["rust"], by: "bob", featured: true,
    title: "What finally made Rust lifetimes click for me",
    body: `I struggled with lifetimes for months. What helped was reading them as **"this reference must not outlive that thing"**, nothing more.

${FENCE}rust
fn longest<'a>(a: &'a str, b: &'a str) -> &'a str {
    if a.len() > b.len() { a } else { b }
}
${FENCE}

Read it as: *the result lives no longer than both inputs*. The compiler isn't asking you to manage memory; it's asking you to **promise** something it can check.

Three more tips:
1. Return owned values (\`String\`) until profiling says otherwise.
2. Most lifetime errors are really ownership design problems.
3. [The Rustonomicon](https://doc.rust-lang.org/nomicon/) is *not* where beginners should start.`,
  },
  {
    cat: "prog", tags: ["typescript"], by: "carol",
    title: "TypeScript's `satisfies` is the best thing since union types",
    body: `If you haven't used it yet:

${FENCE}ts
export const routes = {
  home: "/",
  post: "/posts/:id",
} satisfies Record<string, string>;

routes.post; // type is "/posts/:id", not string
${FENCE}

You get the check **and** keep the narrow type. I've replaced half of my \`as const\` + explicit annotations with it.`,
  },
  {
    key: "retagged", cat: "prog", tags: ["postgres", "backup"], by: "grace",
    title: "pg_dump vs pg_basebackup: which one when?",
    body: `- **pg_dump**: logical, one database, portable across major versions, slow to restore big databases.
- **pg_basebackup**: physical, the whole cluster, fast restore, same major version only, enables point-in-time recovery with WAL archiving.

Small app? pg_dump nightly is fine. Anything you'd lose sleep over? Base backups + WAL archiving (pgBackRest makes this pleasant).`,
  },
  {
    cat: "prog", tags: ["git"], by: "bob",
    title: "git rebase --onto explained with one picture",
    body: `${FENCE}
A---B---C  main
         \\
          D---E  feature-1
               \\
                F---G  feature-2
${FENCE}

feature-1 got squash-merged. To move only F and G onto main:

${FENCE}sh
git rebase --onto main feature-1 feature-2
${FENCE}

"Take the commits after feature-1 up to feature-2, and replay them on main."`,
  },
  {
    cat: "prog", tags: ["typescript", "help"], by: "judy",
    title: "Why does my React effect run twice?",
    body: `My \`useEffect\` fetches data and I see two network requests in development. Is my code wrong?

${FENCE}tsx
useEffect(() => {
  fetch("/api/posts").then((r) => r.json()).then(setPosts);
}, []);
${FENCE}`,
  },
  {
    cat: "prog", tags: ["postgres"], by: "grace", featured: true,
    title: "Reading EXPLAIN ANALYZE without crying",
    body: `Start at the **most indented** node and read outward. For each node compare:

- \`rows=\` estimated vs \`actual rows=\` – off by 100×? Statistics problem, run \`ANALYZE\`.
- \`loops=\` – a cheap node executed 50,000 times is not cheap.
- \`Buffers: shared read=\` – reads from disk, the real cost.

${FENCE}sql
EXPLAIN (ANALYZE, BUFFERS)
SELECT * FROM posts WHERE category_id = 3 ORDER BY created_at DESC LIMIT 20;
${FENCE}

If you see a **Seq Scan** followed by a **Sort** on a large table for a query like this, you want an index on \`(category_id, created_at DESC)\`.`,
  },
  {
    cat: "prog", tags: ["rust", "showcase"], by: "bob",
    title: "I rewrote our log parser in Rust: 40× faster, 1/10 the memory",
    body: `The Python version took 11 minutes for a day of logs. The Rust one: 16 seconds.

Most of the win was not "Rust is fast" but:
1. Streaming line by line instead of loading the file
2. Parsing timestamps by hand instead of with a regex
3. \`rayon\` for the per-file parallelism

Happy to share the code if anyone has the same problem.`,
  },
  {
    cat: "prog", tags: ["git"], by: "carol",
    title: "Conventional commits: useful or ceremony?",
    body: `We adopted \`feat:\` / \`fix:\` / \`chore:\` prefixes at work. The changelog generation is nice. The arguments about whether something is a \`refactor\` or a \`chore\` are not.

Where do you land?`,
  },
  {
    cat: "prog", tags: ["typescript"], by: "alice",
    title: "Zod 4 is out and my bundle got smaller",
    body: `Upgraded a side project: bundle went from 61 KB to 38 KB gzipped, and \`z.toJSONSchema()\` replaced a whole dependency.

Migration took an hour, mostly renaming error-map stuff.`,
  },
  {
    cat: "prog", tags: ["postgres", "help"], by: "ivan",
    title: "Unique constraint that ignores case?",
    body: `I want usernames to be unique regardless of case. \`UNIQUE (username)\` lets "Ivan" and "ivan" both in.

Is citext the way, or something else?`,
    thread: [
      { by: "grace", text: "A unique index on an expression:\n\n~~~sql\nCREATE UNIQUE INDEX users_username_lower_idx ON users (lower(username));\n~~~\n\nThen query with `lower(username) = lower($1)` so the index is used.", replies: [
        { by: "ivan", text: "Oh that's much simpler than citext. Thanks!" },
        { by: "carol", text: "This is exactly what this forum does, by the way 🙂", replies: [
          { by: "grace", text: "I may have reviewed that migration." },
        ] },
      ] },
    ],
  },
  {
    cat: "prog", tags: ["rust"], by: "frank",
    title: "Advent of Code in Rust: who's in this year?",
    body: `Private leaderboard code coming in December. Last year I gave up on day 17. This year: day 18, minimum. Goals!`,
  },
  {
    cat: "prog", tags: ["typescript", "showcase"], by: "carol",
    title: "Small accessibility wins you can ship this week",
    body: `1. Every \`<img>\` gets an \`alt\` (empty \`alt=""\` for decorative ones).
2. Buttons are \`<button>\`, not \`<div onClick>\`.
3. Visible focus styles. Don't \`outline: none\` without a replacement.
4. Form inputs have a \`<label>\`.
5. Test once with only the keyboard.

None of these takes more than an afternoon.`,
  },
  {
    cat: "prog", tags: ["git", "help"], by: "dave",
    title: "I committed an API key. Now what?",
    body: `Pushed to a public repo 10 minutes ago. I already deleted the file in a new commit. Am I safe?`,
    thread: [
      { by: "bob", text: "No. **Revoke the key first**, right now, before anything else. Deleting the file doesn't remove it from history, and bots scan GitHub within seconds.", replies: [
        { by: "dave", text: "Revoked. Ugh. There were already two requests from an IP I don't know.", replies: [
          { by: "bob", text: "That's the usual story. Rotate, then clean history with git filter-repo if you want, but the rotation is what saves you." },
        ] },
      ] },
      { by: "ivan", text: "Add a pre-commit hook with gitleaks so it doesn't happen twice." },
    ],
  },
  {
    cat: "prog", tags: ["postgres"], by: "grace",
    title: "Stop using OFFSET for deep pagination",
    body: `\`OFFSET 100000\` reads and throws away 100,000 rows. Use keyset pagination:

${FENCE}sql
SELECT * FROM posts
WHERE (created_at, id) < ($1, $2)
ORDER BY created_at DESC, id DESC
LIMIT 20;
${FENCE}

Constant time per page, and no duplicates when new rows arrive.`,
  },
  {
    cat: "prog", tags: ["typescript"], by: "bob",
    title: "Node 22 has a built-in test runner and it's… fine?",
    body: `Tried \`node --test\` for a small library. No config, fast, watch mode works. Missing: nice snapshot diffs. For apps I'm staying with Vitest.`,
  },
  {
    cat: "prog", tags: ["rust", "help"], by: "heidi",
    title: "Beginner question: String vs &str",
    body: `I keep getting "expected &str, found String". When should a function take which?`,
  },
  {
    cat: "prog", tags: ["showcase"], by: "ivan", scope: "ONLY_REGISTER",
    title: "Members only: my internal tooling scripts (rough)",
    body: `Sharing with members only because they contain hostnames from my lab.

- \`lab-up\`: wakes machines with WoL and waits for SSH
- \`lab-snap\`: ZFS snapshot of all datasets with a label
- \`lab-report\`: daily email with disk usage

Feedback welcome, they're held together with bash and hope.`,
  },
  // ── Photography
  {
    cat: "photo", tags: ["lenses", "help"], by: "judy", pinned: true,
    title: "Beginner FAQ: which lens should I buy next?",
    body: `Collected from a dozen threads here. **Short answer: a fast prime.**

- **35mm f/1.8** (on APS-C): the "nifty fifty" equivalent, great for everyday
- **50mm f/1.8**: portraits, cheap, sharp
- **Kit zoom**: keep it, it's better than its reputation

Long answer: shoot 1,000 photos with what you have, then look at which focal lengths you used (Lightroom can filter by focal length). Buy *that*.

Thanks @dave and @alice for most of this.`,
  },
  {
    cat: "photo", tags: ["film"], by: "dave", featured: true,
    title: "Developing black and white film in my kitchen: a starter guide",
    body: `You need less than you think:

1. A developing tank and two reels (~€35)
2. Developer (Rodinal lasts forever), stop bath (water works), fixer
3. A changing bag to load film in the dark
4. A thermometer

## My process for HP5+ at box speed
${FENCE}
Rodinal 1+50, 20 °C, 11 min
Agitate: first 30 s, then 10 s every minute
Water stop: 1 min
Fix: 5 min
Wash: 10 min, a drop of wetting agent at the end
${FENCE}

First roll is scary. The second one is addictive.`,
  },
  {
    cat: "photo", tags: ["editing"], by: "alice",
    title: "darktable vs Lightroom after one year",
    body: `I switched to darktable to escape the subscription. Honest review:

**Better:** the scene-referred workflow, filmic/sigmoid, masking, price (free).
**Worse:** the learning curve is a cliff, the asset management is clunky.

I'm staying, but I wouldn't recommend it to someone who just wants nice photos fast.`,
  },
  {
    cat: "photo", tags: ["lenses"], by: "dave",
    title: "Sunrise fog on the river, and why I carry a 70-200",
    body: `Everyone says landscapes = wide angle. Fog says otherwise: at 135 mm you compress the layers of hills and the fog becomes the subject.

Settings: f/8, 1/250 s, ISO 200, tripod anyway because my hands were frozen.`,
  },
  {
    key: "retitled", cat: "photo", tags: ["editing", "help"], by: "judy",
    title: "How do you keep skin tones natural when editing?",
    body: `My portraits always end up too orange or too pink. I'm adjusting white balance by eye. Is there a better method?`,
  },
  {
    cat: "photo", tags: ["film"], by: "heidi",
    title: "Found my grandfather's Olympus OM-1 – where do I start?",
    body: `It has a 50mm f/1.8 and the light meter needs a battery that isn't made anymore. Shutter sounds fine. What film should I start with, and how do I test it?`,
  },
  {
    cat: "photo", tags: ["editing", "showcase"], by: "alice",
    title: "Street photography week in Lisbon",
    body: `Seven days, one camera, one lens (23mm). 2,100 frames, 31 keepers.

What I learned:
- Shoot *with* the light in the late afternoon; the yellow trams glow.
- People mostly don't mind. Smile, nod, move on.
- The best photos came on the day I planned nothing.`,
  },
  {
    cat: "photo", tags: ["lenses", "help"], by: "erin",
    title: "Photographing food: which lens for a crop sensor?",
    body: `I'd like better photos of my bread for this forum 😄 Currently using the kit 18-55. Macro? 35mm? 50mm?`,
  },
  {
    cat: "photo", tags: ["film"], by: "dave",
    title: "Film prices in 2026 are painful. What are you shooting?",
    body: `Portra 400 is now over €20 a roll here. I'm mostly on HP5 and Kentmere for black and white and save colour for trips.`,
  },
  {
    cat: "photo", tags: ["editing"], by: "carol",
    title: "Export settings for sharing photos on the web",
    body: `What I use for web galleries:
- Long edge 2048 px
- sRGB
- JPEG quality 82, or WebP 80
- Output sharpening "screen, standard"

Files end up around 400–700 KB and look great on every screen.`,
  },
  {
    cat: "photo", tags: ["showcase"], by: "judy",
    title: "My first photo walk: 200 shots, 3 I like",
    body: `Went out with the 35mm @dave recommended. Most photos were blurry or boring, but three made me happy. Is 1.5% a normal keeper rate? 😅`,
  },
  // ── Cooking
  {
    cat: "cook", tags: ["sourdough", "baking"], by: "erin", featured: true,
    title: "Sourdough for people who don't have time for sourdough",
    body: `The schedule that fits a workday:

| When | What |
|---|---|
| 8:00 | Feed starter 1:5:5 |
| 18:00 | Mix dough, autolyse 30 min, add salt |
| 18:30–21:00 | 3 sets of stretch and folds |
| 21:00 | Shape, into the fridge overnight |
| 7:00 | Bake cold, 250 °C, 20 min lid on, 20 off |

## Dough
- 500 g bread flour
- 360 g water
- 100 g active starter
- 10 g salt

Cold retard does the heavy lifting. You barely touch it.`,
  },
  {
    key: "retitled2", cat: "cook", tags: ["sourdough", "help"], by: "heidi",
    title: "Sourdough starter smells like nail polish remover",
    body: `Day 6 of my first starter. It bubbles but smells like acetone. Did I kill it?`,
    thread: [
      { by: "erin", text: "It's hungry, not dead! Acetone smell = starving. Feed it twice a day at 1:2:2 for a few days and it'll turn yeasty and pleasant.", replies: [
        { by: "heidi", text: "Two days of feeding later: it smells like yogurt and doubled in 5 hours. Thank you!!", replies: [
          { by: "erin", text: "Congratulations, you're a parent now 🫙" },
        ] },
      ] },
    ],
  },
  {
    cat: "cook", tags: ["recipes"], by: "heidi",
    title: "Weeknight dal that tastes like it took hours",
    body: `## Ingredients (serves 4)
- 250 g red lentils, rinsed
- 1 onion, 3 garlic cloves, thumb of ginger
- 1 tin chopped tomatoes
- 1 tsp each: cumin seeds, turmeric, garam masala
- 400 ml coconut milk

## Method
1. Toast cumin seeds in oil until they pop.
2. Onion until golden (don't rush this), then garlic and ginger.
3. Spices for 30 s, then tomatoes, lentils and 600 ml water.
4. Simmer 20 min, add coconut milk, salt, lime juice.

Serve with rice and a fried egg on top if you're me.`,
  },
  {
    cat: "cook", tags: ["baking", "recipes"], by: "erin",
    title: "Brown butter chocolate chip cookies (tested 14 times)",
    body: `The secret is **browning the butter** and resting the dough for 24 h.

- 170 g butter, browned and cooled
- 150 g brown sugar, 50 g white sugar
- 1 egg + 1 yolk
- 210 g flour, ½ tsp baking soda, 1 tsp salt
- 200 g chopped dark chocolate

Bake 11 minutes at 180 °C. Flaky salt on top. Don't overbake; they set while cooling.`,
  },
  {
    cat: "cook", tags: ["recipes", "help"], by: "bob",
    title: "How do you get crispy tofu every time?",
    body: `Mine is always soggy. I press it for 20 minutes. What am I missing?`,
  },
  {
    cat: "cook", tags: ["baking"], by: "alice",
    title: "My oven runs 20 °C hot: an oven thermometer changed everything",
    body: `Spent a year thinking I was bad at baking. €8 oven thermometer: my oven says 180, the thermometer says 201. Everything makes sense now.`,
  },
  {
    cat: "cook", tags: ["recipes"], by: "frank",
    title: "Game night snacks that don't ruin the cards",
    body: `Rule one: nothing greasy. My rotation:
- Grapes and cheese cubes with toothpicks
- Roasted chickpeas (paprika + salt)
- Mini sandwiches
- Chocolate that isn't melty (frozen M&Ms!)

Anything else that passes the card test?`,
  },
  {
    cat: "cook", tags: ["sourdough"], by: "erin",
    title: "Crumb shot Monday: share your loaves",
    body: `Post your latest bake. Open crumb, tight crumb, a brick, it's all welcome. Mine: 75% hydration with 20% whole wheat, a bit underproofed this week.`,
  },
  {
    cat: "cook", tags: ["recipes"], by: "grace",
    title: "The only tomato sauce recipe you need",
    body: `Marcella Hazan's, slightly adapted:

1. 800 g good tinned tomatoes
2. 70 g butter
3. 1 onion, peeled and **halved** (not chopped)
4. Salt

Simmer 45 minutes uncovered, crush the tomatoes as they soften, discard the onion. That's it. It's absurd how good it is.`,
  },
  {
    cat: "cook", tags: ["baking", "help"], by: "judy",
    title: "Why did my banana bread sink in the middle?",
    body: `It looked great in the oven and then collapsed while cooling. 175 °C for 50 minutes. Too much baking soda?`,
  },
  {
    cat: "cook", tags: ["recipes"], by: "heidi",
    title: "Meal prep Sunday: five lunches for €15",
    body: `This week: roasted vegetable and chickpea grain bowls with a tahini-lemon dressing. Keeps four days in the fridge, the fifth day I get a sandwich.`,
  },
  {
    cat: "cook", tags: ["baking"], by: "dave",
    title: "First attempt at croissants (it was a lot of butter)",
    body: `Three days, 500 g of butter, 12 croissants. Layers were visible! Lamination is 90% keeping everything cold. I'll try again in winter when my kitchen is 17 °C.`,
  },
  {
    cat: "cook", tags: ["recipes"], by: "ivan", scope: "ONLY_REGISTER",
    title: "Members only: grandma's pelmeni recipe (family secret, sort of)",
    body: `She'd be upset if I posted it publicly, so members only 😄

**Dough:** 500 g flour, 1 egg, 200 ml water, pinch of salt. **Filling:** half pork, half beef, onion grated (not chopped!), lots of black pepper, a splash of ice water.

Freeze them on a tray, then bag. Boil from frozen, serve with sour cream and dill.`,
  },
  // ── Board games
  {
    cat: "games", tags: ["cooperative"], by: "heidi", featured: true,
    title: "Spirit Island is the best co-op ever made. Fight me (politely)",
    body: `After 60 plays:

- **No quarterbacking** problem: every spirit is too complex for one player to run the table.
- Each spirit plays completely differently.
- The difficulty scales beautifully with adversaries.

Start with **Lightning's Swift Strike** and **River Surges in Sunlight**. Play the first game with no adversary. Thank me later.`,
  },
  {
    cat: "games", tags: ["strategy"], by: "frank",
    title: "Twilight Imperium 4: we finished a game in 7 hours!",
    body: `Six players, all of us had played at least twice. Tips that got us under 8 hours:
1. Strategy card selection with a 60-second timer
2. Pre-game: everyone reads their faction sheet at home
3. Combat resolved by the two players while the others continue planning

Winner: the Hacan, on the very last round, with a trade deal nobody saw coming.`,
  },
  {
    cat: "games", tags: ["game-night"], by: "frank",
    title: "Game night report: Brass Birmingham broke our friendship (temporarily)",
    body: `Four players, three hours, one canal network that someone *definitely did not* build on purpose to block me.

Final scores: 162, 158, 141, 139. Best economic game I know. Ten out of ten, would be betrayed again.`,
  },
  {
    cat: "games", tags: ["cooperative", "help"], by: "judy",
    title: "Good two-player games for a couple who hate competition?",
    body: `My partner doesn't like beating me (or losing to me). We love puzzles. Suggestions?`,
  },
  {
    cat: "games", tags: ["strategy"], by: "grace",
    title: "Ark Nova: is the card draw too swingy?",
    body: `Love the engine building, but twice now someone drew the perfect sponsor card in round two and ran away with it. Is there a variant people use, or is that just the game?`,
  },
  {
    cat: "games", tags: ["game-night"], by: "heidi",
    title: "How to teach a heavy game without losing the table",
    body: `My method:
1. **Goal first**: "You win by having the most points, mostly from X and Y."
2. Turn structure in one sentence.
3. Play an open-handed practice round.
4. Edge cases only when they come up.

Never read the rulebook aloud. Never.`,
  },
  {
    cat: "games", tags: ["strategy"], by: "bob",
    title: "Chess engines made me worse at chess (and better at board games?)",
    body: `Analysing every game with Stockfish turned chess into homework. Board games with hidden information and table talk feel more human. Anyone else drift this way?`,
  },
  {
    cat: "games", tags: ["cooperative"], by: "alice",
    title: "The Crew: the perfect game for non-gamer friends",
    body: `A cooperative trick-taking game with 50 missions. Rules in five minutes, and everyone is always engaged. It works from age 10 to 80.`,
  },
  {
    cat: "games", tags: ["game-night", "showcase"], by: "frank",
    title: "I 3D printed inserts for my whole collection",
    body: `127 hours of printing, 2.3 kg of PLA. Setup time for Scythe went from 15 minutes to 3. Files are on Printables if you search "frank-inserts".`,
  },
  // ── Site feedback
  {
    cat: "meta", tags: ["feature-request"], by: "carol",
    title: "Feature request: dark mode that follows the system setting",
    body: `Right now the theme is always light. A \`prefers-color-scheme\` media query would cover 90% of people. I'm happy to send a pull request if the maintainers agree.`,
    thread: [
      { by: "admin", text: "Yes please! Send it over, @carol." },
      { by: "bob", text: "+1, my eyes at 2 a.m. thank you in advance." },
    ],
  },
  {
    cat: "meta", tags: ["bug"], by: "ivan", closed: true,
    title: "Bug: notification count doesn't reset after reading",
    body: `Steps:
1. Open notifications
2. Click "mark all as read"
3. The badge still shows 3 until I reload

Firefox 133 on Linux.`,
    thread: [
      { by: "moderator", text: "Reproduced, thanks for the clear steps. Forwarded to @admin." },
      { by: "admin", text: "Fixed in today's deploy: the badge now refreshes after marking as read. Closing, reopen if you still see it." },
    ],
  },
  {
    cat: "meta", tags: ["announcement"], by: "admin",
    title: "The point mall is open",
    body: `You've been earning points for a while; now you can **spend them**.

- Points come from posting, comments on your posts, and reactions to your content
- Featured posts earn **500 points**
- Redeem stickers, mugs, T-shirts, and more in the [point mall](/points)

Fulfilment is by hand (by me), so allow a week or two for shipping.`,
  },
  {
    cat: "meta", tags: ["feature-request"], by: "dave",
    title: "Could image uploads keep EXIF for photographers?",
    body: `I understand stripping GPS for privacy. But camera, lens, and exposure data would be lovely in the Photography category. Opt-in per upload maybe?`,
  },
  {
    cat: "meta", tags: ["feature-request"], by: "frank",
    title: "Idea: a monthly 'what are you playing' thread, auto-created",
    body: `Maybe helper-bot could post it on the 1st of every month? Keeps the category lively.`,
  },
  {
    cat: "meta", tags: ["bug"], by: "judy",
    title: "Long code lines overflow on mobile",
    body: `In posts with code blocks, the page scrolls sideways on my phone. Maybe the code block should scroll by itself instead?`,
  },
  {
    cat: "meta", tags: ["announcement"], by: "helper-bot", daysAgo: 7,
    title: "Weekly digest: the most helpful answers of the week",
    body: `🤖 Every week I collect threads where an answer solved the problem.

- **Sourdough starter smells like nail polish remover** – solved by @erin
- **Unique constraint that ignores case?** – solved by @grace
- **I committed an API key. Now what?** – solved by @bob

Thank you for helping each other!`,
  },
  // ── Off-topic
  {
    cat: "offtopic", tags: ["help"], by: "bob",
    title: "Recommend me a book that isn't about software",
    body: `I realised the last five books I read were tech books. Fiction, history, anything. What did you love recently?`,
  },
  {
    cat: "offtopic", tags: ["showcase"], by: "alice",
    title: "What does your desk look like right now?",
    body: `No cleaning up before posting, that's the rule. Mine: two coffee cups, a disassembled keyboard, and a sourdough starter I'm babysitting for @erin.`,
  },
  {
    cat: "offtopic", tags: ["help"], by: "grace",
    title: "Standing desk after six months: honest verdict",
    body: `I stand maybe 90 minutes a day, not the 4 hours I planned. But my back pain is gone, so: worth it. The anti-fatigue mat matters more than the desk.`,
  },
  {
    cat: "offtopic", tags: ["showcase"], by: "heidi",
    title: "Music to code/cook/play to?",
    body: `Share your focus playlist. Mine is mostly Nils Frahm and the Stardew Valley soundtrack.`,
  },
  // ── Polls and lotteries
  {
    key: "poll-open", cat: "games", tags: ["game-night"], by: "frank", daysAgo: 3,
    title: "Poll: what should we play at the next community game night?",
    body: `Online via Board Game Arena, Saturday 19:00 CET. Vote for one; the winner gets played first.`,
    poll: { options: ["Ark Nova", "The Crew", "Spirit Island", "Brass: Birmingham"], multiple: false, endInDays: 5, voters: 8 },
  },
  {
    key: "poll-open-multi", cat: "selfhost", tags: ["homelab"], by: "alice", daysAgo: 2,
    title: "Poll: which self-hosted services do you actually use every day?",
    body: `Pick all that apply. I'm curious what survives the "cool for a week" phase.`,
    poll: { options: ["Nextcloud", "Immich", "Jellyfin", "Home Assistant", "Vaultwarden", "Paperless-ngx"], multiple: true, endInDays: 9, voters: 9 },
  },
  {
    key: "poll-ended", cat: "prog", tags: ["typescript"], by: "carol", daysAgo: 24,
    title: "Poll: tabs or spaces, the 2026 census",
    body: `The eternal question. Results get announced automatically when the poll ends.`,
    poll: { options: ["Tabs", "2 spaces", "4 spaces", "Whatever the formatter says"], multiple: false, endInDays: -14, voters: 11 },
  },
  {
    key: "lottery-open", cat: "selfhost", tags: ["homelab", "announcement"], by: "admin", daysAgo: 3,
    title: "Giveaway: two Raspberry Pi 5 kits for homelab beginners",
    body: `To celebrate 1,000 posts, we're giving away **two Raspberry Pi 5 (8 GB) kits** with case and power supply.

- Joining costs 20 points (they go to… me, to fund shipping 😄)
- Winners are drawn automatically when the giveaway ends
- The draw is **provably fair**: the seed hash is published now, the seed after the draw`,
    lottery: { prizeDescription: "Raspberry Pi 5 (8 GB) starter kit", prizeIcon: "/categories/self-hosting.png", prizeCount: 2, pointCost: 20, startInDays: -3, endInDays: 4, participants: 8 },
  },
  {
    key: "lottery-upcoming", cat: "cook", tags: ["baking", "announcement"], by: "erin", daysAgo: 1,
    title: "Upcoming giveaway: a signed copy of my favourite baking book",
    body: `Opens in two days, free to join. One winner. Tell me your best bake in the comments while you wait!`,
    lottery: { prizeDescription: "Signed baking book", prizeIcon: "/categories/cooking.png", prizeCount: 1, pointCost: 0, startInDays: 2, endInDays: 9, participants: 0 },
  },
  {
    key: "lottery-drawn", cat: "photo", tags: ["lenses", "announcement"], by: "dave", daysAgo: 22,
    title: "Photo month raffle: win a 50mm f/1.8 lens",
    body: `Thanks for all the photos this month! Two lenses to give away, 10 points to join.`,
    lottery: { prizeDescription: "50mm f/1.8 prime lens", prizeIcon: "/categories/photography.png", prizeCount: 2, pointCost: 10, startInDays: -22, endInDays: -13, participants: 9 },
  },
  // ── Special states
  {
    key: "only-me", cat: "offtopic", tags: ["help"], by: "erin", scope: "ONLY_ME", chatter: 0,
    title: "Notes to self: posts to write",
    body: `- Rye sourdough write-up (photos on the SD card)
- Compare three flours side by side
- Answer @judy's banana bread question properly`,
  },
  {
    key: "pending", cat: "photo", tags: ["help"], by: "judy", status: "PENDING", daysAgo: 0.3, chatter: 0,
    title: "Is a used Fuji X-T3 still worth it in 2026?",
    body: `Found one for €650 with 12,000 shutter actuations. Is that a good deal, or should I save for something newer?`,
  },
  {
    key: "rejected", cat: "offtopic", tags: ["showcase"], by: "mallory", status: "REJECTED", daysAgo: 40, chatter: 0,
    title: "BEST DEALS on watches!!! click here",
    body: `Limited offer!!! Visit my shop for 90% off designer watches.`,
  },
];

/** The post that was edited three times: its content before and after each edit. */
export const EDITED_VERSIONS = [
  `I got tired of clicking around, so here's a script that tars every named volume:

${FENCE}sh
for v in $(docker volume ls -q); do
  docker run --rm -v "$v":/data -v "$PWD":/backup alpine tar czf "/backup/$v.tgz" -C /data .
done
${FENCE}`,
  `I got tired of clicking around, so here's a script that tars every named volume:

${FENCE}sh
#!/bin/sh
set -eu
dest=/srv/backups/$(date +%F)
mkdir -p "$dest"
for v in $(docker volume ls -q); do
  docker run --rm -v "$v":/data:ro -v "$dest":/backup alpine tar czf "/backup/$v.tgz" -C /data .
done
${FENCE}

**Edit:** volumes are mounted read-only now, and each day gets its own folder.`,
  `I got tired of clicking around, so here's a script that tars every named volume:

${FENCE}sh
#!/bin/sh
set -eu
dest=/srv/backups/$(date +%F)
mkdir -p "$dest"
running=$(docker ps -q)
docker stop $running
for v in $(docker volume ls -q); do
  docker run --rm -v "$v":/data:ro -v "$dest":/backup alpine tar czf "/backup/$v.tgz" -C /data .
done
docker start $running
${FENCE}

**Edit:** volumes are mounted read-only now, and each day gets its own folder.
**Edit 2:** containers are stopped during the backup so files are consistent.`,
  `I got tired of clicking around, so here's a script that tars every named volume:

${FENCE}sh
#!/bin/sh
set -eu
dest=/srv/backups/$(date +%F)
mkdir -p "$dest"
running=$(docker ps -q)
docker stop $running
for v in $(docker volume ls -q); do
  docker run --rm -v "$v":/data:ro -v "$dest":/backup alpine tar czf "/backup/$v.tgz" -C /data .
done
docker start $running
find /srv/backups -maxdepth 1 -type d -mtime +14 -exec rm -rf {} +
${FENCE}

## Databases
Don't rely on tarring a database's files. Dump first (thanks @grace):

${FENCE}sh
docker exec db pg_dumpall -U postgres | gzip > "$dest/postgres.sql.gz"
${FENCE}

**Edit:** volumes are mounted read-only now, and each day gets its own folder.
**Edit 2:** containers are stopped during the backup so files are consistent.
**Edit 3:** backups older than 14 days are removed, and a section on databases.`,
];

// ───────────────────────────── comment pools ─────────────────────────────
// {op} is the post's author, {parent} the author of the comment being answered.

export const TOP_POOL: Record<CatKey, string[]> = {
  selfhost: [
    "Nice setup! How loud is it? Mine sits in the living room so fan noise decides everything.",
    "I did almost exactly this last year. The one thing I'd add: a UPS, even a tiny one. Power blips corrupted my SD cards twice.",
    "Saving this thread. @{op}, would you mind sharing your Compose file?",
    "Have you looked at the idle power? That's where the running cost hides.",
    "Counterpoint: sometimes paying €3/month for a hosted service is cheaper than my weekend.",
    "Backups offsite? A homelab without offsite backups is just a very organised way to lose data.",
    "This is the kind of post I joined the forum for. Thanks for writing it up properly.",
    "Tried this on Debian 12 and it worked first time. Small note: I had to install `jq` first.",
    "How do you handle updates? Watchtower scares me, but doing it by hand is a chore.",
    "I went the other way and moved everything to one small VPS. Less fun, fewer surprises.",
    "Tailscale made this much easier for me than port forwarding ever did.",
    "Bookmarking. My 'temporary' setup from 2021 is still running and nobody dares touch it.",
  ],
  prog: [
    "Great explanation. I wish this had been the first thing I read when I started.",
    "We hit exactly this in production last month. Took us two days to find it.",
    "@{op} do you have a link to where this is documented? I'd like to share it with my team.",
    "Small nitpick: this changes slightly in the newest version, but the idea is the same.",
    "The real lesson here is 'measure first'. Everything else follows.",
    "I'm stealing this for our onboarding docs, if that's OK.",
    "This is one of those things that seems obvious only after someone explains it.",
    "Another option is to let the compiler/linter enforce it, then nobody has to remember.",
    "Thanks, this finally cleared up something I've been cargo-culting for years.",
    "Counterpoint: for small teams the simplest approach wins, even if it's not the 'right' one.",
    "Have you benchmarked this? I'd be curious how it behaves with a few million rows.",
    "TIL. Twelve years in this industry and I still learn something every week here.",
  ],
  photo: [
    "Gorgeous light. What time of day was this?",
    "@{op} which film simulation / profile did you use? The colours are lovely.",
    "I had the same problem. A grey card fixed my white balance once and for all.",
    "Totally agree about primes. Zooms made me lazy; a prime made me move my feet.",
    "Don't sell the kit lens too quickly, it's sharper at f/8 than people think.",
    "This makes me want to dust off my film camera.",
    "A keeper rate of 1–2% is completely normal, even for pros. Keep going!",
    "Which tripod do you use? Mine is either too heavy to carry or too wobbly to use.",
    "For editing: calibrate your monitor before anything else. It changed everything for me.",
    "Love this. Would you post a few more from the same series?",
    "The composition here is great; the leading line does all the work.",
  ],
  cook: [
    "Made this last night. My partner asked for it again tonight, so… success.",
    "Weighing ingredients instead of cups was the single biggest improvement in my baking.",
    "@{op} could this work with gluten-free flour? Asking for my sister.",
    "Adding a splash of fish sauce to this was a game changer for me.",
    "Cornstarch coating + a really hot pan, that's the trick for crispiness.",
    "Saving this. The quantities are so clear, thank you for not writing a life story before the recipe.",
    "I halved the sugar and it was still great.",
    "Oven thermometers should come free with every oven. Mine is 15 °C off too.",
    "That crumb looks fantastic. What hydration is that?",
    "Too much baking soda gives a soapy taste and a collapse; check your measurements.",
    "My version: same but with smoked paprika. Highly recommend.",
  ],
  games: [
    "Great report! Who won in the end?",
    "We tried this at our group and it was an instant hit.",
    "@{op} how long did the teach take? That's always the hard part for us.",
    "Totally agree. It's been in our top three for two years now.",
    "For two players, Lost Cities and Patchwork are my go-tos.",
    "The timer idea is brilliant, stealing that for our next session.",
    "My group bounced off this one, too many rules for a weeknight. Maybe I'll give it another go.",
    "Count me in for the next game night!",
    "This is exactly why I love co-ops: no one is left out.",
    "Insert nerd here: I also printed inserts and my shelf looks so much better.",
  ],
  meta: [
    "+1, would love this.",
    "Thanks for the quick fix, works for me now.",
    "@{op} happy to help test when it's ready.",
    "I noticed the same on Chrome for Android.",
    "Good idea, and it shouldn't be too hard to build.",
    "Thanks for running this place, it's genuinely one of the nicer corners of the internet.",
    "Maybe as an opt-in setting first, to see how people use it?",
    "Confirmed here too. Clearing the cache didn't help.",
  ],
  offtopic: [
    "Project Hail Mary. Read it in two days.",
    "Mine is a mess and I refuse to show it 😄",
    "Same experience. The mat made all the difference.",
    "Adding this to my list, thanks!",
    "Lo-fi beats and rain sounds, every time.",
    "Can confirm, @{op} has excellent taste.",
    "The Overstory, if you want something completely different.",
  ],
};

export const REPLY_POOL = [
  "Agreed, @{parent}.",
  "Good point, I hadn't thought of that.",
  "Same here, exactly the same experience.",
  "Thanks, I'll try that tonight and report back.",
  "Do you have a link for that?",
  "This. 100%.",
  "Hm, that didn't work for me. Which version are you on?",
  "Ha, I was about to write the same thing.",
  "Thank you @{parent}, that was the missing piece!",
  "I respectfully disagree, but I see where you're coming from.",
  "Following, I have the same question.",
  "Tried it: works. Thanks!",
  "Interesting, can you say more about why?",
  "That's what I ended up doing too.",
  "Noted for next time 👍",
  "Oh nice, didn't know that was possible.",
];

/** Replies by the post's own author. */
export const OP_REPLY_POOL = [
  "Thanks @{parent}, good point. I'll add that to the post.",
  "Glad it helped!",
  "Yes, exactly that.",
  "Good question. Short answer: it depends on your setup, but that's what worked for me.",
  "Oh, I didn't know that. Thanks!",
  "Fair criticism, I'll keep it in mind next time.",
  "Ha, you're not the first one to say that 😄",
  "I'll write a follow-up with more details soon.",
];

export const DEEP_POOL = [
  "Ha, fair enough.",
  "Exactly, that's what I meant.",
  "Makes sense now, thanks both!",
  "Glad it worked out!",
  "Good to know, thanks for following up.",
  "Happy to help 🙂",
];
