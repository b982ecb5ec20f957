"use client";

import { api } from "@/lib/client/api-client";

const MAX_BYTES = 5 * 1024 * 1024;

/**
 * Why an image was not uploaded, as a code (and its values) the interface words in its language
 * (Composer.upload.<code> in messages/<locale>/posts.json); the message is the English text.
 */
export class UploadError extends Error {
  constructor(
    readonly code: "read" | "notImage" | "tooBig" | "connection" | "status",
    message: string,
    readonly values: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(new UploadError("read", "Could not read the file"));
    r.readAsDataURL(file);
  });
}

/** A file of this site's own upload storage (`/uploads/<2 hex>/<sha-256>.<ext>`), whatever host answered it. */
const LOCAL_UPLOAD_RE = /^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{64}\.[a-z0-9]+$/;

/**
 * The URL to write into a post: site-relative for this site's own uploads, so the post does not keep
 * the address of whoever uploaded it (`http://localhost:3000/…` behind a proxy); CDN URLs stay as given.
 */
export function siteRelativeUpload(url: string): string {
  try {
    const u = new URL(url, "http://x.invalid");
    return LOCAL_UPLOAD_RE.test(u.pathname) && !u.search ? u.pathname : url;
  } catch {
    return url;
  }
}

/** Checks type and size before anything is sent. */
export function checkImageFile(file: File): void {
  if (!file.type.startsWith("image/"))
    throw new UploadError("notImage", `${file.name || "This file"} is not an image`, { name: file.name || "-" });
  if (file.size > MAX_BYTES) throw new UploadError("tooBig", "Images must be 5 MB or smaller");
}

export { readAsDataUrl };

/** Uploads an image through POST /api/upload ({file: dataURL}); resolves to the URL to insert. */
export async function uploadImage(file: File): Promise<string> {
  checkImageFile(file);
  return siteRelativeUpload(await api.upload(await readAsDataUrl(file)));
}

/**
 * The same upload with progress: `onProgress` gets the fraction of the request body sent (0..1).
 * XMLHttpRequest, because fetch() reports no upload progress.
 */
export async function uploadImageWithProgress(file: File, onProgress: (fraction: number) => void): Promise<string> {
  checkImageFile(file);
  const dataUrl = await readAsDataUrl(file);
  const url = await new Promise<string>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/upload");
    xhr.setRequestHeader("content-type", "application/json");
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new UploadError("connection", "Upload failed: the connection was lost"));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && typeof body === "string") return resolve(body);
      // The server's own message (in the page's language) when it gave one.
      if (body && typeof body === "object" && "error" in body) return reject(new Error(String((body as { error: unknown }).error)));
      reject(new UploadError("status", `Upload failed (${xhr.status})`, { status: xhr.status }));
    };
    xhr.send(JSON.stringify({ file: dataUrl }));
  });
  onProgress(1);
  return siteRelativeUpload(url);
}
