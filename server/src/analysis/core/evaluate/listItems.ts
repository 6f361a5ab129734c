// Whether a list of tools (or resources, prompts) written in the workspace certainly holds an item:
// `server.addTools(tools)`, `for (const t of tools) server.addTool(t)` and
// `Object.values(allTools).forEach((t) => server.addTool(t))` with `tools`/`allTools` a const array or
// object literal of the file or imported from another module. Only a const the evaluator reads as
// never changed (not changed by its file nor by a module importing it, not handed to a call that may
// change it) counts, and only
// when no parameter or local of the code around hides the module's name. Each item written counts,
// even when its value is known only at run time; a spread counts for what it certainly holds.
import type { Evaluator } from "./evaluator";
import { isObjectIterator, keyCount } from "./objectKeys";
import { handedOnNames } from "./handedOn";
import { mutatedNames } from "./mutation";
import { constDeclaration, type ConstDeclaration } from "./constDeclarations";
import { straightWritesOf } from "./straightWrites";
import { replayWrites } from "./replayWrites";
import { readsAny } from "../model/valueReads";
import type { FlowEventEntry, FlowUnit, LoopGuard, ValueExpr } from "../model/summary";

const MAX_DEPTH = 12;

/** Methods whose result has as many items as the array they are called on. */
const ITEM_KEEPING = new Set(["map", "sort", "reverse", "toSorted", "toReversed", "concat"]);

/** `list.map(f)`, `list.sort()`, `list.slice()`: the list the call keeps the items of, if it is one. */
function keptList(expr: ValueExpr): ValueExpr | undefined {
  if (expr.k !== "call" || expr.callee.k !== "get" || expr.callee.key.k !== "static") return undefined;
  const method = expr.callee.key.name;
  return ITEM_KEEPING.has(method) || (method === "slice" && expr.args.length === 0) ? expr.callee.object : undefined;
}

/** What the walk needs to read a list: the evaluator, and the file and units the expression is written in. */
export interface ListReader {
  readonly ev: Evaluator;
  readonly file: string;
  readonly units: readonly FlowUnit[];
  readonly unit: FlowUnit;
}

/**
 * Whether a conditional event certainly runs each time its unit runs: every region that makes it
 * conditional is a loop over every item (the summary records a loop only when its body cannot skip
 * the rest of an iteration) of a list that certainly holds an item.
 */
export function loopsRunCertainly(r: ListReader, entry: FlowEventEntry): boolean {
  const branches = entry.branches;
  if (!entry.conditional || !branches || branches.length === 0 || !branches.every((b) => b.startsWith("loop:"))) return false;
  const guards = entry.loops ?? [];
  if (guards.length < branches.length) return false;
  return guards.every((g) => g.kind !== "count" && hasItems(r, g));
}

/** `addTools(list)`: whether `list` certainly holds an item. */
export function listHasItems(r: ListReader, expr: ValueExpr | undefined): boolean {
  // `Object.entries(DOCS).map(([k, text]) => …)`: what the callback reads does not change the count.
  const list = expr && itemSource(expr);
  return list !== undefined && !readsHidden(r, list) && certainItems(r, list, 0) > 0;
}

/** `TOOLS.map((t) => wrap(t))`: TOOLS, whose items the calls keep, one for one. */
function itemSource(expr: ValueExpr): ValueExpr {
  let over = expr;
  for (let hops = 0; hops < 16; hops++) {
    const kept = keptList(over);
    if (!kept) break;
    over = kept;
  }
  return over;
}

function hasItems(r: ListReader, guard: LoopGuard & { kind: "of" | "in" }): boolean {
  // `TOOLS.map((t) => wrap(t)).forEach(...)`: as many items as TOOLS.
  const over = guard.kind === "of" ? itemSource(guard.over) : guard.over;
  if (readsHidden(r, over)) return false;
  if (guard.kind === "of" && over.k === "call" && isObjectIterator(over.callee) && over.args.length === 1) return keyCount(r.ev, r.ev.evaluate(over.args[0]!, r.ev.fileScope(r.file), { calls: false })) > 0;
  if (guard.kind === "in") return keyCount(r.ev, r.ev.evaluate(over, r.ev.fileScope(r.file), { calls: false })) > 0;
  return certainItems(r, over, 0) > 0;
}

/**
 * The items of a list written in the file as an array literal (itself, or a const of the file that
 * nothing changes nor hands on), each written plainly (no spread), as the source gives them;
 * undefined when that is not what the list is (`for (const register of REGISTRARS) register(server)`).
 */
export function writtenItems(r: ListReader, over: ValueExpr): readonly ValueExpr[] | undefined {
  if (readsHidden(r, over)) return undefined;
  let list = over;
  if (list.k === "ref") {
    const declared = constDeclaration(r.ev, r.file, list.name);
    if (!declared || declared.file !== r.file || !untouched(r.ev, r.file, list.name) || r.ev.importerChanging(declared.file, declared.name) !== undefined) return undefined;
    list = declared.init;
  }
  if (list.k !== "arr" || list.items.some((i) => i.k === "spread")) return undefined;
  return list.items as readonly ValueExpr[];
}

