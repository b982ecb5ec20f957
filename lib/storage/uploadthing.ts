import { UTApi, UTFile } from "uploadthing/server";
import type { ImageStorage } from "@/lib/storage/types";

/** UploadThing storage; only ever constructed by getStorage() when UPLOADTHING_TOKEN is set. */
export function uploadThingStorage(token: string): ImageStorage {
  const api = new UTApi({ token, logLevel: "Error" });
  return {
    kind: "uploadthing",
    // The uploads table is the record of what was stored; a row means the object exists.
    async has() {
      return true;
    },
    async put({ key, bytes, mime }) {
      const name = key.split("/").pop()!;
      const file = new UTFile([new Uint8Array(bytes)], name, { type: mime, customId: name.split(".")[0] });
      const res = await api.uploadFiles(file, { acl: "public-read", contentDisposition: "inline" });
      if (res.error || !res.data) throw new Error(`UploadThing upload failed: ${res.error?.message ?? "no data"}`);
      return { url: res.data.ufsUrl };
    },
    // UploadThing serves its files from its own CDN (the URL put() answered); nothing streams through us.
    async read() {
      return null;
    },
    async delete(key) {
      const name = key.split("/").pop()!;
      await api.deleteFiles(name.split(".")[0]!, { keyType: "customId" });
    },
    async *list() {
      for (let offset = 0; ;) {
        const page = await api.listFiles({ limit: 500, offset });
        for (const f of page.files) {
          // put() names a file `<sha256>.<ext>` with customId `<sha256>`: its key again.
          if (f.customId && f.name.startsWith(f.customId)) yield { key: `${f.customId.slice(0, 2)}/${f.name}`, size: f.size };
        }
        if (!page.hasMore || !page.files.length) return;
        offset += page.files.length;
      }
    },
  };
}
