// GET /api/openapi.json: the OpenAPI 3.1 document, built once from the zod schemas.
import { route } from "@/lib/api/route";
import { openApiDocument } from "@/lib/openapi";

export const GET = route(() => Response.json(openApiDocument(), { headers: { "cache-control": "public, max-age=300" } }));
