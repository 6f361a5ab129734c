// mcp-framework's MCPTool.validate() computes the input schema of a tool whose `schema` is a Zod object
// and throws "Missing descriptions for fields in <tool>: …" for every field without a description.
// The schema is read where the class writes it and followed where real tools keep it: a const of the
// file or of a module it imports, `Base.extend({ … })`, fields spread in from a const object,
// `.strict()` and the like (which keep the fields), `.describe()` on the object (which describes the
// object, not its fields). A field is described when its Zod chain calls `.describe(…)` or `.meta(…)`.
// Anything else (a helper building the schema or a field) is said to be unknown, never guessed.
import type { DialectRun } from "../../core/dialect";
import type { ClassRef } from "../../core/evaluate/values";
import { parseFile } from "../../core/summarize/parseFile";
import { ts } from "../../core/typescript";
import { findClass } from "./classDeclarations";
import { constDeclaration } from "../../core/evaluate/constDeclarations";

export type SchemaDescriptions =
  /** A Zod object schema whose fields are all read: those without a description. */
  | { readonly k: "read"; readonly missing: readonly string[] }
  /** Not a Zod object (the legacy `{ field: { type, description } }` format, or none): nothing to check. */
  | { readonly k: "none" }
  /** Part of it is not read statically: why. */
  | { readonly k: "unknown"; readonly why: string };

/** An expression with the file it is written in. */
interface Written {
  readonly node: ts.Expression;
  readonly sf: ts.SourceFile;
  readonly file: string;
}

const MAX_DEPTH = 10;
/** Zod object methods that keep the fields as they are. */
const KEEPS_FIELDS = new Set(["strict", "passthrough", "strip", "describe", "meta", "catchall"]);
const DESCRIBED = /\.\s*(?:describe|meta)\s*\(/;

/** What the class's own `schema` field says of its fields' descriptions. */
export function schemaDescriptions(run: DialectRun, ref: ClassRef): SchemaDescriptions {
  const cls = run.ev.summary(ref.file)?.classes[ref.index];
  const text = run.fileText(ref.file);
  if (!cls || text === undefined || !/\bschema\b/.test(text.slice(cls.span.start, cls.span.end))) return { k: "none" };
  const sf = parseFile(ref.file, text);
  const member = findClass(sf, cls.span.start)?.members.find((m): m is ts.PropertyDeclaration => ts.isPropertyDeclaration(m) && ts.isIdentifier(m.name) && m.name.text === "schema");
  if (!member?.initializer) return { k: "none" };
  const schema = resolve(run, { node: member.initializer, sf, file: ref.file }, 0);
  if (!schema) return { k: "unknown", why: `its schema (${short(member.initializer.getText(sf))}) is not read statically` };
  if (ts.isObjectLiteralExpression(schema.node)) return { k: "none" };
  const fields = objectFields(run, schema, 0);
  if (fields === "not-object") return { k: "none" };
  if (fields === undefined) return { k: "unknown", why: `its schema (${short(schema.node.getText(schema.sf))}) is not read statically` };
  const missing: string[] = [];
  for (const [name, field] of fields) {
    const written = resolve(run, field, 0);
    const chain = written?.node.getText(written.sf);
    if (chain === undefined || !/^z\s*\./.test(chain)) return { k: "unknown", why: `its schema's field ${name} (${short(field.node.getText(field.sf))}) is not read statically` };
    if (!DESCRIBED.test(chain)) missing.push(name);
  }
  return { k: "read", missing };
}

/** The fields of a Zod object schema; "not-object" for a Zod schema of another kind; undefined when not read. */
function objectFields(run: DialectRun, at: Written, depth: number): Map<string, Written> | "not-object" | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const node = unwrap(at.node);
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return undefined;
  const method = node.expression.name.text;
  const object = { ...at, node: node.expression.expression };
  const arg = node.arguments[0] && { ...at, node: node.arguments[0] };
  if (/^z$/.test(object.node.getText(at.sf))) return method === "object" && arg ? literalFields(run, arg, depth + 1) : "not-object";
  if (method === "extend" && arg) {
    const base = resolve(run, object, depth + 1);
    const fields = base && objectFields(run, base, depth + 1);
    const added = literalFields(run, arg, depth + 1);
    return fields instanceof Map && added ? new Map([...fields, ...added]) : undefined;
  }
  if (KEEPS_FIELDS.has(method)) {
    const base = resolve(run, object, depth + 1);
    return base && objectFields(run, base, depth + 1);
  }
  return undefined;
}

/** The entries of an object literal of fields (through a const, with spreads of const objects). */
function literalFields(run: DialectRun, at: Written, depth: number): Map<string, Written> | undefined {
  const found = resolve(run, at, depth);
  if (!found || !ts.isObjectLiteralExpression(found.node) || depth > MAX_DEPTH) return undefined;
  const fields = new Map<string, Written>();
  for (const p of found.node.properties) {
    if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) fields.set(p.name.text, { ...found, node: p.initializer });
    else if (ts.isShorthandPropertyAssignment(p)) fields.set(p.name.text, { ...found, node: p.name });
    else if (ts.isSpreadAssignment(p)) {
      const spread = literalFields(run, { ...found, node: p.expression }, depth + 1);
      if (!spread) return undefined;
      for (const [k, v] of spread) fields.set(k, v);
    } else return undefined;
  }
  return fields;
}

/** The expression a name stands for: a const of its file, or the const a module it imports exports. */
function resolve(run: DialectRun, at: Written, depth: number): Written | undefined {
  const node = unwrap(at.node);
  if (!ts.isIdentifier(node)) return { ...at, node };
  if (depth > MAX_DEPTH) return undefined;
  const local = topLevelConst(at.sf, node.text);
  if (local) return resolve(run, { ...at, node: local }, depth + 1);
  // Imported: the module (followed through re-exports) that declares it, read as a tree there.
  const declared = constDeclaration(run.ev, at.file, node.text);
  const text = declared && declared.file !== at.file ? run.fileText(declared.file) : undefined;
  if (!declared || text === undefined) return undefined;
  const sf = parseFile(declared.file, text);
  const init = topLevelConst(sf, declared.name);
  return init ? resolve(run, { node: init, sf, file: declared.file }, depth + 1) : undefined;
}

/** The initialiser of `const name = init` at the top level of a file. */
function topLevelConst(sf: ts.SourceFile, name: string): ts.Expression | undefined {
  for (const s of sf.statements) {
    if (!ts.isVariableStatement(s) || !(s.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const d of s.declarationList.declarations) if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer) return d.initializer;
  }
  return undefined;
}

function unwrap(node: ts.Expression): ts.Expression {
  let cur = node;
  while (ts.isParenthesizedExpression(cur) || ts.isAsExpression(cur) || ts.isSatisfiesExpression(cur) || ts.isNonNullExpression(cur)) cur = cur.expression;
  return cur;
}

function short(text: string): string {
  const one = text.replace(/\s+/g, " ");
  return one.length > 60 ? `${one.slice(0, 57)}…` : one;
}
