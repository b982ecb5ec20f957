import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * one calling convention for the domain verbs (lib/services/README.md, "Calling convention").
 *
 * A verb is an exported function of lib/services that the edge imports: app/** (route handlers, pages),
 * lib/actions (server actions) and components/** (server components). Only those are checked; helpers
 * used inside lib/services (`isBlocked(a, b, tx)`, batch loaders…) are free.
 *
 * The rule, read from the syntax of lib/services with the TypeScript compiler API:
 * - A verb that acts for or reads as a caller is one with a parameter named viewer / viewerId / userId /
 *   ownerId, or typed with `Viewer`, or an object parameter (destructured, a type literal, or a type
 *   alias of this file) with a `viewer`, `userId` or `ownerId` property.
 * - Such a verb takes `(viewer, input)`: its first parameter is a plain identifier named `viewer`, and at
 *   most one more parameter, the input, which is an object (a type literal, a destructured object or a
 *   named type — not number, string, boolean, Date or an array). A trailing transaction runner
 *   (`tx` / `runner`, so the verb can join a caller's transaction) does not count.
 * - A verb with no such parameter is a public read or a pure helper that does not depend on who asks
 *   (`getTag(id)`, `listCategories()`, `buildFeed(...)`, sign-in and registration, which run before
 *   there is a viewer): it is not checked. So `export async function foo(id: number, viewer: Viewer)`
 *   used from app/ fails, and so does `bar(userId: number, input)`.
 * - ALLOWED lists the genuine exceptions, each with its reason.
 */
const ALLOWED: Record<string, string> = {
  "notifications/email-prefs#unsubscribe":
    "one-click unsubscribe from a mail link (RFC 8058): no sign-in, the signed link names the member",
  "social/follows#followCounts": "public counts of the profile's member (userId is whose profile, not the caller)",
  "users/medal-list#listMedals": "public list of medals; the optional userId (GET /api/medals?userId=) is whose, not the caller",
};

const root = path.resolve(__dirname, "../..");
const CALLER_NAMES = new Set(["viewer", "viewerId", "userId", "ownerId"]);
const CALLER_PROPS = new Set(["viewer", "userId", "ownerId"]);
const RUNNER_NAMES = new Set(["tx", "runner"]);

function sources(dir: string, out: string[] = []): string[] {
  if (!existsSync(path.join(root, dir))) return out;
  for (const name of readdirSync(path.join(root, dir))) {
    const rel = path.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) sources(rel, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(rel);
  }
  return out;
}

function parse(file: string, text = readFileSync(path.join(root, file), "utf8")): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

/** `@/lib/services/x/y` value imports of the edge: "x/y#name" -> the files importing it. */
function edgeImports(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of [...sources("app"), ...sources("lib/actions"), ...sources("components")]) {
    for (const st of parse(file).statements) {
      if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
      const spec = st.moduleSpecifier.text;
      const clause = st.importClause;
      if (!spec.startsWith("@/lib/services/") || !clause || clause.isTypeOnly) continue;
      const named = clause.namedBindings;
      if (!named || !ts.isNamedImports(named)) continue;
      for (const el of named.elements) {
        if (el.isTypeOnly) continue;
        const key = `${spec.slice("@/lib/services/".length)}#${(el.propertyName ?? el.name).text}`;
        found.set(key, [...(found.get(key) ?? []), file]);
      }
    }
  }
  return found;
}

type Fn = { name: string; params: readonly ts.ParameterDeclaration[] };

/** Exported functions of one service file (declarations and `export const f = (…) =>`), with its type aliases. */
function exportedFunctions(sf: ts.SourceFile): { fns: Map<string, Fn>; aliases: Map<string, ts.TypeNode> } {
  const fns = new Map<string, Fn>();
  const aliases = new Map<string, ts.TypeNode>();
  for (const st of sf.statements) {
    if (ts.isTypeAliasDeclaration(st)) aliases.set(st.name.text, st.type);
    const exported = ts.canHaveModifiers(st) && ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    if (ts.isFunctionDeclaration(st) && st.name) fns.set(st.name.text, { name: st.name.text, params: st.parameters });
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) {
        const init = d.initializer;
        if (ts.isIdentifier(d.name) && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)))
          fns.set(d.name.text, { name: d.name.text, params: init.parameters });
      }
    }
  }
  return { fns, aliases };
}

