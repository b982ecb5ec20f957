"use client";

import { api } from "@/lib/api-client";

const MAX_BYTES = 5 * 1024 * 1024;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(new Error("Could not read the file"));
    r.readAsDataURL(file);
  });
}

/** Uploads an image through POST /api/upload ({file: dataURL}); resolves to its public URL. */
export async function uploadImage(file: File): Promise<string> {
  if (!file.type.startsWith("image/")) throw new Error(`${file.name || "This file"} is not an image`);
  if (file.size > MAX_BYTES) throw new Error("Images must be 5 MB or smaller");
  return api.upload(await readAsDataUrl(file));
}
