// Whether a registration inside loops certainly runs: each loop goes over a table written in the
// workspace (a const array or object literal, imported or not) that holds at least one item, and the
// loop body cannot skip it (the flow summary records the loops only then).
import { readsAny } from "../model/valueReads";
import type { Evaluator } from "./evaluator";
import type { Scope } from "./values";
import type { FlowEventEntry, FlowUnit, LoopGuard, ValueExpr } from "../model/summary";
import { certainItems } from "./tableItems";
import { bindingOf, unitScope } from "./unitScope";
import { constDeclaration } from "./constDeclarations";
import { mutatedNames, withSources } from "./mutation";
import { isObjectIterator, keyCount } from "./objectKeys";
import { returnedCollection, thisField } from "./returnedCollections";
import { TABLE_EVAL } from "./tableEval";
import { itemNames, itemVars, loopItem } from "./loopItem";
import { itemsAddedBefore } from "./addedOnly";
import type { Loc } from "./values";

/**
 * Whether a conditional event certainly runs once its unit runs past `within` (the branch regions
 * of the server's construction, for events after it in the same unit; else none): every region it is
 * in beyond those is a loop over every item of a table that has items.
 */
export function loopsRunCertainly(ev: Evaluator, file: string, unit: FlowUnit, entry: FlowEventEntry, within: readonly string[] = []): boolean {
  const branches = entry.branches;
  if (!entry.conditional || !branches || branches.length < within.length) return false;
  if (!within.every((b, i) => branches[i] === b)) return false;
  const rest = branches.slice(within.length);
  if (!rest.every((b) => b.startsWith("loop:"))) return false;
  const guards = entry.loops ?? [];
  if (guards.length < rest.length) return false;
  return everyLevelRuns(ev, file, unit, guards, declaredAround(ev, file, unit), ev.fileScope(file), new Set(), { file, span: entry.event.span });
}

/** Most items of an outer loop read one by one for the loops inside it (`for (const [set, names] of Object.entries(SETS)) for (const n of names)`). */
const MAX_OUTER_ITEMS = 256;

/**
 * Whether each of `guards`, from the outermost, has items wherever the loops around it are: a loop
 * reading none of the function's own names is read in the file's scope; one that reads the variable of
 * a loop around it (`names` above) is read once for every item of that loop, which must all be known.
 */
function everyLevelRuns(ev: Evaluator, file: string, unit: FlowUnit, guards: readonly LoopGuard[], hidden: ReadonlySet<string>, scope: Scope, bound: ReadonlySet<string>, at: Loc): boolean {
  const [g, ...inner] = guards;
  if (!g) return true;
  const unknown = new Set([...hidden].filter((n) => !bound.has(n)));
  // `this.tools` is read where the class stores it, in that code's own scope (see returnedCollections.ts).
  const readsUnknown = g.kind === "count" ? guardReads(g, unknown) : thisField(itemSource(g).over) === undefined && readsAny(itemSource(g).over, unknown);
  if (readsUnknown) return false;
  // A list only added to (`if (admin) tools.push(root)`) is not known item by item, but has its first ones.
  if (!hasItems(ev, file, g, scope, unit.className) && !(g.kind === "of" && itemsAddedBefore(ev, itemSource(g).over, scope, at) > 0)) return false;
  const each = g.kind === "count" ? undefined : loopItem(g, scope);
  const names = new Set(each ? itemNames(each) : []);
  if (!each || !inner.some((i) => guardReads(i, names))) return everyLevelRuns(ev, file, unit, inner, hidden, scope, bound, at);
  if (g.kind !== "of") return false;
  const source = returnedCollection(ev, g.over, scope, unit.className);
  const items = ev.evaluate(source.expr, source.scope, TABLE_EVAL);
  if (items.t !== "arr" || items.items.length > MAX_OUTER_ITEMS || items.items.some((i) => i.t === "dyn")) return false;
  const within = new Set([...bound, ...names]);
  return items.items.every((item) => everyLevelRuns(ev, file, unit, inner, hidden, { file: scope.file, vars: itemVars(each, item), parent: scope }, within, at));
}

