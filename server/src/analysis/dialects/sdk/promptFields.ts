// The arguments a prompt declares, read from the source with the file each is written in (its imports
// name `completable`): `registerPrompt(name, { argsSchema: {...} }, cb)`, or the object argument of the
// deprecated `prompt(name, [description], {...}, cb)`; through consts, `z.object`, `.extend`, `.shape`,
// spreads and imports.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Scope } from "../../core/evaluate/values";
import type { FileSummary, ObjEntry, ValueExpr, CallEvent } from "../../core/model/summary";
import { bindingOf } from "../../core/evaluate/unitScope";
import { literalAt } from "./literalAt";

/** A prompt argument, with the file (and summary) it is written in. */
export type PromptField = { readonly file: string; readonly summary: FileSummary; readonly entry: Extract<ObjEntry, { k: "prop" }> };

/**
 * The prompt's argument fields, each with the file it is written in: `{ argsSchema: {...} }`
 * (register) or the object argument (the deprecated `prompt`). Undefined when they cannot be read.
 * `isString`: whether an argument is certainly a string (the deprecated form's description).
 */
export function promptFields(ev: Evaluator, file: string, e: CallEvent, scope: Scope, isString: (arg: ValueExpr) => boolean): PromptField[] | undefined {
  if (e.method === "registerPrompt") {
    if (!e.args[1]) return [];
    // `registerPrompt(p.name, p.config, p.handler)` with `p` a const record: its literal config.
    const { expr: config, scope: at } = literalAt(ev, scope, e.args[1], 0);
    if (config.k !== "obj") return undefined;
    const args = config.entries.find((x) => x.k === "prop" && x.key.k === "static" && x.key.name === "argsSchema");
    if (!args) return config.entries.some((x) => x.k !== "prop") ? undefined : [];
    return args.k === "prop" ? fieldsOf(ev, at.file, args.value, 0, at) : undefined;
  }
  // prompt(name, [description], [argsSchema], callback): the SDK takes a string after the name for the
  // description (`prompt(p.name, p.description, cb)` over a const table, too).
  for (const a of e.args.slice(1, -1)) {
    if (a.k === "lit" || isString(a)) continue;
    return fieldsOf(ev, file, a, 0, scope);
  }
  return [];
}

/**
 * `registerPrompt(name, { argsSchema: z.object({...}) }, …)`: a Zod object where SDK v1 takes a raw
 * shape. v1 looks for completable fields among the values of what it is given (`Object.values`), which
 * for a Zod object are its internals, not its fields: none is found.
 */
export function argsSchemaIsZodObject(ev: Evaluator, e: CallEvent, scope: Scope): boolean {
  if (e.method !== "registerPrompt" || !e.args[1]) return false;
  const { expr: config, scope: at } = literalAt(ev, scope, e.args[1], 0);
  const args = config.k === "obj" ? config.entries.find((x) => x.k === "prop" && x.key.k === "static" && x.key.name === "argsSchema") : undefined;
  if (args?.k !== "prop") return false;
  const { expr } = literalAt(ev, at, args.value, 0);
  return expr.k === "call" && expr.callee.k === "get" && expr.callee.key.k === "static" && (expr.callee.key.name === "object" || expr.callee.key.name === "extend");
}

/** The fields of an argument shape: a literal, `z.object({...})`, `.extend({...})`, spreads, consts (imported too). */
function fieldsOf(ev: Evaluator, file: string, ir: ValueExpr, depth: number, scope: Scope = ev.fileScope(file)): PromptField[] | undefined {
  const summary = ev.summary(file);
  if (!summary || depth > 8) return undefined;
  switch (ir.k) {
    case "obj": {
      const out: PromptField[] = [];
      for (const entry of ir.entries) {
        if (entry.k === "prop") out.push({ file, summary, entry });
        else {
          const spread = fieldsOf(ev, file, entry.expr, depth + 1, scope);
          if (!spread) return undefined;
          out.push(...spread);
        }
      }
      return out;
    }
    case "call": {
      const c = ir.callee;
      if (c.k !== "get" || c.key.k !== "static") return undefined;
      // z.object({...}) in v2's Standard Schema style; Base.extend({...}) adds to Base's fields.
      if (c.key.name === "object" && ir.args[0]) return fieldsOf(ev, file, ir.args[0], depth + 1, scope);
      if (c.key.name === "extend" && ir.args[0]) {
        const base = fieldsOf(ev, file, c.object, depth + 1, scope);
        const added = fieldsOf(ev, file, ir.args[0], depth + 1, scope);
        return base && added ? [...base, ...added] : undefined;
      }
      return undefined;
    }
    case "get": {
      // `Args.shape` of `const Args = z.object({...})`: the very fields (a schema reused for its shape).
      if (ir.key.k === "static" && ir.key.name === "shape") return fieldsOf(ev, file, ir.object, depth + 1, scope);
      // `p.args` of a const record, or of a loop's item bound to the entry it is written as.
      const member = literalAt(ev, scope, ir);
      return member.expr !== ir ? fieldsOf(ev, member.scope.file, member.expr, depth + 1, member.scope) : undefined;
    }
    case "ref": {
      // A const of the function around the registration (`const argsSchema = {...}` in a helper).
      const bound = bindingOf(scope, ir.name);
      if (bound) return "expr" in bound ? fieldsOf(ev, bound.scope.file, bound.expr, depth + 1, bound.scope) : undefined;
      const decl = summary.decls.get(ir.name);
      if (decl?.k === "const") return fieldsOf(ev, file, decl.init, depth + 1);
      const imported = summary.imports.get(ir.name);
      if (!imported || imported.imported === "*") return undefined;
      const target = ev.host.resolveModule(imported.specifier, file);
      const exported = target ? ev.summary(target)?.exports.get(imported.imported) : undefined;
      const local = exported?.k === "local" ? ev.summary(target!)?.decls.get(exported.local) : undefined;
      return local?.k === "const" ? fieldsOf(ev, target!, local.init, depth + 1) : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * `x.optional()` or `z.optional(x)` → x. Also through `.describe(text)` and `.meta(data)` on the
 * optional: both clone it (zod 3: `new This({ ...def, description })`; zod 4: `clone()` with the same
 * def), another optional around the very same inner schema, which is where completable() left its mark.
 */
export function optionalInner(ir: ValueExpr, exact = false): ValueExpr | undefined {
  if (ir.k !== "call") return undefined;
  const c = ir.callee;
  if (c.k !== "get" || c.key.k !== "static") return undefined;
  // `exact`: zod 4's `exactOptional()` counts too (type "optional" around the same inner schema, which
  // SDK v2 unwraps by that type; v1 looks for its own ZodOptional class and does not).
  if (c.key.name === "optional" || (exact && c.key.name === "exactOptional" && ir.args.length === 0)) {
    if (ir.args.length === 0) return c.object;
    if (c.object.k === "ref" && ir.args[0]) return ir.args[0];
  }
  if ((c.key.name === "describe" || c.key.name === "meta") && ir.args.length === 1) return optionalInner(c.object, exact);
  return undefined;
}
