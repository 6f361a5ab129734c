// fastmcp from 4.17.1 checks each tool as it is added (addTool, addTools): its `parameters` and
// `outputSchema` must be Standard Schemas (an object with a `~standard.validate`, as Zod 3.24+,
// Valibot and ArkType make). Anything else throws a UserError ("Tool 'x' parameters must implement
// Standard Schema") where the tool is added. What the source settles as not a Standard Schema is an
// object literal without a `~standard` key (a JSON Schema written by hand), written in place or held by
// a const; anything else (a call, a name the analysis does not follow) is taken to be one.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Loc } from "../../core/evaluate/values";
import type { Span, ValueExpr } from "../../core/model/summary";
import { constDeclaration } from "../../core/evaluate/constDeclarations";
import type { Registration } from "./replay";

const MAX_DEPTH = 6;
const SCHEMA_KEYS = ["parameters", "outputSchema"];

export interface RefusedTool {
  /** The tool's name when it is written as a string, for people. */
  readonly tool: string | undefined;
  readonly key: string;
  readonly loc: Loc;
  /** The installed zod the schema is made with, when that zod predates Standard Schema (else: not a Standard Schema at all). */
  readonly oldZod?: string;
}

/**
 * The first tool the registration adds whose schema is certainly not a Standard Schema. `oldZod`: the
 * installed zod (before 3.24) has none, so a schema built with it (`z.object(...)`) is not one either.
 */
export function refusedTool(ev: Evaluator, reg: Registration, oldZod?: string): RefusedTool | undefined {
  if ((reg.method !== "addTool" && reg.method !== "addTools") || !reg.arg) return undefined;
  const { file, expr } = reg.arg;
  const tools = reg.method === "addTools" ? listItems(ev, file, expr) : [{ file, expr }];
  for (const item of tools) {
    const tool = objectAt(ev, item.file, item.expr);
    if (!tool) continue;
    const name = prop(tool.obj, "name");
    const toolName = name?.k === "lit" && typeof name.value === "string" ? name.value : undefined;
    for (const key of SCHEMA_KEYS) {
      const entry = prop(tool.obj, key);
      if (!entry) continue;
      const schema = objectAt(ev, tool.file, entry);
      const at = { tool: toolName, key, loc: { file: tool.file, span: entry.span } };
      // Every entry written plainly, none of them `~standard`: nothing can give it one.
      if (schema && schema.obj.entries.every((e) => e.k === "prop" && e.key.k === "static" && e.key.name !== "~standard")) return at;
      if (oldZod !== undefined && madeWithZod(ev, tool.file, entry)) return { ...at, oldZod };
    }
  }
  return undefined;
}

/** `z.object({...})`, `z.string().min(1)`: a call chain on a name imported from plain `zod`. */
function madeWithZod(ev: Evaluator, file: string, expr: ValueExpr): boolean {
  let root = expr;
  while (root.k === "call" || root.k === "get") root = root.k === "call" ? root.callee : root.object;
  if (root.k !== "ref" || expr.k !== "call") return false;
  const imported = ev.summary(file)?.imports.get(root.name);
  return imported?.specifier === "zod";
}

/** The items of a list written as an array literal (through consts); none for anything else. */
function listItems(ev: Evaluator, file: string, expr: ValueExpr, depth = 0): { file: string; expr: ValueExpr }[] {
  if (depth > MAX_DEPTH) return [];
  if (expr.k === "arr") return expr.items.flatMap((x) => (x.k === "spread" ? listItems(ev, file, x.expr, depth + 1) : [{ file, expr: x }]));
  const held = expr.k === "ref" ? constDeclaration(ev, file, expr.name) : undefined;
  return held ? listItems(ev, held.file, held.init, depth + 1) : [];
}

/** An object literal the expression is, written in place or held by a const (here or imported). */
function objectAt(ev: Evaluator, file: string, expr: ValueExpr, depth = 0): { obj: Extract<ValueExpr, { k: "obj" }>; file: string } | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (expr.k === "obj") return { obj: expr, file };
  const held = expr.k === "ref" ? constDeclaration(ev, file, expr.name) : undefined;
  return held ? objectAt(ev, held.file, held.init, depth + 1) : undefined;
}

/** The value of a plain `key: value` entry; undefined when absent, or when a spread or computed key may set it. */
function prop(obj: Extract<ValueExpr, { k: "obj" }>, key: string): (ValueExpr & { span: Span }) | undefined {
  let found: ValueExpr | undefined;
  for (const e of obj.entries) {
    if (e.k !== "prop" || e.key.k !== "static") return undefined;
    if (e.key.name === key) found = e.value;
  }
  return found as (ValueExpr & { span: Span }) | undefined;
}