/** Property names of an object type, following intersections and this file's aliases. */
function propsOf(type: ts.TypeNode | undefined, aliases: Map<string, ts.TypeNode>, seen = new Set<string>()): string[] {
  if (!type) return [];
  if (ts.isTypeLiteralNode(type)) return type.members.flatMap((m) => (m.name && ts.isIdentifier(m.name) ? [m.name.text] : []));
  if (ts.isIntersectionTypeNode(type) || ts.isUnionTypeNode(type)) return type.types.flatMap((t) => propsOf(t, aliases, seen));
  if (ts.isParenthesizedTypeNode(type)) return propsOf(type.type, aliases, seen);
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)) {
    const name = type.typeName.text;
    if ((name === "Omit" || name === "Pick" || name === "Partial") && type.typeArguments?.[0])
      return propsOf(type.typeArguments[0], aliases, seen);
    const target = aliases.get(name);
    if (target && !seen.has(name)) return propsOf(target, aliases, new Set([...seen, name]));
  }
  return [];
}

function paramProps(p: ts.ParameterDeclaration, aliases: Map<string, ts.TypeNode>): string[] {
  const fromPattern = ts.isObjectBindingPattern(p.name)
    ? p.name.elements.map((e) => ((e.propertyName ?? e.name) as ts.Identifier).text).filter(Boolean)
    : [];
  return [...fromPattern, ...propsOf(p.type, aliases)];
}

const nameOf = (p: ts.ParameterDeclaration) => (ts.isIdentifier(p.name) ? p.name.text : null);

function mentionsViewer(type: ts.TypeNode | undefined): boolean {
  let hit = false;
  const visit = (n: ts.Node) => {
    if (ts.isTypeReferenceNode(n) && ts.isIdentifier(n.typeName) && n.typeName.text === "Viewer") hit = true;
    n.forEachChild(visit);
  };
  if (type) visit(type);
  return hit;
}

function takesCaller(fn: Fn, aliases: Map<string, ts.TypeNode>): boolean {
  return fn.params.some(
    (p) => CALLER_NAMES.has(nameOf(p) ?? "") || mentionsViewer(p.type) || paramProps(p, aliases).some((prop) => CALLER_PROPS.has(prop)),
  );
}

function isObjectInput(p: ts.ParameterDeclaration): boolean {
  if (ts.isObjectBindingPattern(p.name)) return true;
  const t = p.type;
  if (!t) return false;
  if (ts.isArrayTypeNode(t)) return false;
  if (ts.isTypeReferenceNode(t) && ts.isIdentifier(t.typeName) && ["Date", "Array", "ReadonlyArray"].includes(t.typeName.text))
    return false;
  const primitive = [ts.SyntaxKind.NumberKeyword, ts.SyntaxKind.StringKeyword, ts.SyntaxKind.BooleanKeyword, ts.SyntaxKind.BigIntKeyword];
  return !primitive.includes(t.kind) && !ts.isLiteralTypeNode(t);
}

/** What is wrong with one verb's parameters (an empty list: it follows the convention or takes no caller). */
function problems(fn: Fn, aliases: Map<string, ts.TypeNode>): string[] {
  if (!takesCaller(fn, aliases)) return [];
  const [first, ...rest] = fn.params;
  const out: string[] = [];
  if (!first || nameOf(first) !== "viewer") out.push(`first parameter is ${first ? first.name.getText() : "missing"}, not viewer`);
  const inputs = rest.filter((p, i) => !(i === rest.length - 1 && RUNNER_NAMES.has(nameOf(p) ?? "")));
  if (inputs.length > 1) out.push(`${inputs.length} parameters after viewer, not one input object`);
  for (const p of inputs.slice(0, 1)) if (!isObjectInput(p)) out.push(`input ${p.name.getText()} is not an object`);
  return out;
}

