import "server-only";
import { z } from "zod";
import { nullsAsAbsent, readJson } from "@/lib/api/body";
import { fromZod } from "@/lib/errors";
import { nestOpenIsleFields } from "@/lib/validation/openisle/compat";
import { createPostSchema, updatePostSchema, type CreatePostInput, type UpdatePostInput } from "@/lib/validation/posts";

/**
 * The body of POST /api/posts or PUT /api/posts/{id} in our form or in OpenIsle's (its PostRequest:
 * a poll's and a lottery's fields flat beside the post's, the scope as `postVisibleScopeType`), read
 * as JSON (1 MiB, `application/json`, no `__proto__` keys: lib/api/body.ts), put in our nested form
 * (lib/validation/openisle/compat.ts) and validated by the same schema as before, so every rule and
 * error (400 with `field`) is the one our own form gets.
 */
export async function readPostBody(req: Request, mode: "create"): Promise<CreatePostInput>;
export async function readPostBody(req: Request, mode: "update"): Promise<UpdatePostInput>;
export async function readPostBody(req: Request, mode: "create" | "update"): Promise<CreatePostInput | UpdatePostInput> {
  const raw = await readJson(req, z.unknown());
  const schema = mode === "create" ? createPostSchema : updatePostSchema;
  const parsed = await schema.safeParseAsync(nullsAsAbsent(schema, nestOpenIsleFields(raw, mode)));
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}
