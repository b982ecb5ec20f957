// Any /api path that no route matches: the JSON 404 error body (docs/api.md §1), for every method
// (not an endpoint, so not in the OpenAPI document).
import { notFound, msg } from "@/lib/errors";
import { errorResponse } from "@/lib/api/route";

const unknownPath = async (req: Request) => errorResponse(notFound(msg("noSuchEndpoint")), req);

export { unknownPath as GET, unknownPath as POST, unknownPath as PUT, unknownPath as PATCH, unknownPath as DELETE };
