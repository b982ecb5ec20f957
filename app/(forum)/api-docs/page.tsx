import type { Metadata } from "next";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { pageMetadata } from "@/lib/seo/metadata";
import { openApiDocument, type OpenApiDocument } from "@/app/api/openapi.json/openapi";

// The page's own words come from the catalogs (ApiDocs); the operations' summaries and descriptions are
// the OpenAPI document's, written in English once for every client.
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("ApiDocs");
  return { ...(await pageMetadata({ path: "/api-docs", title: t("metaTitle") })), title: t("metaTitle") };
}

type JsonSchema = Record<string, unknown>;
type Parameter = { name: string; in: string; required: boolean; description?: string; schema: JsonSchema };
type MediaMap = Record<string, { schema: JsonSchema }>;
type ResponseObj = { $ref?: string; description?: string; content?: MediaMap };
type OperationObj = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: MediaMap };
  responses: Record<string, ResponseObj>;
};

const METHOD_STYLE: Record<string, string> = {
  get: "bg-sky-100 text-sky-800 dark:bg-sky-900 dark:text-sky-100",
  post: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100",
  put: "bg-amber-100 text-amber-800 dark:bg-amber-900 dark:text-amber-100",
  delete: "bg-rose-100 text-rose-800 dark:bg-rose-900 dark:text-rose-100",
};

const refId = (ref: string) => ref.split("/").pop()!;
const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/** A one-line rendering of a JSON schema: `Post[]`, `integer ≥ 1`, `"A" | "B"`, links to components. */
function TypeLabel({ schema }: { schema: JsonSchema | undefined }): ReactNode {
  const t = useTranslations("ApiDocs");
  if (!schema) return <span>{t("any")}</span>;
  if (typeof schema.$ref === "string") {
    const id = refId(schema.$ref);
    return (
      <a className="text-sky-700 underline dark:text-sky-300" href={`#schema-${id}`}>
        {id}
      </a>
    );
  }
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives) {
    return (
      <>
        {alternatives.map((s, i) => (
          <span key={i}>
            {i > 0 && " | "}
            <TypeLabel schema={s} />
          </span>
        ))}
      </>
    );
  }
  if (Array.isArray(schema.enum)) {
    const values = schema.enum as unknown[];
    const shown = values
      .slice(0, 8)
      .map((v) => JSON.stringify(v))
      .join(" | ");
    return <span title={values.join(", ")}>{values.length > 8 ? `${shown} | … (${values.length})` : shown}</span>;
  }
  if (schema.type === "array")
    return (
      <>
        <TypeLabel schema={schema.items as JsonSchema} />
        []
      </>
    );
  if (schema.type === "object" && schema.additionalProperties && typeof schema.additionalProperties === "object") {
    return (
      <>
        map&lt;string, <TypeLabel schema={schema.additionalProperties as JsonSchema} />
        &gt;
      </>
    );
  }
  const bounds: string[] = [];
  if (schema.minimum !== undefined) bounds.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) bounds.push(`≤ ${schema.maximum}`);
  if (schema.minLength !== undefined || schema.maxLength !== undefined)
    bounds.push(t("length", { range: `${schema.minLength ?? 0}..${schema.maxLength ?? "∞"}` }));
  if (schema.minItems !== undefined || schema.maxItems !== undefined)
    bounds.push(t("items", { range: `${schema.minItems ?? 0}..${schema.maxItems ?? "∞"}` }));
  const base = [schema.type ?? t("any"), schema.format ? `(${schema.format})` : ""].join(" ").trim();
  const def = schema.default !== undefined ? t("default", { value: JSON.stringify(schema.default) }) : "";
  return (
    <span>
      {base}
      {bounds.length ? ` ${bounds.join(", ")}` : ""}
      {def}
    </span>
  );
}