/** The items an array expression certainly holds, read at the file's top level; 0 when not known. */
function certainItems(r: ListReader, expr: ValueExpr, depth: number, file = r.file): number {
  if (depth > MAX_DEPTH) return 0;
  switch (expr.k) {
    case "arr": {
      let n = 0;
      for (const item of expr.items) n += item.k === "spread" ? certainItems(r, item.expr, depth + 1, file) : 1;
      return n;
    }
    case "freeze":
      return certainItems(r, expr.arg, depth + 1, file);
    case "call": {
      // `Object.entries(DOCS)`: one item per key DOCS certainly has.
      if (isObjectIterator(expr.callee) && expr.args.length === 1) return keyCount(r.ev, r.ev.evaluate(expr.args[0]!, r.ev.fileScope(file), { calls: false }));
      // `TOOLS.map(wrap)`, `[...a].sort()`: at least as many items as the list it is called on.
      const kept = keptList(expr);
      return kept ? certainItems(r, kept, depth + 1, file) : 0;
    }
    case "dyn":
      // `readOnly ? readTools : [...readTools, ...writeTools]`: what either side certainly holds.
      return expr.branches ? Math.min(...expr.branches.map((side) => certainItems(r, side, depth + 1, file))) : 0;
    case "ref": {
      // A const that its file (or the file using it) changes, or hands to a call that may: nothing is certain.
      const declared = constDeclaration(r.ev, file, expr.name, depth);
      // `TOOLS.splice(0)` in a module importing it: not what the declaration wrote either.
      if (!declared || r.ev.importerChanging(declared.file, declared.name) !== undefined) return 0;
      if (untouched(r.ev, file, expr.name) && untouched(r.ev, declared.file, declared.name)) return certainItems(r, declared.init, depth + 1, declared.file);
      const pushed = pushedBefore(r.ev, file, expr, declared);
      return pushed ? certainItems(r, pushed, depth + 1, declared.file) : 0;
    }
    default:
      return 0;
  }
}


/** Calls that read a list without keeping or changing it: fastmcp's plural registrations copy its items. */
const READING_CALL = /(?:\.(?:addTools|addResources|addResourceTemplates|addPrompts)|\bObject\.(?:values|keys|entries))\s*\($/;

/**
 * Whether `file` neither changes its top-level `name` (`tools.push(..)`, `tools.length = 0`) nor hands
 * it, as an argument, to a call other than one that only reads it. Read from the text, like the
 * evaluator's own check (which also counts fastmcp's `addTools(tools)` as handing on), so a comment
 * or a string can only make the list unknown.
 */
function untouched(ev: Evaluator, file: string, name: string, topWritesAside = false): boolean {
  const summary = ev.summary(file);
  const text = ev.host.text?.(file);
  if (!summary || text === undefined) return false;
  if (mutatedNames(summary, text).has(name) && !(topWritesAside && straightWritesOf(summary, text, name))) return false;
  if (!handedOnNames(summary, text).has(name)) return true;
  const uses = new RegExp(String.raw`([(,])\s*${name.replace(/\$/g, "\\$")}\s*!?\s*([,)])`, "g");
  for (const m of text.matchAll(uses)) {
    if (m[1] !== "(" || m[2] !== ")" || !READING_CALL.test(text.slice(Math.max(0, m.index - 60), m.index + 1))) return false;
  }
  return true;
}

/**
 * `const TOOLS = []; TOOLS.push(search); server.addTools(TOOLS)`: a list of the same file that only
 * top-level statements push onto, read below them and outside a function declaration (hoisted, so it
 * may run first), holds what they pushed, since each ran once, in order, before the read (replayWrites).
 */
function pushedBefore(ev: Evaluator, file: string, use: ValueExpr & { k: "ref" }, declared: ConstDeclaration): ValueExpr | undefined {
  if (declared.file !== file || declared.name !== use.name || declared.init.k !== "arr" || !untouched(ev, file, use.name, true)) return undefined;
  const summary = ev.summary(file);
  const text = ev.host.text?.(file);
  const writes = summary && text !== undefined ? straightWritesOf(summary, text, use.name) : undefined;
  const replayed = writes && summary ? replayWrites(declared.init, writes, file, summary, use.name, { file, span: use.span }) : undefined;
  return replayed?.variant === "#after" ? replayed.init : undefined;
}

/** Whether the expression reads a name a parameter or local of the unit (or a function around it) declares. */
function readsHidden(r: ListReader, expr: ValueExpr): boolean {
  const hidden = new Set<string>();
  for (let u: FlowUnit | undefined = r.unit, hops = 0; u && hops < 64; u = u.parent === null ? undefined : r.units[u.parent], hops++) {
    if (u.kind === "module") continue;
    for (const p of u.params) hidden.add(p);
    for (const l of u.locals ?? []) hidden.add(l);
    for (const f of u.paramFields ?? []) if (f) for (const v of Object.values(f)) hidden.add(v);
  }
  // The module's own block-scoped names (declared inside a block at the top level) hide too.
  for (const u of r.units) if (u.kind === "module") for (const l of u.locals ?? []) hidden.add(l);
  return readsAny(expr, hidden);
}

