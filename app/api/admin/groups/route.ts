// GET/POST /api/admin/groups: list and create groups (admin; issue 57).
import { created, made, okList, route } from "@/lib/api/route";
import { createGroup, listGroups } from "@/lib/services/groups/groups";
import { groupInputSchema, groupSchema } from "@/lib/validation/groups";

const admin = { tag: "Administration", auth: "required", role: "ADMIN" } as const;

export const GET = route({ ...admin, summary: "All groups", responses: [okList(groupSchema)] }, ({ viewer }) => listGroups(viewer));

export const POST = route(
  { ...admin, summary: "Create a group", body: groupInputSchema, responses: [made(groupSchema)], errors: [409] },
  async ({ viewer, body }) => created(await createGroup(viewer, body)),
);