function SchemaTable({ schema }: { schema: JsonSchema }) {
  const t = useTranslations("ApiDocs");
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  if (!Object.keys(props).length)
    return (
      <p className="text-sm">
        <TypeLabel schema={schema} />
      </p>
    );
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            <th className="py-1 pr-4 font-medium">{t("field")}</th>
            <th className="py-1 pr-4 font-medium">{t("type")}</th>
            <th className="py-1 font-medium">{t("notes")}</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(props).map(([name, s]) => (
            <tr key={name} className="border-b border-zinc-100 align-top dark:border-zinc-900">
              <td className="py-1 pr-4 font-mono">
                {name}
                {required.has(name) ? "" : "?"}
              </td>
              <td className="py-1 pr-4">
                <TypeLabel schema={s} />
              </td>
              <td className="py-1 text-zinc-600 dark:text-zinc-400">{typeof s.description === "string" ? s.description : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Who may call an operation, as ApiDocs.auth's select: a role, public or signed in. */
function authOf(op: OperationObj): { who: string; role: string } {
  const open = op.security.some((s) => Object.keys(s).length === 0);
  const role = (op as unknown as { "x-required-role"?: string })["x-required-role"];
  return role ? { who: "role", role } : { who: open ? "public" : "signedIn", role: "" };
}

function Operation({ doc, path, method, op }: { doc: OpenApiDocument; path: string; method: string; op: OperationObj }) {
  const body = op.requestBody?.content["application/json"]?.schema;
  const t = useTranslations("ApiDocs");
  return (
    <section id={op.operationId} className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <h3 className="flex flex-wrap items-center gap-2 font-mono text-sm">
        <span className={`rounded px-2 py-0.5 text-xs font-bold uppercase ${METHOD_STYLE[method] ?? ""}`}>{method}</span>
        <span className="break-all">{path}</span>
      </h3>
      <p className="mt-2 font-medium">{op.summary}</p>
      {op.description && <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{op.description}</p>}
      <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
        {t("auth", authOf(op))} · operationId <code>{op.operationId}</code>
      </p>

      {op.parameters && op.parameters.length > 0 && (
        <div className="mt-3">
          <h4 className="text-sm font-semibold">{t("parameters")}</h4>
          <div className="overflow-x-auto">
            <table className="mt-1 w-full text-left text-sm">
              <tbody>
                {op.parameters.map((p) => (
                  <tr key={`${p.in}-${p.name}`} className="border-b border-zinc-100 align-top dark:border-zinc-900">
                    <td className="py-1 pr-4 font-mono">
                      {p.name}
                      {p.required ? "" : "?"}
                    </td>
                    <td className="py-1 pr-4 text-zinc-600 dark:text-zinc-400">{p.in}</td>
                    <td className="py-1 pr-4">
                      <TypeLabel schema={p.schema} />
                    </td>
                    <td className="py-1 text-zinc-600 dark:text-zinc-400">{p.description ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}

      {body && (
        <div className="mt-3">
          <h4 className="text-sm font-semibold">{t("requestBody")}</h4>
          <div className="mt-1 text-sm">
            <TypeLabel schema={body} />
          </div>
        </div>
      )}

      <div className="mt-3">
        <h4 className="text-sm font-semibold">{t("responses")}</h4>
        <ul className="mt-1 space-y-0.5 text-sm">
          {Object.entries(op.responses).map(([status, r]) => {
            const resolved = r.$ref ? (doc.components.responses[refId(r.$ref)] as ResponseObj) : r;
            const media = resolved.content ? Object.entries(resolved.content)[0] : undefined;
            return (
              <li key={status}>
                <span className="inline-block w-16 font-mono">{status}</span>
                {resolved.description}
                {media && (
                  <span className="text-zinc-600 dark:text-zinc-400">
                    {" — "}
                    {media[0] === "application/json" ? <TypeLabel schema={media[1].schema} /> : media[0]}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

/** The API reference, rendered on the server from the same document as /api/openapi.json. */
export default function ApiDocsPage() {
  const t = useTranslations("ApiDocs");
  const doc = openApiDocument();
  const groups = new Map<string, { path: string; method: string; op: OperationObj }[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const o = op as unknown as OperationObj;
      const tag = o.tags[0] ?? "Other";
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ path, method, op: o });
    }
  }
  const bearer = doc.components.securitySchemes.bearerAuth as { description?: string };

  return (
    <div className="min-w-0 space-y-10 break-words">
      <header className="space-y-2">
        <h1 className="text-3xl font-semibold">
          {doc.info.title}{" "}
          <span className="text-base text-zinc-600 dark:text-zinc-400">
            v{doc.info.version} · OpenAPI {doc.openapi}
          </span>
        </h1>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{doc.info.description}</p>
        <p className="text-sm">
          {t("machineReadable")}{" "}
          <a className="text-sky-700 underline dark:text-sky-300" href="/api/openapi.json">
            /api/openapi.json
          </a>
        </p>
        <div className="rounded-lg bg-zinc-100 p-3 text-sm dark:bg-zinc-900">
          <p className="font-semibold">{t("authentication")}</p>
          <p>
            {t.rich("bearer", { code: (c) => <code>{c}</code> })} {bearer.description}
          </p>
          <p>
            {t.rich("errors", {
              link: (c) => (
                <a className="text-sky-700 underline dark:text-sky-300" href="#schema-Error">
                  {c}
                </a>
              ),
              code: (c) => <code>{c}</code>,
            })}
          </p>
        </div>
        <nav aria-label={t("sections")} className="flex flex-wrap gap-2 text-sm">
          {[...groups.keys()].map((tag) => (
            <a key={tag} href={`#tag-${slug(tag)}`} className="rounded border border-zinc-200 px-2 py-0.5 dark:border-zinc-800">
              {tag}
            </a>
          ))}
          <a href="#schemas" className="rounded border border-zinc-200 px-2 py-0.5 dark:border-zinc-800">
            {t("schemas")}
          </a>
        </nav>
      </header>

      {[...groups.entries()].map(([tag, ops]) => (
        <section key={tag} id={`tag-${slug(tag)}`} className="space-y-3">
          <h2 className="text-2xl font-semibold">{tag}</h2>
          {ops.map(({ path, method, op }) => (
            <Operation key={`${method} ${path}`} doc={doc} path={path} method={method} op={op} />
          ))}
        </section>
      ))}

      <section id="schemas" className="space-y-4">
        <h2 className="text-2xl font-semibold">{t("schemas")}</h2>
        {Object.entries(doc.components.schemas).map(([id, schema]) => (
          <div key={id} id={`schema-${id}`} className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
            <h3 className="font-mono font-semibold">{id}</h3>
            {typeof schema.description === "string" && <p className="text-sm text-zinc-600">{schema.description}</p>}
            <div className="mt-2">
              <SchemaTable schema={schema} />
            </div>
          </div>
        ))}
      </section>
    </div>
  );
}