function check(sf: ts.SourceFile, names: Iterable<string>): Record<string, string[]> {
  const { fns, aliases } = exportedFunctions(sf);
  const out: Record<string, string[]> = {};
  for (const name of names) {
    const fn = fns.get(name);
    const p = fn ? problems(fn, aliases) : [];
    if (p.length) out[name] = p;
  }
  return out;
}

describe("service calling convention (lib/services/README.md)", () => {
  const imports = edgeImports();
  const byFile = new Map<string, string[]>();
  for (const key of imports.keys()) {
    const [mod, name] = key.split("#") as [string, string];
    byFile.set(mod, [...(byFile.get(mod) ?? []), name]);
  }

  it("every verb the edge calls as a caller takes (viewer, input)", () => {
    const wrong: string[] = [];
    let verbs = 0;
    let withCaller = 0;
    for (const [mod, names] of byFile) {
      const file = `lib/services/${mod}.ts`;
      expect(existsSync(path.join(root, file)), `${file} (imported by ${imports.get(`${mod}#${names[0]}`)?.[0]})`).toBe(true);
      const sf = parse(file);
      const { fns, aliases } = exportedFunctions(sf);
      for (const name of names) {
        const fn = fns.get(name);
        if (!fn) continue; // a constant or a class, not a function
        verbs++;
        if (takesCaller(fn, aliases)) withCaller++;
        if (ALLOWED[`${mod}#${name}`]) continue;
        for (const p of problems(fn, aliases)) wrong.push(`${file} ${name}: ${p} (used by ${imports.get(`${mod}#${name}`)!.join(", ")})`);
      }
    }
    // The scan must see the domain, or it proves nothing.
    expect(verbs).toBeGreaterThan(100);
    expect(withCaller).toBeGreaterThan(80);
    expect(wrong).toEqual([]);
  });

  it("the allow-list names only verbs the edge still imports and that would fail without it", () => {
    for (const key of Object.keys(ALLOWED)) {
      const [mod, name] = key.split("#") as [string, string];
      expect(imports.has(key), `${key} is no longer imported by the edge: drop it from ALLOWED`).toBe(true);
      expect(check(parse(`lib/services/${mod}.ts`), [name])[name], `${key} now follows the convention: drop it from ALLOWED`).toBeDefined();
    }
  });

  it("rejects the shapes the convention replaced", () => {
    const sf = parse(
      "lib/services/example.ts",
      `type Args = { idOrUsername: string; viewer: Viewer | null; limit: number };
       export async function byIdThenViewer(id: number, viewer: Viewer) {}
       export async function meById(userId: number, input: { name: string }) {}
       export async function viewerInside(a: { id: number; viewer: Viewer }) {}
       export async function viewerInAlias(a: Args) {}
       export async function destructured({ viewer, id }: { viewer: Viewer; id: number }) {}
       export async function positional(viewer: Viewer, postId: number, on: boolean) {}
       export async function scalarInput(viewer: Viewer, commentId: number) {}
       export async function good(viewer: Viewer | null, input: { id: number }) {}
       export async function goodDestructured(viewer: Viewer, { id }: { id: number }, tx: DbOrTx = db) {}
       export async function goodNoInput(viewer: Pick<Viewer, "id">) {}
       export async function publicRead(id: number) {}`,
    );
    const found = check(sf, exportedFunctions(sf).fns.keys());
    expect(Object.keys(found).sort()).toEqual(
      ["byIdThenViewer", "destructured", "meById", "positional", "scalarInput", "viewerInAlias", "viewerInside"].sort(),
    );
  });
});
