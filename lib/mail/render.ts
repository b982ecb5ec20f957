import type { ReactNode } from "react";

/**
 * Renders the mail templates' JSX to static HTML. The templates are plain markup (host elements,
 * function components, fragments, inline styles), so a small serializer does what
 * react-dom/server's renderToStaticMarkup would, which Next.js refuses in code reachable from
 * server components and route handlers (the scheduler is).
 */

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const UNITLESS = new Set(["fontWeight", "lineHeight", "opacity", "zIndex", "flex", "flexGrow", "flexShrink", "order"]);
const ATTR_NAMES: Record<string, string> = { className: "class", htmlFor: "for", charSet: "charset", httpEquiv: "http-equiv" };
const FRAGMENT = Symbol.for("react.fragment");

export function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

function styleText(style: Record<string, unknown>): string {
  return Object.entries(style)
    .filter(([, v]) => v !== null && v !== undefined && v !== "")
    .map(([k, v]) => {
      const name = k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      const value = typeof v === "number" && v !== 0 && !UNITLESS.has(k) ? `${v}px` : String(v);
      return `${name}:${value}`;
    })
    .join(";");
}

function attributes(props: Record<string, unknown>): string {
  let out = "";
  for (const [key, value] of Object.entries(props)) {
    if (key === "children" || key === "dangerouslySetInnerHTML" || value === null || value === undefined || value === false) continue;
    if (typeof value === "function") continue;
    const name = ATTR_NAMES[key] ?? key;
    if (value === true) out += ` ${name}`;
    else if (key === "style" && typeof value === "object") out += ` style="${escapeHtml(styleText(value as Record<string, unknown>))}"`;
    else out += ` ${name}="${escapeHtml(String(value))}"`;
  }
  return out;
}

type Element = { type: unknown; props: Record<string, unknown> & { children?: ReactNode } };

export function renderToStaticMarkup(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === "boolean") return "";
  if (typeof node === "string" || typeof node === "number" || typeof node === "bigint") return escapeHtml(String(node));
  if (Array.isArray(node)) return node.map((n) => renderToStaticMarkup(n as ReactNode)).join("");
  if (typeof node !== "object" || !("type" in node)) throw new Error("mail templates render plain elements only");
  const el = node as unknown as Element;
  const { type, props } = el;
  if (type === FRAGMENT) return renderToStaticMarkup(props.children);
  if (typeof type === "function") return renderToStaticMarkup((type as (p: unknown) => ReactNode)(props));
  if (typeof type !== "string") throw new Error("mail templates render plain elements only");
  const open = `<${type}${attributes(props)}>`;
  if (VOID.has(type)) return open;
  const inner = props.dangerouslySetInnerHTML
    ? String((props.dangerouslySetInnerHTML as { __html: string }).__html)
    : renderToStaticMarkup(props.children);
  return `${open}${inner}</${type}>`;
}
