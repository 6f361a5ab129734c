// SDK v1 from 1.23.0 builds an object schema from a raw shape (`{ a: z.string(), b: z3.string() }`)
// with the Zod whose fields it holds: all Zod 4 fields, or all Zod 3. A shape that mixes them throws
// "Mixed Zod versions detected in object shape." when the tool or prompt is registered. Which Zod a
// field is depends on where it is imported from: `zod/v3` is Zod 3, `zod/v4` and the mini flavours are
// Zod 4, and plain `zod` is whichever major is installed (3.x or 4.x). Said only when the source
// settles both flavours.
import type { ValueExpr } from "../../core/model/summary";
import { objectOf, schemaKind, toolShapeArgument, type SchemaLookup } from "./toolSchemas";
import type { ZodMain } from "./zodFlavours";

const MAX_SPREADS = 4;

/** Which major a schema imported from `module` is: known, `main` (plain `zod`, whose major is not known), or not known. */
function flavourOf(module: string, main: () => ZodMain | undefined): 3 | 4 | "main" | undefined {
  if (module === "zod/v3") return 3;
  if (module === "zod/v4" || /^zod\/(?:v4\/)?mini$|^zod\/v4-mini$/.test(module)) return 4;
  return module === "zod" ? (main() ?? "main") : undefined;
}

/** The raw shapes the registration hands the SDK, by the key (or argument) that holds each. */
function shapesOf(e: { readonly method: string; readonly args: readonly ValueExpr[] }, lookup: SchemaLookup): { key: string; expr: ValueExpr }[] {
  if (e.method === "tool") {
    const shape = toolShapeArgument(e, lookup);
    return shape ? [{ key: "raw shape", expr: shape }] : [];
  }
  const keys = e.method === "registerTool" ? ["inputSchema", "outputSchema"] : e.method === "registerPrompt" ? ["argsSchema"] : [];
  const config = keys.length > 0 && e.args[1] ? objectOf(e.args[1], lookup) : undefined;
  if (!config) return [];
  return config.obj.entries.flatMap((entry) => (entry.k === "prop" && entry.key.k === "static" && keys.includes(entry.key.name) ? [{ key: entry.key.name, expr: entry.value }] : []));
}

interface Flavours {
  readonly majors: Set<3 | 4>;
  /** A field of plain `zod`, whose major is not known. */
  plain: boolean;
}

/** The Zod majors of a raw shape's fields (spreads of known objects included). */
function fieldFlavours(expr: ValueExpr, lookup: SchemaLookup, main: () => ZodMain | undefined, out: Flavours, depth = 0): void {
  const shape = depth > MAX_SPREADS ? undefined : objectOf(expr, lookup);
  for (const entry of shape?.obj.entries ?? []) {
    if (entry.k === "spread") {
      fieldFlavours(entry.expr, shape!.lookup, main, out, depth + 1);
      continue;
    }
    const kind = schemaKind(entry.value, shape!.lookup);
    const major = kind.k === "zod" ? flavourOf(kind.module, main) : undefined;
    if (major === "main") out.plain = true;
    else if (major !== undefined) out.majors.add(major);
  }
}

/**
 * Why the registration throws for a raw shape mixing Zod 3 and Zod 4 fields, in words ending the
 * diagnostic's first sentence; `certain` is false when that depends on the installed zod's major (a
 * field of plain `zod` beside one of `zod/v3` or `zod/v4`, with no version read). Undefined when the
 * shape is one Zod or the source does not settle it.
 */
export function mixedZodShape(e: { readonly method: string; readonly args: readonly ValueExpr[] }, lookup: SchemaLookup, main: () => ZodMain | undefined): { why: string; certain: boolean } | undefined {
  for (const { key, expr } of shapesOf(e, lookup)) {
    // A Zod schema (`z.object(...)`) is used as it is; only a raw shape is built by the SDK.
    if (schemaKind(expr, lookup).k === "zod") continue;
    const found: Flavours = { majors: new Set(), plain: false };
    fieldFlavours(expr, lookup, main, found);
    const refusal = `("Mixed Zod versions detected in object shape."), so the registration throws`;
    if (found.majors.size >= 2) {
      return { certain: true, why: `its ${key} mixes Zod 3 and Zod 4 fields, and the SDK builds a raw shape's object with one Zod only ${refusal}. Import every field's z from the same module, or wrap the fields in z.object(...) of one Zod.` };
    }
    const [other] = found.majors;
    if (other !== undefined && found.plain) {
      return { certain: false, why: `its ${key} has fields of zod/v${other} and of zod, which is Zod ${other === 3 ? 4 : 3} when zod ${other === 3 ? 4 : 3}.x is installed: then the SDK ${refusal}, and which zod is installed is not known` };
    }
  }
  return undefined;
}
