// GET /api/admin/audit?actor&action&subject&page&pageSize (admin): the audit log in words, filtered, newest first.
import { ok, route } from "@/lib/api/route";
import { listAudit } from "@/lib/services/moderation/audit-log";
import { auditPageSchema, auditQuerySchema } from "@/lib/validation/admin-users";

export const GET = route(
  {
    tag: "Administration",
    summary: "The audit log, in words",
    description:
      "Every staff action (reviews, flag resolutions, staff edits and deletions, suspensions, roles, settings, categories, tags, goods), newest first. Each entry reads as a sentence (`summary`, and `parts` with links) and keeps its raw `before`/`after`. Filter by `actor` (username or id), `action` (`post.approve`, or a kind: `post`) and `subject` (the member concerned).",
    auth: "required",
    role: "ADMIN",
    query: auditQuerySchema,
    responses: [ok(auditPageSchema)],
  },
  ({ viewer, query }) => listAudit(viewer, query),
);
