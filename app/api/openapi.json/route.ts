// GET /api/openapi.json: the OpenAPI 3.1 document, built once from the routes' declarations.
import { route } from "@/lib/api/route";
import { OPENAPI_ROUTE_SPEC, openApiDocument } from "@/lib/openapi";

export const GET = route(OPENAPI_ROUTE_SPEC, () => Response.json(openApiDocument(), { headers: { "cache-control": "public, max-age=300" } }));
