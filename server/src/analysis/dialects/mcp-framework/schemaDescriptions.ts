// mcp-framework's MCPTool.validate() computes the input schema of a tool whose `schema` is a Zod object
// and throws "Missing descriptions for fields in <tool>: …" for every field without a description,
// nested objects' fields included. The schema is read where the class (or the base class it inherits
// `schema` from) writes it, and followed where real tools keep it: a const of the file or of a module
// it imports, `Base.extend({ … })`, fields spread in from a const object, `.strict()` and the like
// (which keep the fields), `.describe()` on the object (which describes the object, not its fields).
// A field's description is its Zod chain's, as zod 3 keeps it (the framework's zod): `.describe("…")`
// and `{ description }` set it, most methods carry it over, and `.refine()`, `.superRefine()`,
// `.array()`, `.readonly()` and `.pipe()` make a schema without one. A schema made with zod 4 is not
// checked at all (the framework's own zod 3 does not take it for a Zod object). Anything else (a
// helper building the schema or a field, a method not listed) is said to be unknown, never guessed.
import type { DialectRun } from "../../core/dialect";
import type { ClassRef } from "../../core/evaluate/values";
import type { ClassSummary, FileSummary } from "../../core/model/summary";
import { toolBase, unfollowedBase } from "./toolBase";
import { declaredRange } from "../../core/project/declaredPackage";
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
/** zod 3 methods whose schema keeps the description of the one they are called on (read in zod 3.25's build). */
const KEEPS_DESCRIPTION = new Set([
  "optional", "nullable", "nullish", "default", "catch", "transform", "or", "and", "brand",
  "min", "max", "length", "nonempty", "email", "url", "emoji", "uuid", "nanoid", "cuid", "cuid2", "ulid", "regex",
  "includes", "startsWith", "endsWith", "datetime", "date", "time", "duration", "ip", "cidr", "base64", "jwt",
  "trim", "toLowerCase", "toUpperCase", "int", "positive", "negative", "nonnegative", "nonpositive", "finite",
  "safe", "multipleOf", "step", "gt", "gte", "lt", "lte", "strict", "passthrough", "strip", "catchall", "partial",
  "deepPartial", "required", "extend", "merge", "pick", "omit", "keyof",
]);
/** zod 3 methods whose schema has no description of its own. */
const DROPS_DESCRIPTION = new Set(["refine", "superRefine", "array", "readonly", "pipe", "promise"]);
/** What the framework unwraps before it looks at a field's type (and a nested object's fields). */
const UNWRAPPED = new Set(["optional", "nullable", "nullish", "default"]);
/** zod 3 methods whose schema is not a ZodObject, whatever they are called on. */
const WRAPS_OBJECT = new Set(["refine", "superRefine", "transform", "array", "optional", "nullable", "nullish", "default", "catch", "pipe", "readonly", "or", "and", "brand", "promise"]);
/** Methods of a Zod object that give another set of fields (not followed for a nested object). */
const RESHAPES = new Set(["extend", "merge", "pick", "omit", "partial", "deepPartial", "required"]);
/** Methods after which a `z.object(...)` field is still an object the framework reads the fields of. */
const STAYS_OBJECT = new Set([...UNWRAPPED, ...KEEPS_FIELDS]);

/** What the `schema` field the class has (its own, or a base class's) says of its fields' descriptions. */
export function schemaDescriptions(run: DialectRun, ref: ClassRef, depth = 0): SchemaDescriptions {
  const summary = run.ev.summary(ref.file);
  const cls = summary?.classes[ref.index];
  const text = run.fileText(ref.file);
  if (!summary || !cls || text === undefined) return { k: "none" };
  const declared = cls.members.find((m) => m.name === "schema" && !m.isStatic);
  if (!declared) return inheritedSchema(run, summary, cls, ref.file, depth);
  if (declared.kind === "accessor" || declared.kind === "method") return { k: "unknown", why: `its schema is a ${declared.kind === "method" ? "method" : "getter"}, which the analysis does not run` };
  const sf = parseFile(ref.file, text);
  const member = findClass(sf, cls.span.start)?.members.find((m): m is ts.PropertyDeclaration => ts.isPropertyDeclaration(m) && ts.isIdentifier(m.name) && m.name.text === "schema");
  if (!member?.initializer) return { k: "unknown", why: "its schema is declared without a value here, and what the constructor sets is not read" };
  if (!checkedByFramework(run, summary, ref.file, member.initializer, sf)) return { k: "none" };
  const schema = resolve(run, { node: member.initializer, sf, file: ref.file }, 0);
  if (!schema) return { k: "unknown", why: `its schema (${short(member.initializer.getText(sf))}) is not read statically` };
  if (ts.isObjectLiteralExpression(schema.node)) return { k: "none" };
  const fields = objectFields(run, schema, 0);
  if (fields === "not-object") return { k: "none" };
  if (fields === undefined) return { k: "unknown", why: `its schema (${short(schema.node.getText(schema.sf))}) is not read statically` };
  const missing: string[] = [];
  const unknown = fieldsMissing(run, fields, "", missing, 0);
  return unknown ? { k: "unknown", why: unknown } : { k: "read", missing };
}