/** Whether what a loop goes over (its bounds, for a counted one) reads one of `names`. */
function guardReads(g: LoopGuard, names: ReadonlySet<string>): boolean {
  return names.size > 0 && (g.kind === "count" ? readsAny(g.from, names) || readsAny(g.to, names) : readsAny(g.over, names));
}

/**
 * Whether a conditional event never runs: one of the loops it is in goes over a collection the
 * source settles as empty (`PROMPTS.filter((p) => p.enabled)` with every prompt disabled).
 */
export function loopsNeverRun(ev: Evaluator, file: string, unit: FlowUnit, entry: FlowEventEntry): boolean {
  if (!entry.conditional || !entry.loops?.length) return false;
  // Read where the loop is written: a parameter or local it reads is not known there.
  const scope = unitScope(ev, file, unit);
  return entry.loops.some((g) => {
    if (g.kind !== "of") return false;
    const source = returnedCollection(ev, itemSource(g).over, scope, unit.className);
    const value = ev.evaluate(source.expr, source.scope, TABLE_EVAL);
    return value.t === "arr" && value.items.length === 0;
  });
}

/** Methods whose result has at least as many items as the array (or Map, Set) they are called on. */
const ITEM_KEEPING = new Set(["map", "sort", "reverse", "toSorted", "toReversed", "concat"]);
/** The same, called with no argument only (`Object.entries(x)` is not a method of `Object`'s items). */
const ITEM_KEEPING_BARE = new Set(["slice", "entries", "keys", "values"]);

/**
 * The table a loop's items come from, through calls that keep every item: `DeleteTools.map((t) =>
 * t()).forEach(...)` goes over as many items as `DeleteTools` has (`filter` may drop them all, and
 * `slice` with arguments some). A callback that throws stops the server anyway.
 */
function itemSource<G extends LoopGuard & { kind: "of" | "in" }>(guard: G): LoopGuard & { kind: "of" | "in" } {
  if (guard.kind !== "of") return guard;
  let over = guard.over;
  for (let hops = 0; hops < 16 && over.k === "call" && over.callee.k === "get" && over.callee.key.k === "static"; hops++) {
    const method = over.callee.key.name;
    if (!ITEM_KEEPING.has(method) && !(ITEM_KEEPING_BARE.has(method) && over.args.length === 0)) break;
    over = over.callee.object;
  }
  return over === guard.over ? guard : { kind: "of", over };
}

/** Names declared in the unit and the functions around it: the file's const of that name is not the one read. */
export function declaredAround(ev: Evaluator, file: string, unit: FlowUnit): Set<string> {
  const units = ev.summary(file)?.flow?.units ?? [];
  const out = new Set<string>();
  for (let u: FlowUnit | undefined = unit, hops = 0; u && hops < 64; u = u.parent === null ? undefined : units[u.parent], hops++) {
    for (const p of u.params) out.add(p);
    for (const l of u.locals ?? []) out.add(l);
  }
  return out;
}


/** Whether the table a loop goes over holds at least one item, read in `scope` (the file's by default). */
export function hasItems(ev: Evaluator, file: string, guard: LoopGuard, scope: Scope = ev.fileScope(file), className?: string, depth = 0): boolean {
  if (guard.kind === "count") {
    const from = ev.evaluate(guard.from, scope, TABLE_EVAL);
    const to = ev.evaluate(guard.to, scope, TABLE_EVAL);
    if (from.t !== "prim" || to.t !== "prim" || typeof from.value !== "number" || typeof to.value !== "number") return false;
    return guard.inclusive ? from.value <= to.value : from.value < to.value;
  }
  const over = itemSource(guard).over;
  if (guard.kind === "of" && over.k === "call" && isObjectIterator(over.callee) && over.args.length === 1) {
    return keyCount(ev, ev.evaluate(over.args[0]!, scope, TABLE_EVAL)) > 0;
  }
  const source = returnedCollection(ev, over, scope, className);
  // `readOnly ? readTools : [...readTools, ...writeTools]`: items whichever side is taken.
  // (`const a = x ? a : b` would go round for ever: a few levels of conditionals are read, no more.)
  const sides = depth < 8 ? conditionalSides(ev, source.expr, source.scope) : undefined;
  if (sides) return sides.every((side) => hasItems(ev, file, { ...guard, over: side.expr }, side.scope, className, depth + 1));
  const value = ev.evaluate(source.expr, source.scope, TABLE_EVAL);
  if (value.t === "arr") return value.items.some((i) => i.t !== "dyn") || certainItems(ev, source.expr, source.scope) > 0;
  if (guard.kind === "in") return keyCount(ev, value) > 0;
  // `for (const [name, h] of HANDLERS)` with `const HANDLERS = new Map([[…], …])`: as many entries as the array has.
  const built = depth < 8 ? builtFrom(ev, source.expr, source.scope) : undefined;
  return built !== undefined && hasItems(ev, file, { kind: "of", over: built.expr }, built.scope, className, depth + 1);
}

