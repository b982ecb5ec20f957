import "server-only";
import type { z } from "zod";
import { AppError, badRequest, fromZod, msg } from "@/lib/errors";
import { decodeFileField } from "@/lib/services/uploads/uploads";
import { isStorableText, unstorableTextPath } from "@/lib/validation/text";
import { UPLOAD_BODY_MAX_BYTES, uploadFileSchema } from "@/lib/validation/uploads";

/**
 * Body, query and path readers for route handlers: every byte cap is enforced while streaming (413)
 * and every value is validated with a zod schema (400) before a service sees it.
 */

/**
 * A body is read as JSON only when it says it is JSON (`application/json` or `…+json`). A cross-site
 * form or `fetch` without a preflight can only send `text/plain`, form or multipart bodies, so this
 * stops those before they reach a service even if the origin check were ever bypassed.
 */
function assertJsonType(req: Request): void {
  const type = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type)) return;
  throw new AppError("unsupported_media_type", msg("sendJson"));
}

/** Reads a JSON body with a byte cap enforced while streaming (413), then validates it (415, 400). */
export async function readJson<S extends z.ZodType>(req: Request, schema: S, maxBytes = 1024 * 1024): Promise<z.output<S>> {
  const text = await readBodyText(req, maxBytes);
  if (text.length) assertJsonType(req);
  let data: unknown;
  try {
    data = text.length ? parseJson(text) : undefined;
  } catch {
    throw new AppError("bad_request", msg("malformedJson"));
  }
  if (data === undefined) throw new AppError("bad_request", msg("jsonBodyRequired"));
  assertStorableJson(data);
  const parsed = await schema.safeParseAsync(nullsAsAbsent(schema, data));
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}

/** Like readJson, but an empty body is fine (undefined): for endpoints whose body is all optional. */
export async function readJsonOptional<S extends z.ZodType>(
  req: Request,
  schema: S,
  maxBytes = 1024 * 1024,
): Promise<z.output<S> | undefined> {
  const text = await readBodyText(req, maxBytes);
  if (!text.trim()) return undefined;
  assertJsonType(req);
  let data: unknown;
  try {
    data = parseJson(text);
  } catch {
    throw new AppError("bad_request", msg("malformedJson"));
  }
  assertStorableJson(data);
  const parsed = await schema.safeParseAsync(nullsAsAbsent(schema, data));
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}

/** 400 naming `field`: its text holds a NUL or an unpaired surrogate (lib/validation/text.ts). */
const unstorable = (field: string) => badRequest(msg("textNotStorable", { field }), field);

/**
 * Every string of a JSON body (and every key) must be text the database can hold, whatever the schema
 * does with it: a 400 naming the first one that is not (`poll.options.1`), before any validation.
 */
function assertStorableJson(data: unknown): void {
  const path = unstorableTextPath(data);
  if (!path) return;
  if (!path.length) throw new AppError("bad_request", msg("valueCannotBeStored"));
  throw unstorable(path.join("."));
}

/**
 * The URL's text (every query value, declared or not) and the path segments must be storable: a 400
 * naming the parameter. Called by the route wrapper for every request. A decoded query holds a NUL only
 * where the URL says `%00`, and never an unpaired surrogate (URL decoding writes U+FFFD), so most
 * requests are passed on one `includes`.
 */
export function assertStorableUrl(req: Request, params: Record<string, string | string[] | undefined>): void {
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && ![value].flat().every(isStorableText)) throw unstorable(key);
  }
  if (!req.url.includes("%00")) return;
  for (const [key, value] of new URL(req.url).searchParams) {
    if (!isStorableText(key) || !isStorableText(value)) throw unstorable(isStorableText(key) ? key : "query");
  }
}

/**
 * JSON.parse, minus `__proto__` keys: they name no field of ours, and copying one onto an object with
 * `obj[key] = v` would replace that object's prototype.
 */
function parseJson(text: string): unknown {
  return JSON.parse(text, (key, value) => (key === "__proto__" ? undefined : value));
}

type ZodInternals = {
  _zod: {
    def: { type: string; in?: z.ZodType; innerType?: z.ZodType; element?: z.ZodType; shape?: Record<string, z.ZodType> };
    optin?: string;
  };
};
const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional"]);

