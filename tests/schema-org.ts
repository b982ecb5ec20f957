/**
 * A checker of schema.org JSON-LD for the types the forum emits, written from schema.org's definitions
 * (https://schema.org/DiscussionForumPosting and the types it uses) and Google's structured-data rules
 * for discussion forums: each type's properties with the kinds of value schema.org allows, the ones a
 * page must give, and no property the type does not have. Returns the problems found ([] when valid).
 */
type Kind = "text" | "url" | "date" | "int" | { type: string[] } | { anyOf: Kind[] };
type TypeDef = { props: Record<string, Kind | Kind[]>; required: string[] };

const PERSON = { type: ["Person", "Organization"] };
const TYPES: Record<string, TypeDef> = {
  // DiscussionForumPosting < SocialMediaPosting < Article < CreativeWork < Thing
  DiscussionForumPosting: {
    props: {
      "@id": "url",
      url: "url",
      mainEntityOfPage: "url",
      headline: "text",
      text: "text",
      image: "url",
      author: PERSON,
      datePublished: "date",
      dateModified: "date",
      commentCount: "int",
      interactionStatistic: [{ type: ["InteractionCounter"] }],
      comment: [{ type: ["Comment"] }],
      keywords: "text",
      articleSection: "text",
    },
    // Google: author, datePublished, and text, image or video; schema.org: a CreativeWork names itself.
    required: ["author", "datePublished", "text", "headline", "url"],
  },
  Comment: {
    props: { "@id": "url", url: "url", text: "text", author: PERSON, datePublished: "date", dateModified: "date" },
    required: ["author", "datePublished", "text"],
  },
  Person: { props: { name: "text", alternateName: "text", url: "url" }, required: ["name"] },
  InteractionCounter: {
    props: { interactionType: "url", userInteractionCount: "int" },
    required: ["interactionType", "userInteractionCount"],
  },
  BreadcrumbList: { props: { itemListElement: [{ type: ["ListItem"] }] }, required: ["itemListElement"] },
  ListItem: { props: { position: "int", name: "text", item: "url" }, required: ["position", "name", "item"] },
};
const ACTIONS = new Set(["ViewAction", "CommentAction", "LikeAction", "ReplyAction", "WriteAction", "ShareAction"]);

function checkValue(v: unknown, kind: Kind, where: string, out: string[]): void {
  if (typeof kind === "object" && "anyOf" in kind) {
    const tries = kind.anyOf.map((k) => {
      const o: string[] = [];
      checkValue(v, k, where, o);
      return o;
    });
    if (!tries.some((t) => t.length === 0)) out.push(...tries[0]!);
    return;
  }
  if (typeof kind === "object") {
    checkNode(v, where, out, kind.type);
    return;
  }
  if (kind === "text" && (typeof v !== "string" || !v.trim())) out.push(`${where}: expected non-empty Text`);
  if (kind === "url" && (typeof v !== "string" || !/^https?:\/\/[^\s]+$/.test(v))) out.push(`${where}: expected an absolute URL`);
  if (kind === "date" && (typeof v !== "string" || !/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(v)))
    out.push(`${where}: expected an ISO 8601 DateTime with a zone`);
  if (kind === "int" && (!Number.isInteger(v) || (v as number) < 0)) out.push(`${where}: expected a non-negative Integer`);
}

function checkNode(node: unknown, where: string, out: string[], allowed?: string[]): void {
  if (!node || typeof node !== "object" || Array.isArray(node)) return void out.push(`${where}: expected an object`);
  const n = node as Record<string, unknown>;
  const type = n["@type"];
  if (typeof type !== "string" || !TYPES[type]) return void out.push(`${where}: unknown @type ${String(type)}`);
  if (allowed && !allowed.includes(type)) out.push(`${where}: ${type} is not one of ${allowed.join(", ")}`);
  const def = TYPES[type]!;
  for (const r of def.required) if (n[r] === undefined) out.push(`${where} (${type}): missing ${r}`);
  for (const [k, v] of Object.entries(n)) {
    if (k === "@type" || k === "@context") continue;
    const kind = def.props[k];
    if (!kind) {
      out.push(`${where} (${type}): ${k} is not a property of ${type}`);
      continue;
    }
    if (Array.isArray(kind)) {
      if (!Array.isArray(v)) out.push(`${where}.${k}: expected a list`);
      else v.forEach((item, i) => checkValue(item, kind[0]!, `${where}.${k}[${i}]`, out));
    } else checkValue(v, kind, `${where}.${k}`, out);
  }
  if (type === "InteractionCounter" && typeof n.interactionType === "string") {
    const action = n.interactionType.replace(/^https?:\/\/schema\.org\//, "");
    if (!ACTIONS.has(action)) out.push(`${where}: interactionType ${n.interactionType} is not a schema.org Action`);
  }
  if (type === "BreadcrumbList" && Array.isArray(n.itemListElement)) {
    n.itemListElement.forEach((it, i) => {
      if ((it as { position?: number }).position !== i + 1) out.push(`${where}.itemListElement[${i}]: position must be ${i + 1}`);
    });
  }
}

/** Problems of one JSON-LD document (an object or a list of them), each top node with its @context. */
export function schemaOrgProblems(doc: unknown): string[] {
  const out: string[] = [];
  const nodes = Array.isArray(doc) ? doc : [doc];
  nodes.forEach((node, i) => {
    if ((node as { "@context"?: unknown })?.["@context"] !== "https://schema.org") out.push(`[${i}]: @context must be https://schema.org`);
    checkNode(node, `[${i}]`, out);
  });
  return out;
}