/** The globals whose instances hold an item for each item they are built from (Map keeps one per key). */
const ITEM_HOLDERS = new Set(["Map", "Set"]);

/**
 * The array a `new Map(…)` or `new Set(…)` is built from, written in place or held in a const that the
 * program never empties (no `.delete(` or `.clear(` on its name, in its file).
 */
function builtFrom(ev: Evaluator, expr: ValueExpr, scope: Scope): { expr: ValueExpr; scope: Scope } | undefined {
  let cur = { expr, scope };
  if (cur.expr.k === "ref" && !bindingOf(cur.scope, cur.expr.name)) {
    const declared = constDeclaration(ev, cur.scope.file, cur.expr.name);
    const text = declared && ev.host.text?.(declared.file);
    if (!declared || text === undefined || emptiedNames(text).has(declared.name)) return undefined;
    cur = { expr: declared.init, scope: ev.fileScope(declared.file) };
  }
  const e = cur.expr;
  if (e.k !== "new" || e.callee.k !== "ref" || !ITEM_HOLDERS.has(e.callee.name) || e.args.length !== 1) return undefined;
  // A class of the workspace named Map is not the global one.
  if (bindingOf(cur.scope, e.callee.name) || ev.summary(cur.scope.file)?.decls.has(e.callee.name) || ev.summary(cur.scope.file)?.imports.has(e.callee.name)) return undefined;
  return { expr: e.args[0]!, scope: cur.scope };
}

/** The two sides of the conditional expression a collection is, written in place or held in a const. */
function conditionalSides(ev: Evaluator, expr: ValueExpr, scope: Scope): readonly { expr: ValueExpr; scope: Scope }[] | undefined {
  let cur: { expr: ValueExpr; scope: Scope } | undefined = { expr, scope };
  for (let hops = 0; hops < 8 && cur?.expr.k === "ref"; hops++) {
    const name: string = cur.expr.name;
    const bound = bindingOf(cur.scope, name);
    if (bound) cur = "expr" in bound ? { expr: bound.expr, scope: bound.scope } : undefined;
    else {
      const declared = constDeclaration(ev, cur.scope.file, name);
      // `tools.splice(0)` somewhere in its file: not what the declaration wrote.
      const summary = declared && ev.summary(declared.file);
      const text = declared && ev.host.text?.(declared.file);
      const unchanged = summary && text !== undefined && !mutatedNames(summary, text).has(declared.name);
      cur = declared && unchanged ? { expr: declared.init, scope: ev.fileScope(declared.file) } : undefined;
    }
  }
  if (cur?.expr.k !== "dyn" || !cur.expr.branches) return undefined;
  const at = cur.scope;
  return cur.expr.branches.map((b) => ({ expr: b, scope: at }));
}

const EMPTYING = /(?<![\w$.])([A-Za-z_$][\w$]*)\s*\??\.\s*(?:delete|clear)\s*\(/g;

/** The names a text calls `.delete(` or `.clear(` on, and every name they are another name for. */
function emptiedNames(text: string): ReadonlySet<string> {
  return withSources(new Set([...text.matchAll(EMPTYING)].map((m) => m[1]!)), text);
}
