import { buildOpenApiDocument } from "@/lib/openapi";
const d = buildOpenApiDocument();
console.log(Object.keys(d.paths).length, Object.keys(d.components.schemas).filter(k=>/Me|Token|Profile|Auth/.test(k)));
