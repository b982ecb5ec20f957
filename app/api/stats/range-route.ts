// The four GET /api/stats/*-range routes of OpenIsle's StatController (admins): one declaration, one series each.
import { okList, route } from "@/lib/api/route";
import { statsRange, type StatsSeries } from "@/lib/services/moderation/site-stats";
import { statsPointSchema, statsRangeQuerySchema } from "@/lib/validation/openisle/site";

/** `GET /api/stats/<series>-range?days=`: `what` per UTC day, for the summary. */
export function statsRangeRoute(series: StatsSeries, what: string) {
  return route(
    {
      tag: "Administration",
      summary: `Statistics: ${what} per day`,
      description: "Every day of the last `days` (default 30) up to today, oldest first, 0 where there were none.",
      auth: "required",
      role: "ADMIN",
      query: statsRangeQuerySchema,
      responses: [okList(statsPointSchema)],
    },
    ({ viewer, query }) => statsRange(viewer, { series, days: query.days }),
  );
}
