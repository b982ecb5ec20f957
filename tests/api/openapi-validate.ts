// Test support: checks API answers against the generated OpenAPI document (tests/api/openapi.test.ts).
import type { OpenApiDocument } from "@/app/api/openapi.json/openapi";

type JsonSchema = Record<string, unknown>;

/**
 * Checks a value against a component of the document: the subset of JSON Schema that zod emits
 * (type, properties, required, additionalProperties, items, anyOf/oneOf/allOf, enum, const, $ref,
 * minimum/maximum, minItems/maxItems, minLength/maxLength). Returns the list of problems (empty when valid).
 */
export function validateWithDocument(doc: OpenApiDocument, schema: JsonSchema, value: unknown, path = "$"): string[] {
  if (typeof schema.$ref === "string") {
    const id = schema.$ref.replace("#/components/schemas/", "");
    const target = doc.components.schemas[id];
    if (!target) return [`${path}: unresolved $ref ${schema.$ref}`];
    return validateWithDocument(doc, target, value, path);
  }
  const errs: string[] = [];
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
    const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[];
    if (!options.some((s) => validateWithDocument(doc, s, value, path).length === 0))
      errs.push(`${path}: matches none of ${options.length} alternatives`);
  }
  if (Array.isArray(schema.allOf)) for (const s of schema.allOf as JsonSchema[]) errs.push(...validateWithDocument(doc, s, value, path));
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) errs.push(`${path}: ${JSON.stringify(value)} not in enum`);
  if ("const" in schema && schema.const !== value) errs.push(`${path}: expected const ${JSON.stringify(schema.const)}`);
  const type = schema.type as string | string[] | undefined;
  if (type) {
    const types = Array.isArray(type) ? type : [type];
    const actual =
      value === null
        ? "null"
        : Array.isArray(value)
          ? "array"
          : typeof value === "number"
            ? Number.isInteger(value)
              ? "integer"
              : "number"
            : typeof value;
    const fits = types.some((t) => t === actual || (t === "number" && actual === "integer"));
    if (!fits) return [...errs, `${path}: expected ${types.join("|")}, got ${actual}`];
  }
  if (typeof value === "number") {
    if (typeof schema.minimum === "number" && value < schema.minimum) errs.push(`${path}: below minimum`);
    if (typeof schema.maximum === "number" && value > schema.maximum) errs.push(`${path}: above maximum`);
  }
  if (typeof value === "string") {
    if (typeof schema.minLength === "number" && value.length < schema.minLength) errs.push(`${path}: too short`);
    if (typeof schema.maxLength === "number" && value.length > schema.maxLength) errs.push(`${path}: too long`);
    if (schema.format === "date-time" && Number.isNaN(Date.parse(value))) errs.push(`${path}: not a date-time`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === "number" && value.length < schema.minItems) errs.push(`${path}: too few items`);
    if (typeof schema.maxItems === "number" && value.length > schema.maxItems) errs.push(`${path}: too many items`);
    if (schema.items && typeof schema.items === "object")
      value.forEach((v, i) => errs.push(...validateWithDocument(doc, schema.items as JsonSchema, v, `${path}[${i}]`)));
  } else if (value && typeof value === "object") {
    const obj = value as Record<string, unknown>;
    const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
    for (const key of (schema.required ?? []) as string[]) if (!(key in obj)) errs.push(`${path}: missing required ${key}`);
    for (const [key, v] of Object.entries(obj)) {
      if (props[key]) errs.push(...validateWithDocument(doc, props[key], v, `${path}.${key}`));
      else if (schema.additionalProperties === false) errs.push(`${path}: unexpected property ${key}`);
      else if (schema.additionalProperties && typeof schema.additionalProperties === "object") {
        errs.push(...validateWithDocument(doc, schema.additionalProperties as JsonSchema, v, `${path}.${key}`));
      }
    }
  }
  return errs;
}
