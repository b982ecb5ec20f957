// npm run user:create -- --username X [--role USER|MODERATOR|ADMIN] [--email E] [--password P]
// Creates an account (or updates the role, and the password when given, of an existing one). Without
// --password it asks for one on a terminal, else generates one and prints it. Uses DATABASE_URL, or the
// embedded database under DATA_DIR (stop the server first: one process per embedded data folder).
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import { closeDb, db } from "@/db";
import { ensureMigrated } from "@/db/migrate";
import { users, USER_ROLES, type UserRole } from "@/db/schema";
import { hashPassword } from "@/lib/services/shared/passwords";
import { refreshMedal } from "@/lib/services/points/points";
import { passwordSchema, usernameSchema } from "@/lib/validation/auth";

function fail(message: string): never {
  console.error(`[user:create] ${message}`);
  process.exit(1);
}

/** Reads a line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    let value = "";
    const onData = (ch: string) => {
      for (const c of ch) {
        if (c === "\r" || c === "\n" || c === "\u0004") {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off("data", onData);
          process.stdout.write("\n");
          resolve(value);
          return;
        }
        if (c === "\u0003") {
          stdin.setRawMode(false);
          reject(new Error("cancelled"));
          return;
        }
        if (c === "\u007f" || c === "\b") value = value.slice(0, -1);
        else value += c;
      }
    };
    stdin.on("data", onData);
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      username: { type: "string" },
      role: { type: "string", default: "USER" },
      email: { type: "string" },
      password: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help || !values.username) {
    console.log("usage: npm run user:create -- --username NAME [--role USER|MODERATOR|ADMIN] [--email E] [--password P]");
    process.exit(values.help ? 0 : 1);
  }
  const username = usernameSchema.safeParse(values.username);
  if (!username.success) fail("username: 3 to 32 characters of letters, digits, _ and -");
  const role = values.role!.toUpperCase() as UserRole;
  if (!USER_ROLES.includes(role)) fail(`role must be one of ${USER_ROLES.join(", ")}`);

  let password = values.password;
  let generated = false;
  if (!password && process.stdin.isTTY) {
    password = await promptHidden("Password (at least 8 characters): ");
    if ((await promptHidden("Repeat it: ")) !== password) fail("the passwords differ");
  }
  if (!password) {
    password = randomBytes(12).toString("base64url");
    generated = true;
  }
  if (!passwordSchema.safeParse(password).success) fail("the password needs 8 to 72 bytes");

  await ensureMigrated();
  const name = username.data;
  const [existing] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, name.toLowerCase()))
    .limit(1);
  const passwordHash = await hashPassword(password);
  if (existing) {
    const keepPassword = generated;
    await db
      .update(users)
      .set({ role, ...(keepPassword ? {} : { passwordHash }), ...(values.email ? { email: values.email.toLowerCase() } : {}) })
      .where(eq(users.id, existing.id));
    console.log(`[user:create] updated ${existing.username} (id ${existing.id}): role ${role}${keepPassword ? "" : ", new password"}`);
    return;
  }
  const email = (values.email ?? `${name.toLowerCase()}@users.localhost`).toLowerCase();
  const [u] = await db.insert(users).values({ username: name, email, passwordHash, role }).returning({ id: users.id });
  await refreshMedal(db, u!.id);
  console.log(`[user:create] created ${name} (id ${u!.id}, ${role}, ${email})`);
  if (generated) console.log(`[user:create] generated password: ${password}`);
}

main()
  .then(() => closeDb())
  .catch(async (err) => {
    console.error("[user:create] failed:", err instanceof Error ? err.message : err);
    await closeDb().catch(() => {});
    process.exit(1);
  });
