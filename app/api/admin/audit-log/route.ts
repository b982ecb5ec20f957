// GET /api/admin/audit-log?page=&size= (admin): every staff action, newest first (GET /api/admin/audit adds filters).
import { okList, route } from "@/lib/api/route";
import { listAuditLog } from "@/lib/services/moderation/audit-log";
import { auditEntrySchema, auditLogQuerySchema } from "@/lib/validation/admin-users";

export const GET = route(
  {
    tag: "Administration",
    summary: "The audit log",
    auth: "required",
    role: "ADMIN",
    query: auditLogQuerySchema,
    responses: [okList(auditEntrySchema)],
  },
  ({ viewer, query }) => listAuditLog(viewer, { page: query.page, size: query.size }),
);
