// GET/POST /api/admin/screened-emails: email domains blocked or allowed at sign-up (admin; docs/spam.md).
import { created, made, okList, route } from "@/lib/api/route";
import { addScreenedEmail, listScreenedEmails } from "@/lib/services/spam/lists";
import { createScreenedEmailSchema, screenedEmailSchema } from "@/lib/validation/spam";

const admin = { tag: "Administration", auth: "required", role: "ADMIN" } as const;

export const GET = route({ ...admin, summary: "Screened email domains", responses: [okList(screenedEmailSchema)] }, ({ viewer }) =>
  listScreenedEmails(viewer),
);

export const POST = route(
  { ...admin, summary: "Screen an email domain", body: createScreenedEmailSchema, responses: [made(screenedEmailSchema)], errors: [409] },
  async ({ viewer, body }) => created(await addScreenedEmail(viewer, body)),
);