/** A class without a `schema` of its own: its base class's, up to MCPTool (which has none). */
function inheritedSchema(run: DialectRun, summary: FileSummary, cls: ClassSummary, file: string, depth: number): SchemaDescriptions {
  const base = toolBase(run, summary, cls, file, depth);
  if (base.k === "unfollowed") return { k: "unknown", why: unfollowedBase(cls, base, ", which may set its schema,") };
  return base.k === "class" ? schemaDescriptions(run, base.cls, depth + 1) : { k: "none" };
}

/**
 * Adds to `missing` the fields (as `path.field`) without a description, nested objects' fields
 * included, as the framework walks them; the reason when one is not read.
 */
function fieldsMissing(run: DialectRun, fields: Map<string, Written>, prefix: string, missing: string[], depth: number): string | undefined {
  for (const [name, field] of fields) {
    const path = prefix + name;
    const chain = chainOf(run, field, 0);
    if (!chain) return `its schema's field ${path} (${short(field.node.getText(field.sf))}) is not read statically`;
    const described = describedBy(chain);
    if (described === undefined) return `its schema's field ${path} (${short(field.node.getText(field.sf))}) is not read statically`;
    if (!described) missing.push(path);
    // `z.object({ … })` (optional, with a default, described): the framework reads its fields too.
    if (chain.root === "object" && chain.calls.some((c) => RESHAPES.has(c.name))) return `its schema's field ${path} (${short(field.node.getText(field.sf))}) is not read statically`;
    if (chain.root === "object" && chain.calls.every((c) => STAYS_OBJECT.has(c.name))) {
      if (depth > MAX_DEPTH) return `its schema nests objects deeper than the analysis reads (${path})`;
      const nested = chain.rootArgs[0] && literalFields(run, { ...chain.at, node: chain.rootArgs[0] }, 0);
      if (!nested) return `its schema's field ${path} (${short(field.node.getText(field.sf))}) is not read statically`;
      const inner = fieldsMissing(run, nested, `${path}.`, missing, depth + 1);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** A field written as a Zod chain: `z.<root>(rootArgs)` then each method called on it, innermost first. */
interface Chain {
  readonly root: string;
  readonly rootArgs: readonly ts.Expression[];
  readonly calls: readonly { readonly name: string; readonly args: readonly ts.Expression[] }[];
  /** Where `z.<root>(…)` is written. */
  readonly at: Written;
}

/** The Zod chain of a field, through consts its start is held in; undefined when it is not one. */
function chainOf(run: DialectRun, field: Written, depth: number): Chain | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const calls: { name: string; args: readonly ts.Expression[] }[] = [];
  let node = unwrap(field.node);
  let at = field;
  for (;;) {
    if (ts.isIdentifier(node)) {
      const held = resolve(run, { ...at, node }, depth + 1);
      if (!held || ts.isIdentifier(held.node)) return undefined;
      const inner = chainOf(run, held, depth + 1);
      return inner && { ...inner, calls: [...inner.calls, ...calls.reverse()] };
    }
    if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return undefined;
    const callee = node.expression;
    const target = unwrap(callee.expression);
    if (ts.isIdentifier(target) && target.text === "z") return { root: callee.name.text, rootArgs: node.arguments, calls: calls.reverse(), at: { ...at, node } };
    calls.push({ name: callee.name.text, args: node.arguments });
    node = target;
    at = { ...at, node };
  }
}

/** Whether zod 3 gives the field a description (true), none (false), or the source does not say (undefined). */
function describedBy(chain: Chain): boolean | undefined {
  // `z.optional(inner)` and the like: the framework unwraps it and reads the inner schema's.
  let described = rootDescription(chain);
  if (described === undefined) return undefined;
  for (const call of chain.calls) {
    if (call.name === "describe") {
      const text = literalText(call.args[0]);
      if (text === undefined) return undefined;
      described = text !== "";
    } else if (call.name === "meta") described = true;
    else if (DROPS_DESCRIPTION.has(call.name)) described = false;
    else if (!KEEPS_DESCRIPTION.has(call.name)) return undefined;
  }
  return described;
}

/** `z.string({ description: "…" })`: the description the constructor's options give (false: none). */
function rootDescription(chain: Chain): boolean | undefined {
  // `z.optional(inner)`: the framework would read the inner schema's, which is not followed here.
  if (UNWRAPPED.has(chain.root)) return undefined;
  for (const arg of chain.rootArgs) {
    const a = unwrap(arg);
    // The shape of `z.object({ description: … })` is not its options.
    if (!ts.isObjectLiteralExpression(a) || (chain.root === "object" && arg === chain.rootArgs[0])) continue;
    const d = a.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === "description");
    if (!d) continue;
    const text = ts.isPropertyAssignment(d) ? literalText(d.initializer) : undefined;
    return text === undefined ? undefined : text !== "";
  }
  return false;
}

function literalText(node: ts.Expression | undefined): string | undefined {
  const n = node && unwrap(node);
  return n && (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) ? n.text : undefined;
}

/**
 * Whether the framework's zod sees the schema as a Zod object: mcp-framework depends on zod 3 and
 * tests `schema instanceof z.ZodObject` with its own copy. A schema made with zod 4 (a project
 * installing zod 4 gets zod 3 nested under the framework) or with `zod/v4` is not one: the framework
 * then reads it as its older plain format and checks no description. False only when the source or
 * the install says so; a project whose zod is not known is taken at its word (zod 3, as the
 * framework's templates have it).
 */
function checkedByFramework(run: DialectRun, summary: FileSummary, file: string, initializer: ts.Expression, sf: ts.SourceFile): boolean {
  const z = summary.imports.get("z");
  if (z && /^zod\/(?:v4|mini)(?:\/|$)/.test(z.specifier) && /^\s*z\s*\./.test(initializer.getText(sf))) return false;
  const version = run.installedVersion(file, "zod") ?? declaredRange(file, "zod", run.fileText, run.withinWorkspace)?.range;
  const major = version === undefined ? undefined : /^[\s^~=v>]*(\d+)/.exec(version)?.[1];
  return major === undefined || Number(major) < 4;
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
  if (KEEPS_FIELDS.has(method) || method === "partial") {
    const base = resolve(run, object, depth + 1);
    return base && objectFields(run, base, depth + 1);
  }
  // `A.merge(B)`: A's fields, then B's.
  if (method === "merge" && arg) {
    const base = resolve(run, object, depth + 1);
    const fields = base && objectFields(run, base, depth + 1);
    const other = resolve(run, arg, depth + 1);
    const added = other && objectFields(run, other, depth + 1);
    return fields instanceof Map && added instanceof Map ? new Map([...fields, ...added]) : undefined;
  }
  // `A.pick({ a: true })`, `A.omit({ b: true })`: the fields the literal names, or all the others.
  if ((method === "pick" || method === "omit") && arg) {
    const base = resolve(run, object, depth + 1);
    const fields = base && objectFields(run, base, depth + 1);
    const keys = literalFields(run, arg, depth + 1);
    if (!(fields instanceof Map) || !keys) return undefined;
    return new Map([...fields].filter(([name]) => keys.has(name) === (method === "pick")));
  }
  // `.refine()`, `.optional()`, `.array()` and the like wrap the object in another kind of schema: the
  // framework's `instanceof z.ZodObject` is false, and it checks no description.
  if (WRAPS_OBJECT.has(method)) return "not-object";
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
