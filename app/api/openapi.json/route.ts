// GET /api/openapi.json: the OpenAPI 3.1 document, built once from the routes' declarations.
import { route } from "@/lib/api/route";
import { OPENAPI_ROUTE_SPEC, openApiDocument } from "@/app/api/openapi.json/openapi";

export const GET = route(OPENAPI_ROUTE_SPEC, () =>
  Response.json(openApiDocument(), { headers: { "cache-control": "public, max-age=300" } }),
);