function unwrap(schema: z.ZodType): ZodInternals["_zod"]["def"] {
  let def = (schema as unknown as ZodInternals)._zod.def;
  for (let i = 0; i < 20; i++) {
    if (def.type === "pipe" && def.in) def = (def.in as unknown as ZodInternals)._zod.def;
    else if (WRAPPERS.has(def.type) && def.innerType) def = (def.innerType as unknown as ZodInternals)._zod.def;
    else break;
  }
  return def;
}

/**
 * Optional fields accept `null` as "absent" (the API answers many of them as null, and clients send
 * objects back as they got them): a `null` for a field that may be left out but is not nullable is
 * dropped before validation, in nested objects and arrays too. Required fields still refuse null.
 */
export function nullsAsAbsent(schema: z.ZodType, value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  const def = unwrap(schema);
  if (def.type === "array" && def.element && Array.isArray(value)) return value.map((v) => nullsAsAbsent(def.element!, v));
  if (def.type !== "object" || !def.shape || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    // Own keys only: `constructor` or `toString` must not find Object.prototype's members.
    const field = Object.hasOwn(def.shape, key) ? def.shape[key] : undefined;
    if (!field) out[key] = v;
    else if (v === null) {
      // optin: "optional" for .optional(), "defaulted" for .default(); either may be left out.
      const optional = !!(field as unknown as ZodInternals)._zod.optin;
      if (!optional || field.safeParse(null).success) out[key] = v;
    } else out[key] = nullsAsAbsent(field, v);
  }
  return out;
}

export async function readBodyText(req: Request, maxBytes: number): Promise<string> {
  return (await readBodyBytes(req, maxBytes)).toString("utf8");
}

/** Reads a request body as bytes; the cap is enforced while streaming (413), never after buffering. */
export async function readBodyBytes(req: Request, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new AppError("payload_too_large", msg("bodyTooLarge", { max: maxBytes }));
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge();
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Turns the query string into an object for a zod schema. Keys in `arrayKeys` always become arrays
 * and accept both repeated keys and comma lists (`tagIds=1&tagIds=2`, `tagIds=1,2`).
 */
export function queryObject(req: Request, arrayKeys: readonly string[] = []): Record<string, string | string[]> {
  const url = new URL(req.url);
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    if (arrayKeys.includes(key)) {
      out[key] = values
        .flatMap((v) => v.split(","))
        .map((v) => v.trim())
        .filter((v) => v !== "");
    } else {
      out[key] = values[values.length - 1]!;
    }
  }
  return out;
}

export function parseQuery<S extends z.ZodType>(req: Request, schema: S, arrayKeys: readonly string[] = []): z.output<S> {
  const parsed = schema.safeParse(queryObject(req, arrayKeys));
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}

/** A path id: a positive integer in canonical form (no sign, no leading zero: `092` is not 92), else 400 with `field`. */
export function parseId(value: string | undefined, field = "id"): number {
  if (!value || !/^[1-9]\d{0,14}$/.test(value)) throw badRequest(msg("positiveInteger", { field }), field);
  const n = Number(value);
  if (n < 1 || n > 2147483647) throw badRequest(msg("positiveInteger", { field }), field);
  return n;
}

/**
 * The uploaded bytes of a POST /api/upload request: JSON `{file}` or multipart/form-data with a
 * `file` part. The body is capped at 8 MiB while streaming (413) before anything is parsed.
 */
export async function readUploadBody(req: Request): Promise<Buffer> {
  const type = (req.headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data")) {
    const raw = await readBodyBytes(req, UPLOAD_BODY_MAX_BYTES);
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(raw), { headers: { "content-type": req.headers.get("content-type")! } }).formData();
    } catch {
      throw new AppError("bad_request", msg("malformedMultipart"));
    }
    const part = form.get("file");
    if (part === null) throw badRequest(msg("fileRequired"), "file");
    if (typeof part === "string") return decodeFileField(part);
    return Buffer.from(await part.arrayBuffer());
  }
  if (type && !type.includes("json")) {
    throw new AppError("unsupported_media_type", msg("sendJsonOrMultipart"));
  }
  const { file } = await readJson(req, uploadFileSchema, UPLOAD_BODY_MAX_BYTES);
  return decodeFileField(file);
}
