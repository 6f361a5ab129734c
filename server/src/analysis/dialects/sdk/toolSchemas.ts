// What a tool's schema argument is, read from the syntax: SDK v1 from 1.28.0 checks it when the tool
// is registered and throws at start-up on what it cannot use. `registerTool`'s `inputSchema` and
// `outputSchema` must be a Zod schema or a raw shape (an object with at least one Zod field, or
// empty): a JSON Schema object is refused ("inputSchema must be a Zod schema or raw shape, received
// an unrecognized object"). `tool(name, description?, X, cb)` reads an X that is not a raw shape as
// the tool's annotations, whose values are primitives: a Zod schema (`z.object({...})`) or a JSON
// Schema there is refused ("expected a Zod schema or ToolAnnotations, but received an unrecognized
// object"). Only what the source settles is classified; anything else is "unknown" and no claim.
import type { ImportBinding, ValueExpr } from "../../core/model/summary";

/**
 * `zod`: a Zod schema (`v3` when imported from `zod/v3`); `raw-shape`: an object of Zod fields (or
 * `{}`), `v3Field` when one of them is Zod 3's; `plain`: an object of no Zod field.
 */
export type SchemaKind =
  | { readonly k: "zod"; readonly v3: boolean; readonly module: string }
  | { readonly k: "raw-shape"; readonly v3Field: boolean }
  | { readonly k: "plain"; readonly nestedObject: boolean }
  | { readonly k: "unknown" };

/** What a name stands for where it is read: an expression (read with its own lookup), an import, or nothing known. */
export interface SchemaLookup {
  resolve(name: string): { readonly expr: ValueExpr; readonly lookup: SchemaLookup } | { readonly imported: ImportBinding } | undefined;
  /** `ns.Name` with `import * as ns from "./module"`: the const the module exports under that name. */
  member?(ns: string, name: string): { readonly expr: ValueExpr; readonly lookup: SchemaLookup } | undefined;
}

const UNKNOWN: SchemaKind = { k: "unknown" };
const MAX_DEPTH = 8;

/** A module Zod is imported from: `zod`, `zod/v4`, `zod/v3`, `zod/mini`. */
function isZodModule(specifier: string): boolean {
  return specifier === "zod" || specifier.startsWith("zod/");
}

export function schemaKind(e: ValueExpr, lookup: SchemaLookup, depth = 0): SchemaKind {
  if (depth > MAX_DEPTH) return UNKNOWN;
  switch (e.k) {
    case "ref": {
      const found = lookup.resolve(e.name);
      if (!found || "imported" in found) return UNKNOWN;
      return schemaKind(found.expr, found.lookup, depth + 1);
    }
    case "call": {
      // `zodToJsonSchema(Args)`, `z.toJSONSchema(Args)`: a JSON Schema made from a Zod one.
      if (makesJsonSchema(e, lookup)) return { k: "plain", nestedObject: true };
      const zod = zodModule(e, lookup);
      return zod === undefined ? UNKNOWN : { k: "zod", v3: zod === "zod/v3", module: zod };
    }
    case "get": {
      if (e.key.k !== "static") return UNKNOWN;
      // `Args.shape`: the fields of a Zod object, a raw shape.
      if (e.key.name === "shape") {
        const of = schemaKind(e.object, lookup, depth + 1);
        if (of.k === "zod") return { k: "raw-shape", v3Field: of.v3 };
      }
      const held = memberOf(e.object, e.key.name, lookup, depth);
      return held ? schemaKind(held.expr, held.lookup, depth + 1) : UNKNOWN;
    }
    case "obj":
      return objectKind(e, lookup, depth);
    default:
      return UNKNOWN;
  }
}

/** The package whose functions turn a Zod schema into a JSON Schema object. */
const JSON_SCHEMA_MAKERS = new Set(["zod-to-json-schema"]);

function makesJsonSchema(e: Extract<ValueExpr, { k: "call" }>, lookup: SchemaLookup): boolean {
  const callee = e.callee;
  if (callee.k === "get") return callee.key.k === "static" && callee.key.name === "toJSONSchema" && zodModule(callee.object, lookup) !== undefined;
  if (callee.k !== "ref") return false;
  const found = lookup.resolve(callee.name);
  return found !== undefined && "imported" in found && JSON_SCHEMA_MAKERS.has(found.imported.specifier);
}

/**
 * `object.name` where the source settles it: a namespace import's export, or the last entry of that
 * name in an object literal of plain entries (a const, here or imported).
 */
