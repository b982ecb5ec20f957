// GET /api/admin/audit-log?page=&size= (admin): every admin action, newest first.
import { okList, route } from "@/lib/api/route";
import { listAuditLog } from "@/lib/services/moderation/admin-users";
import { auditLogEntrySchema, auditLogQuerySchema } from "@/lib/validation/admin-users";

export const GET = route(
  {
    tag: "Administration",
    summary: "The audit log",
    auth: "required",
    role: "ADMIN",
    query: auditLogQuerySchema,
    responses: [okList(auditLogEntrySchema)],
  },
  ({ viewer, query }) => listAuditLog(viewer, query.page, query.size),
);
