// `for (const d of DEFS) { if (d.kind === "tool") server.registerTool(d.name, …) }`, and the same in
// `DEFS.forEach((d) => { if … })`: a loop over a list whose every item the source gives runs its body
// once per item with that item bound, so a condition on the item is decided turn by turn. What such
// conditions guard runs for certain when some item takes them all, and never when no item does.
// Only when nothing may change an item (no write through its name, no call handed it whole, no
// other value given to the name) and every item is known; anything else stays undecided.
import type { Evaluator } from "./evaluator";
import type { Arguments } from "./knownConditions";
import { forOfItem, regionEnteredFor, regionsRunCertainly } from "./knownConditions";
import { itemNames, itemVars, type EachItem } from "./loopItem";
import { mutatedNames } from "./mutation";
import { handedOnNames } from "./handedOn";
import { unitScope } from "./unitScope";
import { TABLE_EVAL } from "./tableEval";
import type { Scope } from "./values";
import { arrayItemsOf } from "./returnedCollections";
import { declaredAround } from "./loopCertainty";
import { readsAny } from "../model/valueReads";
import type { FlowEventEntry, FlowUnit, LoopGuard, ValueExpr } from "../model/summary";

/** The turns of one loop an event's conditions were decided on: the loop's item, and which items take them all. */
export interface ItemTurns {
  /** The loop's item, going over only the items whose turn runs the event (the list itself when every one does). */
  readonly each: EachItem;
  /** The indices of the items whose turn runs the event, in order. */
  readonly taken: readonly number[];
  /** The `for…of` of the event's own unit it is (else the callback's loop), as the flow summary would record it. */
  readonly loop?: LoopGuard & { kind: "of" };
}

/** Most items read one by one. */
const MAX_ITEMS = 256;

/**
 * The turns of the innermost loop over items around a conditional event (a `for…of` of its own unit,
 * else `callback`: the item of the `forEach` whose callback the unit is, being run per item), when
 * every region of the event beyond `within` is either entered for certain (up to that loop) or a
 * condition inside the loop that each item decides; undefined when one is not decided.
 */
export function itemTurns(ev: Evaluator, file: string, unit: FlowUnit, entry: FlowEventEntry, within: readonly string[], args?: Arguments, callback?: EachItem): ItemTurns | undefined {
  const branches = entry.branches;
  if (!entry.conditional || !branches || branches.length <= within.length || !within.every((b, i) => branches[i] === b)) return undefined;
  const rest = branches.slice(within.length);
  let at = -1;
  rest.forEach((r, i) => {
    if (r.startsWith("loop:")) at = i;
  });
  let each: EachItem | undefined;
  if (at >= 0) {
    // A loop around that one repeats every turn (the same names registered again): not read here.
    if (rest.slice(0, at).some((r) => r.startsWith("loop:"))) return undefined;
    const loop = forOfItem(ev, file, unit, rest[at]!);
    if (!loop) return undefined;
    // What leads to the loop runs for certain (a loop region included: its list has items).
    if (!regionsRunCertainly(ev, file, unit, { ...entry, branches: [...within, ...rest.slice(0, at + 1)] }, within, args)) return undefined;
    const scope = unitScope(ev, file, unit);
    each = { ...loop, scope: args && args.size > 0 ? { file, vars: args, parent: scope } : scope };
  } else each = callback;
  const perItem = rest.slice(at + 1);
  if (!each || perItem.length === 0 || !unchangedItem(ev, file, itemNames(each))) return undefined;
  const list = ev.evaluate(each.over, each.scope, TABLE_EVAL);
  if (list.t !== "arr" || list.items.length === 0 || list.items.length > MAX_ITEMS || list.items.some((i) => i.t === "dyn")) return undefined;
  const taken: number[] = [];
  for (const [index, item] of list.items.entries()) {
    const vars = itemVars(each, item);
    let all = true;
    for (const region of perItem) {
      const entered = regionEnteredFor(ev, file, unit, region, vars, args);
      if (entered === undefined) return undefined;
      all &&= entered;
    }
    if (all) taken.push(index);
  }
  // What is read per item from here on (names, registrars, schemas) is read for these items only.
  const over = taken.length === list.items.length ? each.over : onlyItems(ev, file, unit, each, list.items.length, taken);
  if (!over) return undefined;
  const only: EachItem = { ...each, over };
  if (at < 0) return { each: only, taken };
  const last = each.elements?.at(-1);
  return { each: only, taken, loop: { kind: "of", over, ...(each.param !== undefined ? { binding: each.param } : {}), ...(each.elements ? { elements: each.elements } : {}), ...(last ? { element: last } : {}) } };
}

/**
 * `[{ kind: "tool", name: "a" }, { kind: "tool", name: "c" }]`: the items of the list at `indices`, as
 * the list's literal writes them, read where the loop reads its list. Only a list written in this file
 * whose every item is written out (no spread) and reads no name the code around the loop declares;
 * undefined otherwise.
 */
function onlyItems(ev: Evaluator, file: string, unit: FlowUnit, each: EachItem, count: number, indices: readonly number[]): ValueExpr | undefined {
  const written = arrayItemsOf(ev, each.over, each.scope, 0);
  if (!written || written.length !== count) return undefined;
  const hidden = declaredAround(ev, file, unit);
  for (const u of ev.summary(file)?.flow?.units ?? []) if (u.kind === "module") for (const l of u.locals ?? []) hidden.add(l);
  const items: ValueExpr[] = [];
  for (const i of indices) {
    const item = written[i]!;
    if (!around(item.scope, each.scope) || readsAny(item.expr, hidden)) return undefined;
    items.push(item.expr);
  }
  return { k: "arr", items, span: each.over.span };
}

/** Whether `outer` is the file's scope of `inner`, or `inner` itself or a scope around it: its names are seen from `inner`. */
function around(outer: Scope, inner: Scope): boolean {
  if (outer.file !== inner.file) return false;
  if (outer.vars === null && outer.parent === null) return true;
  for (let s: Scope | null = inner, hops = 0; s && hops < 64; s = s.parent, hops++) if (s === outer) return true;
  return false;
}

/**
 * Whether the file keeps every one of `names` as the loop gave it: no member written or changing
 * method called through it (`d.kind = …`, `Object.assign(d, …)`), not handed whole to a call, and
 * never given another value (`d = other`). Read by name over the whole file, so another binding of
 * the same name can only leave the item undecided.
 */
function unchangedItem(ev: Evaluator, file: string, names: readonly string[]): boolean {
  const summary = ev.summary(file);
  const text = ev.host.text?.(file);
  if (!summary || text === undefined || names.length === 0) return false;
  const mutated = mutatedNames(summary, text);
  const handed = handedOnNames(summary, text);
  return names.every((n) => !mutated.has(n) && !handed.has(n) && !reassigned(text, n));
}

/** `d = …`, `d += …`, `d++`, `--d`, `[d] = …`, `({ d } = …)`: the name given another value somewhere in the text. */
export function reassigned(text: string, name: string): boolean {
  const n = name.replace(/\$/g, "\\$");
  const assigned = new RegExp(String.raw`(?<![\w$.])${n}\s*(?:(?:[-+*/%&|^]|\*\*|<<|>>>?|\?\?|&&|\|\|)?=(?![=>])|\+\+|--)|(?:\+\+|--)\s*${n}(?![\w$])|(?<![\w$.])${n}\s*[,\]}][^;=]{0,200}[\]}]\s*\)?\s*=(?![=>])`);
  return assigned.test(text);
}