function memberOf(object: ValueExpr, name: string, lookup: SchemaLookup, depth: number): { readonly expr: ValueExpr; readonly lookup: SchemaLookup } | undefined {
  if (object.k === "ref") {
    const found = lookup.resolve(object.name);
    if (found && "imported" in found) return found.imported.imported === "*" ? lookup.member?.(object.name, name) : undefined;
  }
  const held = objectOf(object, lookup, depth + 1);
  if (!held || held.obj.entries.some((x) => x.k !== "prop" || x.key.k !== "static")) return undefined;
  const entry = [...held.obj.entries].reverse().find((x) => x.k === "prop" && x.key.k === "static" && x.key.name === name);
  return entry?.k === "prop" ? { expr: entry.value, lookup: held.lookup } : undefined;
}

/** `z.string()`, `z.object({...}).describe("…")`: a call chain on a name imported from Zod; the module it is imported from. */
function zodModule(e: ValueExpr, lookup: SchemaLookup): string | undefined {
  let root = e;
  while (root.k === "call" || root.k === "get") root = root.k === "call" ? root.callee : root.object;
  if (root.k !== "ref") return undefined;
  const found = lookup.resolve(root.name);
  return found !== undefined && "imported" in found && isZodModule(found.imported.specifier) ? found.imported.specifier : undefined;
}

function objectKind(e: Extract<ValueExpr, { k: "obj" }>, lookup: SchemaLookup, depth: number): SchemaKind {
  if (e.entries.length === 0) return { k: "raw-shape", v3Field: false };
  let nestedObject = false;
  let zodField: { v3: boolean } | undefined;
  for (const entry of e.entries) {
    if (entry.k !== "prop" || entry.key.k !== "static") return UNKNOWN;
    const v = entry.value;
    if (v.k === "lit") continue;
    if (v.k === "obj" || v.k === "arr") {
      // `{ type: "object", properties: { … } }`: no Zod field can hide in a nested literal at this level.
      nestedObject = true;
      continue;
    }
    const kind = schemaKind(v, lookup, depth + 1);
    if (kind.k === "zod") {
      zodField = { v3: (zodField?.v3 ?? false) || kind.v3 };
      continue;
    }
    if (kind.k === "plain" || kind.k === "raw-shape") {
      nestedObject = true;
      continue;
    }
    return UNKNOWN;
  }
  // One Zod field makes a raw shape for SDK v1, whatever the others are.
  return zodField ? { k: "raw-shape", v3Field: zodField.v3 } : { k: "plain", nestedObject };
}

/** An object literal the expression stands for (through consts), with the lookup its parts are read with. */
export function objectOf(e: ValueExpr, lookup: SchemaLookup, depth = 0): { obj: Extract<ValueExpr, { k: "obj" }>; lookup: SchemaLookup } | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (e.k === "obj") return { obj: e, lookup };
  if (e.k !== "ref") return undefined;
  const found = lookup.resolve(e.name);
  return found && "expr" in found ? objectOf(found.expr, found.lookup, depth + 1) : undefined;
}

/**
 * Why the SDK (1.28.0+) refuses this `registerTool`/`tool` call's schema at registration, in words
 * ending the diagnostic's first sentence; undefined when it is accepted or the source does not settle it.
 */
export function refusedSchema(e: { readonly method: string; readonly args: readonly ValueExpr[] }, lookup: SchemaLookup, version: "v1" | "v2" = "v1"): string | undefined {
  if (version === "v2") return refusedByV2(e, lookup);
  if (e.method === "registerTool") {
    const config = e.args[1] && objectOf(e.args[1], lookup);
    if (!config) return undefined;
    for (const entry of config.obj.entries) {
      if (entry.k !== "prop" || entry.key.k !== "static") continue;
      const key = entry.key.name;
      if (key !== "inputSchema" && key !== "outputSchema") continue;
      if (schemaKind(entry.value, config.lookup).k === "plain") {
        return (
          `its ${key} is neither a Zod schema nor a raw shape of Zod fields (a JSON Schema object?), and the SDK refuses it when the tool is registered ` +
          `("inputSchema must be a Zod schema or raw shape, received an unrecognized object"), so the server does not start. ` +
          `Write it with Zod: { name: z.string() }.`
        );
      }
    }
    return undefined;
  }
  if (e.method !== "tool") return undefined;
  const shape = toolShapeArgument(e, lookup);
  if (!shape) return undefined;
  const kind = schemaKind(shape, lookup);
  if (kind.k === "zod") {
    return (
      `a Zod schema (z.object(...)) is not a raw shape, so tool() reads it as the tool's annotations and refuses it ` +
      `("expected a Zod schema or ToolAnnotations, but received an unrecognized object"), so the server does not start. ` +
      `Pass the raw shape ({ name: z.string() }, or the schema's .shape), or use registerTool with inputSchema.`
    );
  }
  if (kind.k === "plain" && kind.nestedObject) {
    return (
      `an object with no Zod field is not a raw shape, so tool() reads it as the tool's annotations, whose values are primitives, and refuses it ` +
      `("expected a Zod schema or ToolAnnotations, but received an unrecognized object"), so the server does not start. ` +
      `Write the parameters with Zod: { name: z.string() }.`
    );
  }
  return undefined;
}

