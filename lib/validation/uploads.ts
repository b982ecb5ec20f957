import { z } from "zod";

/** POST /api/upload (JSON form): a data URL or plain base64. */
export const uploadFileSchema = z.object({
  file: z.string({ error: "file must be a data URL or base64 string" }).min(1, "file is required"),
});

/** POST /api/upload/url: only `url` is read; other keys are ignored. */
export const uploadUrlSchema = z.object({
  url: z.string({ error: "url is required" }).trim().min(1, "url is required").max(4096, "url is too long"),
});

/** Both upload endpoints answer 201 with the absolute URL of the stored image, as a JSON string. */
export const uploadResponseSchema = z.string().url();

/** Request bodies may be at most 8 MiB (base64 inflates a 5 MiB image by a third). */
export const UPLOAD_BODY_MAX_BYTES = 8 * 1024 * 1024;
