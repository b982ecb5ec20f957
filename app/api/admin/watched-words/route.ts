// GET/POST /api/admin/watched-words: the watched words and what each does (admin; docs/spam.md).
import { created, made, okList, route } from "@/lib/api/route";
import { addWatchedWord, listWatchedWords } from "@/lib/services/spam/lists";
import { createWatchedWordSchema, watchedWordSchema } from "@/lib/validation/spam";

const admin = { tag: "Administration", auth: "required", role: "ADMIN" } as const;

export const GET = route({ ...admin, summary: "Watched words", responses: [okList(watchedWordSchema)] }, ({ viewer }) =>
  listWatchedWords(viewer),
);

export const POST = route(
  { ...admin, summary: "Watch a word", body: createWatchedWordSchema, responses: [made(watchedWordSchema)], errors: [409] },
  async ({ viewer, body }) => created(await addWatchedWord(viewer, body)),
);