/** `tool(name, description?, X, ..., cb)`: the X the SDK takes as a raw shape or annotations, when the source settles where it is. */
export function toolShapeArgument(e: { readonly method: string; readonly args: readonly ValueExpr[] }, lookup: SchemaLookup): ValueExpr | undefined {
  const rest = e.args.slice(1);
  const first = rest[0];
  if (!first) return undefined;
  // A string second argument is the description.
  if (isString(first, lookup)) rest.shift();
  // Neither a string nor an object the source settles: whether it is the description is not known.
  else if (!objectOf(first, lookup) && schemaKind(first, lookup).k !== "zod") return undefined;
  return rest.length < 2 ? undefined : rest[0];
}

/**
 * The edit that gives `tool()` the raw shape of the Zod object it was given: `z.object({ ... })`
 * becomes its `{ ... }`, a const holding one is read as `Const.shape`.
 */
export function rawShapeEdit(e: { readonly method: string; readonly args: readonly ValueExpr[] }, lookup: SchemaLookup, text: string): { readonly title: string; readonly span: { start: number; end: number }; readonly newText: string } | undefined {
  if (e.method !== "tool") return undefined;
  const shape = toolShapeArgument(e, lookup);
  if (!shape || schemaKind(shape, lookup).k !== "zod") return undefined;
  if (shape.k === "call" && shape.callee.k === "get" && shape.callee.key.k === "static" && shape.callee.key.name === "object" && shape.args.length === 1 && shape.args[0]!.k === "obj") {
    const inner = shape.args[0]!.span;
    return { title: "Pass the raw shape instead of z.object(...)", span: shape.span, newText: text.slice(inner.start, inner.end) };
  }
  if (shape.k === "ref") return { title: `Pass ${shape.name}.shape`, span: { start: shape.span.end, end: shape.span.end }, newText: ".shape" };
  return undefined;
}

/** A string literal, or a const holding one. */
function isString(e: ValueExpr, lookup: SchemaLookup, depth = 0): boolean {
  if (e.k === "lit") return typeof e.value === "string";
  if (e.k !== "ref" || depth > MAX_DEPTH) return false;
  const found = lookup.resolve(e.name);
  return found !== undefined && "expr" in found && isString(found.expr, found.lookup, depth + 1);
}

/** The config keys SDK v2 normalises (`normalizeRawShapeSchema`) when a tool or a prompt is registered. */
const V2_SCHEMA_KEYS: Readonly<Record<string, readonly string[]>> = { registerTool: ["inputSchema", "outputSchema"], registerPrompt: ["argsSchema"] };

/**
 * SDK v2 takes a Standard Schema (`z.object(...)`) or a raw shape of Zod 4 fields, and throws on
 * anything else when the tool or prompt is registered: a raw shape with a Zod 3 field (`zod/v3`), or a
 * plain object such as a JSON Schema (which goes through `fromJsonSchema`).
 */
function refusedByV2(e: { readonly method: string; readonly args: readonly ValueExpr[] }, lookup: SchemaLookup): string | undefined {
  const keys = V2_SCHEMA_KEYS[e.method];
  const config = keys && e.args[1] && objectOf(e.args[1], lookup);
  if (!keys || !config) return undefined;
  for (const entry of config.obj.entries) {
    if (entry.k !== "prop" || entry.key.k !== "static" || !keys.includes(entry.key.name)) continue;
    const key = entry.key.name;
    const kind = schemaKind(entry.value, config.lookup);
    if (kind.k === "raw-shape" && kind.v3Field) {
      return (
        `its ${key} is a raw shape with a Zod 3 field (imported from zod/v3), and SDK v2 takes Zod 4 fields only ` +
        `("Raw-shape inputSchema/outputSchema/argsSchema fields must be Zod v4 schemas"), so the registration throws. Import z from zod/v4, or wrap the fields in z.object(...).`
      );
    }
    if (kind.k === "plain") {
      return (
        `its ${key} is neither a Standard Schema nor a raw shape of Zod fields (a JSON Schema object?), and SDK v2 refuses it ` +
        `("inputSchema/outputSchema/argsSchema must be a Standard Schema (e.g. z.object({...})) or a raw Zod shape"), so the registration throws. Write it with Zod, or wrap a JSON Schema with fromJsonSchema(...).`
      );
    }
  }
  return undefined;
}
