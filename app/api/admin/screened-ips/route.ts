// GET/POST /api/admin/screened-ips: addresses and CIDR ranges blocked or allowed for sign-up and writing (admin).
import { created, made, okList, route } from "@/lib/api/route";
import { addScreenedIp, listScreenedIps } from "@/lib/services/spam/lists";
import { createScreenedIpSchema, screenedIpSchema } from "@/lib/validation/spam";

const admin = { tag: "Administration", auth: "required", role: "ADMIN" } as const;

export const GET = route({ ...admin, summary: "Screened addresses", responses: [okList(screenedIpSchema)] }, ({ viewer }) =>
  listScreenedIps(viewer),
);

export const POST = route(
  { ...admin, summary: "Screen an address or range", body: createScreenedIpSchema, responses: [made(screenedIpSchema)], errors: [409] },
  async ({ viewer, body }) => created(await addScreenedIp(viewer, body)),
);
