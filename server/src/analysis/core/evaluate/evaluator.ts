import { UNDEFINED_TEXT, type AmbientModuleSummary, type Arithmetic, type FileSummary, type FunctionSummary, type KeyExpr, type Span, type TopLevelDecl, type ValueExpr } from "../model/summary";
import type { Binding, ClassRef, DynamicPart, Loc, ObjEntryValue, Scope, Value } from "./values";
import { DYNAMIC_KEY, isUndefinedValue } from "./values";
import { compactText } from "../model/text";
import { isJsonModule } from "../project/paths";
import { writesStaticMember } from "./staticWrites";
import { mutatedNames } from "./mutation";
import { straightWritesOf } from "./straightWrites";
import { replayWrites } from "./replayWrites";
import { handedOnNames } from "./handedOn";
import { isExportedEmptyTable } from "./constDeclarations";
import { BUILTIN_BASES } from "../model/builtins";
import { stringMethod } from "./stringMethods";
import { concatString, templateString } from "./templateNames";
import { mayExportName } from "./exportLook";
import type { ModuleQuestion } from "../project/moduleReaches";
import { exportNamesOf } from "../model/exportNames";
import { OBJECT_METHODS, objectFromEntries, objectIteration } from "./objectIteration";

/** What the evaluator needs from the workspace: summaries and module resolution. */
export interface EvaluationHost {
  summary(fileName: string): FileSummary | undefined;
  /** The summary with its flow when a whole-workspace analysis left it out (`FileSummary.flowDeferred`). */
  fullSummary?(fileName: string): FileSummary | undefined;
  resolveModule(specifier: string, fromFile: string): string | undefined;
  /** Why Node cannot load the module a specifier names, when resolveModule leaves it unresolved for that reason. */
  loadFailure?(specifier: string, fromFile: string): string | undefined;
  /** A file's text, for quick fixes that must look at the source around an edit. */
  text?(fileName: string): string | undefined;
  /** What `derive` makes of a file's text, made once per version of the text (see `FileStore.textFacts`). */
  textFacts?<T>(fileName: string, key: string, derive: (text: string | undefined) => T): T;
  /** The project declaration file whose `declare module "<specifier>"` block declares that module. */
  ambientModule?(specifier: string): string | undefined;
  /** The project declaration file that declares `name` for every file (a global). */
  globalDeclaration?(name: string): string | undefined;
  /**
   * An answer that follows from the workspace's files alone, computed once under `key` while no text
   * can change (a whole-workspace analysis) and every time otherwise; its reads still count as the asker's.
   */
  memo?<T>(key: string, compute: () => T): T;
  /**
   * A file of the package that imports one of `names`, exported by `file`, and changes that object;
   * undefined when none does. Reads every file of the package.
   */
  changedByImporter?(file: string, names: readonly string[]): string | undefined;
  /**
   * Whether `file`, or a module its imports reach (or a global declaration file), may import the
   * package: false only when the texts prove none can. Absent, or unsure: true.
   */
  reachesModule?(file: string, question: ModuleQuestion): boolean;
}

/** Why a `cond ? a : b` has no one value here: the evaluator decides no condition (a dialect may, after it). */
const CHOICE_WHY = "which of its two values it takes depends on a condition only known at run time";

/** Deepest evaluation recursion before giving up with a dynamic value (self-referencing consts...). */
const MAX_DEPTH = 300;
/** Evaluation steps per root expression: a bound on pathological inputs, far above real code. */
const MAX_STEPS = 200_000;
/** Items one array may gather through spreads (arrays that double themselves must stay bounded). */
const MAX_ITEMS = 10_000;

export interface EvalOptions {
  /** Apply calls of known functions: only for `extends` clauses (mixins), never for data (spec §4.1). */
  readonly calls: boolean;
  /**
   * Read the pure array methods tables are built with (`a.concat(b)`, `list.includes(name)`) and
   * arithmetic on numbers (`5 * MINUTE`) on known values. Off for the conduit dialect, whose spec makes
   * every call and operator dynamic.
   */
  readonly builtins?: boolean;
  /**
   * Look in the modules importing an exported object or array for code that changes it (the SDK keeps
   * the very capabilities object it is given). Costs a read of the package's files, once per evaluator.
   */
  readonly importers?: boolean;
  /**
   * Functions of a package a dialect knows to be pure (the SDK's `mergeCapabilities`), by the module
   * specifier and the name imported from it: applied to the evaluated arguments, undefined when they
   * are not known well enough (the call then stays dynamic).
   */
  readonly packageCalls?: (specifier: string, imported: string) => PackageFunction | undefined;
}

/** A package function read as Node would run it, on values the evaluator knows. */
export type PackageFunction = (args: readonly Value[], loc: Loc) => Value | undefined;

/**
 * Evaluates summarised expressions statically: literals, consts across imports and re-exports,
 * spreads, enums, `Object.freeze`, property access, and (for mixins) calls of functions that return a
 * class. Everything else is a `dyn` value carrying its source text and the reason.
 */
export interface EvaluatorOptions {
  /**
   * Read values as Node runs the code (an SDK or framework server): a top-level `let` that no code of
   * its file assigns again is the value it holds for good, and a JSON module is its parsed value. Off
   * for descriptions whose rules read consts only (conduit classes).
   */
  readonly runtimeValues?: boolean;
  /**
   * Whether the condition at `at` (the test of an `if` that writes an object's keys, ValueExpr `test`),
   * read in `scope`, is known true or false from the source; undefined when only a run can tell. Given
   * with runtimeValues (the rules of knownConditions); without it such a condition is never decided.
   */
  readonly decideTest?: (ev: Evaluator, at: Loc, scope: Scope) => boolean | undefined;
  /**
   * What `await call` gives, where the dialect's rules for calls of workspace functions know it (the
   * SDK's literalCalls.ts: an async function that only returns a static value); undefined: not known.
   * Given with runtimeValues only.
   */
  readonly awaitedCall?: (ev: Evaluator, call: Extract<ValueExpr, { k: "call" }>, scope: Scope) => Value | undefined;
}

export class Evaluator {
  readonly #host: EvaluationHost;
  readonly #inProgress = new Set<string>();
  readonly #constCache = new Map<string, Value>();
  /** The scopes of ambient modules' blocks, by file and module name. */
  readonly #moduleScopes = new Map<string, Scope>();
  /** File texts read for `$dynamic` source text, once per file per evaluator. */
  readonly #texts = new Map<string, string | undefined>();
  #depth = 0;
  #steps = 0;
  #mixinInstances = 0;

  /** Whether values are read as Node runs the code (see EvaluatorOptions). */
  readonly #runtimeValues: boolean;
  readonly #decideTest: EvaluatorOptions["decideTest"];
  readonly #awaitedCall: EvaluatorOptions["awaitedCall"];

  constructor(host: EvaluationHost, options: EvaluatorOptions = {}) {
    this.#host = host;
    this.#runtimeValues = options.runtimeValues === true;
    this.#decideTest = this.#runtimeValues ? options.decideTest : undefined;
    this.#awaitedCall = this.#runtimeValues ? options.awaitedCall : undefined;
  }

  /** The options it was made with (an evaluator over another host keeps them). */
  get options(): EvaluatorOptions {
    return { runtimeValues: this.#runtimeValues, ...(this.#decideTest ? { decideTest: this.#decideTest } : {}), ...(this.#awaitedCall ? { awaitedCall: this.#awaitedCall } : {}) };
  }

  /** The workspace services the evaluator reads through (the SDK replay resolves helpers with it). */
  get host(): EvaluationHost {
    return this.#host;
  }

  fileScope(file: string): Scope {
    return { file, vars: null, parent: null };
  }

  summary(file: string): FileSummary | undefined {
    return this.#host.summary(file);
  }

  /**
   * The source text of an expression, as `$dynamic` shows it (spec §4.1): read from the file the
   * summary was made from; rebuilt from the summary when that text is not at hand or has changed.
   */
  sourceText(expr: ValueExpr, file: string): string {
    if (expr.k === "dyn") return expr.text;
    return this.textAt(file, expr.span) ?? exprText(expr);
  }

  /** The source at a span of a summarised file, whitespace collapsed; undefined when not at hand. */
  textAt(file: string, span: Span): string | undefined {
    const text = this.#text(file);
    return text !== undefined ? compactText(text, span.start, span.end) : undefined;
  }

  /** The text a file's summary was made from, once per file per evaluator; undefined when not at hand. */
  #text(file: string): string | undefined {
    if (this.#texts.has(file)) return this.#texts.get(file);
    const candidate = this.#host.text?.(file);
    const text = candidate !== undefined && candidate.length === this.#host.summary(file)?.textLength ? candidate : undefined;
    this.#texts.set(file, text);
    return text;
  }

  #mutated(file: string, name: string): boolean {
    const text = this.#text(file);
    const summary = this.#host.summary(file);
    return text !== undefined && summary !== undefined && mutatedNames(summary, text).has(name);
  }

  /** Per file and name: the importer changing the exported object, if one does (see EvalOptions.importers). */
  readonly #importerChanges = new Map<string, string | undefined>();

  /**
   * The module (a file path) that imports the top-level const `name` of `file` (by name, as a
   * namespace, through a barrel) and changes its object or array; undefined when none does or the
   * host cannot tell. For readers of a const's items outside `evaluate` (listItems.ts).
   */
  importerChanging(file: string, name: string): string | undefined {
    const summary = this.#host.summary(file);
    return summary ? this.#changedByImporter(file, summary, name) : undefined;
  }

  #changedByImporter(file: string, summary: FileSummary, name: string): string | undefined {
    const key = `${file}\u0000${name}`;
    if (this.#importerChanges.has(key)) return this.#importerChanges.get(key);
    const exported = exportNamesOf(summary, name);
    const by = exported.length > 0 ? this.#host.changedByImporter?.(file, exported) : undefined;
    this.#importerChanges.set(key, by);
    return by;
  }

  #handedOn(file: string, name: string): boolean {
    const text = this.#text(file);
    const summary = this.#host.summary(file);
    return text !== undefined && summary !== undefined && handedOnNames(summary, text).has(name);
  }

  evaluate(expr: ValueExpr, scope: Scope, opts: EvalOptions): Value {
    if (this.#depth === 0) this.#steps = 0;
    const loc = { file: scope.file, span: expr.span };
    if (++this.#steps > MAX_STEPS || this.#depth > MAX_DEPTH) {
      return { t: "dyn", text: this.sourceText(expr, scope.file), loc, why: "too deeply nested to evaluate" };
    }
    this.#depth++;
    try {
      return this.#evaluate(expr, scope, opts, loc);
    } finally {
      this.#depth--;
    }
  }

  #evaluate(expr: ValueExpr, scope: Scope, opts: EvalOptions, loc: Loc): Value {
    switch (expr.k) {
      case "lit":
        return { t: "prim", value: expr.value, loc };
      case "dyn":
        return (expr.arith && opts.builtins ? this.#arithmetic(expr.arith, scope, opts, loc) : undefined) ?? (expr.awaited ? this.#awaited(expr.awaited, scope, loc) : undefined) ?? (this.#runtimeValues ? this.#joinedString(expr.text, expr.span, scope, opts, loc) : undefined) ?? { t: "dyn", text: expr.text, loc, ...(expr.why ? { why: expr.why } : expr.branches ? { why: CHOICE_WHY } : {}) };
      case "obj":
        return this.#object(expr, scope, opts, loc);
      case "arr": {
        const items: Value[] = [];
        const itemLocs: Loc[] = [];
        for (const item of expr.items) {
          const at = { file: scope.file, span: item.span };
          if (item.k === "spread") {
            const v = this.evaluate(item.expr, scope, opts);
            if (v.t === "arr") {
              if (items.length + v.items.length > MAX_ITEMS) {
                items.push({ t: "dyn", text: `...${this.sourceText(item.expr, scope.file)}`, loc: at, why: "the array is too large to be a capability" });
                itemLocs.push(at);
                continue;
              }
              for (let j = 0; j < v.items.length; j++) {
                items.push(v.items[j]!);
                itemLocs.push(v.itemLocs[j]!);
              }
            } else {
              items.push(v.t === "dyn" ? v : { t: "dyn", text: `...${this.sourceText(item.expr, scope.file)}`, loc: at });
              itemLocs.push(at);
            }
          } else {
            items.push(this.evaluate(item, scope, opts));
            itemLocs.push(at);
          }
        }
        return { t: "arr", items, itemLocs, loc };
      }
      case "ref":
        return this.lookup(expr.name, scope, loc, opts);
      case "get": {
        const object = this.evaluate(expr.object, scope, opts);
        const key = this.#key(expr.key, scope, opts);
        if (key === undefined) return { t: "dyn", text: this.sourceText(expr, scope.file), loc, why: "the property name is not static" };
        // `this.caps`: whatever its initialiser wrote, the instance's field is what the code has made it by then.
        if (object.t === "dyn" && !object.why && expr.object.k === "dyn" && expr.object.text === "this") return { t: "dyn", text: this.sourceText(expr, scope.file), loc, why: "a field of the instance holds what the code has put there when it is read, which is not followed" };
        return this.#member(object, key, this.sourceText(expr, scope.file), loc, opts);
      }
      case "freeze":
        return this.evaluate(expr.arg, scope, opts);
      case "fn":
        return { t: "fn", fn: expr.fn, scope, loc };
      case "class":
        return { t: "class", cls: this.#classRef(scope, expr.classIndex), loc };
      case "new":
        return { t: "dyn", text: this.sourceText(expr, scope.file), loc, why: "an object built with new is only known when it runs" };
      case "call": {
        const builtin = opts.builtins ? (this.#concat(expr, scope, opts, loc) ?? this.#flat(expr, scope, opts, loc) ?? this.#includes(expr, scope, opts, loc) ?? this.#string(expr, scope, opts, loc) ?? this.#map(expr, scope, opts, loc) ?? this.#filter(expr, scope, opts, loc) ?? this.#objectMethod(expr, scope, opts, loc) ?? this.#assign(expr, scope, opts, loc) ?? this.#packageCall(expr, scope, opts, loc)) : undefined;
        if (builtin) return builtin;
        if (!opts.calls) return { t: "dyn", text: this.sourceText(expr, scope.file), loc, why: "a call is only known when it runs" };
        const callee = this.evaluate(expr.callee, scope, opts);
        if (callee.t !== "fn") {
          return { t: "dyn", text: this.sourceText(expr, scope.file), loc, why: callee.t === "dyn" && callee.why ? callee.why : "the called function is not known" };
        }
        return this.#apply(callee.fn, callee.scope, expr.args.map((a) => this.evaluate(a, scope, opts)), opts, this.sourceText(expr, scope.file), loc);
      }
    }
  }

  /**
   * `` `ui://${APP}/view` ``, `PREFIX + "_list"`: a string joined from quoted parts and names of known
   * strings or numbers (templateNames.ts), as Node joins it. Only where values are read as Node runs
   * the code: a description read from consts only keeps every operator dynamic.
   */
  #joinedString(text: string, span: Span, scope: Scope, opts: EvalOptions, loc: Loc): Value | undefined {
    if (!text.includes("`") && !text.includes("+")) return undefined;
    const valueOf = (e: ValueExpr): string | number | undefined => {
      const v = this.evaluate(e, scope, opts);
      return v.t === "prim" && (typeof v.value === "string" || typeof v.value === "number") ? v.value : undefined;
    };
    const value = text.startsWith("`") && text.endsWith("`") ? templateString(text, span, valueOf) : concatString(text, span, valueOf);
    return value === undefined ? undefined : { t: "prim", value, loc };
  }

  /** `await loadConfig()`: the value the dialect knows the promise holds (EvaluatorOptions.awaitedCall), at the await. */
  #awaited(call: Extract<ValueExpr, { k: "call" }>, scope: Scope, loc: Loc): Value | undefined {
    const v = this.#awaitedCall?.(this, call, scope);
    return v && { ...v, loc };
  }

  /** `5 * MINUTE`: the number, when both sides evaluate to numbers (undefined otherwise: not known). */
  #arithmetic(a: Arithmetic, scope: Scope, opts: EvalOptions, loc: Loc): Value | undefined {
    if (a.op === "!" || a.op === "===" || a.op === "!==") return this.#logic(a, scope, opts, loc);
    const left = this.evaluate(a.left, scope, opts);
    if (left.t !== "prim" || typeof left.value !== "number") return undefined;
    const right = this.evaluate(a.right, scope, opts);
    if (right.t !== "prim" || typeof right.value !== "number") return undefined;
    const [x, y] = [left.value, right.value];
    const value = a.op === "+" ? x + y : a.op === "-" ? x - y : a.op === "*" ? x * y : a.op === "/" ? x / y : a.op === "%" ? x % y : x ** y;
    return { t: "prim", value, loc };
  }

  /**
   * `a.concat(b, [c])` on a known array: a new array of its items and the arguments' (an array argument
   * adds its items, anything else itself), when every one is known. Pure, so no call is run.
   */
  /**
   * `Object.entries(TOOLS)`, `Object.values(tools)` of a namespace, `Object.fromEntries(pairs)`, with
   * `Object` the global one: see objectIteration.ts.
   */
  #objectMethod(expr: Extract<ValueExpr, { k: "call" }>, scope: Scope, opts: EvalOptions, loc: Loc): Value | undefined {
    const callee = expr.callee;
    if (callee.k !== "get" || callee.key.k !== "static" || !OBJECT_METHODS.has(callee.key.name) || callee.object.k !== "ref" || callee.object.name !== "Object" || expr.args.length !== 1) return undefined;
    if (this.#declaredAt("Object", scope)) return undefined;
    const arg = this.evaluate(expr.args[0]!, scope, opts);
    if (callee.key.name === "fromEntries") return objectFromEntries(arg, loc);
    return objectIteration(
      { summary: (f) => this.#host.summary(f), text: (f) => this.#host.text?.(f), resolveModule: (s, from) => this.#host.resolveModule(s, from), exportValue: (f, n, at) => this.resolveExport(f, n, at, opts) },
      callee.key.name,
      arg,
      loc,
    );
  }

  /** Whether `name` is declared in `scope` or its file (so not the global of that name). */
  #declaredAt(name: string, scope: Scope): boolean {
    for (let s: Scope | null = scope; s?.vars; s = s.parent) if (s.vars.has(name)) return true;
    const summary = this.#host.summary(scope.file);
    return summary === undefined || summary.decls.has(name) || summary.imports.has(name);
  }

  #concat(expr: Extract<ValueExpr, { k: "call" }>, scope: Scope, opts: EvalOptions, loc: Loc): Value | undefined {
    const callee = expr.callee;
    if (callee.k !== "get" || callee.key.k !== "static" || callee.key.name !== "concat") return undefined;
    const base = this.evaluate(callee.object, scope, opts);
    if (base.t !== "arr") return undefined;
    const items = [...base.items];
    const itemLocs = [...base.itemLocs];
    for (const a of expr.args) {
      const v = this.evaluate(a, scope, opts);
      if (v.t === "dyn") return undefined;
      if (v.t === "arr") {
        items.push(...v.items);
        itemLocs.push(...v.itemLocs);
      } else {
        items.push(v);
        itemLocs.push({ file: scope.file, span: a.span });
      }
    }
    return { t: "arr", items, itemLocs, loc };
  }

  /** `[["a", "b"], ["c"]].flat()` (one level, as with no argument or `1`) on a known array whose array items are known. */
  #flat(expr: Extract<ValueExpr, { k: "call" }>, scope: Scope, opts: EvalOptions, loc: Loc): Value | undefined {
    const callee = expr.callee;
    if (callee.k !== "get" || callee.key.k !== "static" || callee.key.name !== "flat") return undefined;
    if (expr.args.length > 1 || (expr.args[0] && !(expr.args[0].k === "lit" && expr.args[0].value === 1))) return undefined;
    const base = this.evaluate(callee.object, scope, opts);
    if (base.t !== "arr") return undefined;
    const items: Value[] = [];
    const itemLocs: Loc[] = [];
    base.items.forEach((item, i) => {
      if (item.t === "arr") {
        items.push(...item.items);
        itemLocs.push(...item.itemLocs);
      } else {
        items.push(item);
        itemLocs.push(base.itemLocs[i]!);
      }
    });
    // An item not known may be an array itself: what it spreads into the result is not known.
    return items.some((i) => i.t === "dyn") ? undefined : { t: "arr", items, itemLocs, loc };
  }

  /**
   * `list.includes(name)` on a known array (or string) and a known primitive: whether it holds it. Not
   * known when the value is not found and some item is not known.
   */
  #includes(expr: Extract<ValueExpr, { k: "call" }>, scope: Scope, opts: EvalOptions, loc: Loc): Value | undefined {
    const callee = expr.callee;
    if (callee.k !== "get" || callee.key.k !== "static" || callee.key.name !== "includes" || expr.args.length !== 1) return undefined;
    const base = this.evaluate(callee.object, scope, opts);
    const wanted = this.evaluate(expr.args[0]!, scope, opts);
    if (wanted.t !== "prim") return undefined;
    if (base.t === "prim" && typeof base.value === "string" && typeof wanted.value === "string") return { t: "prim", value: base.value.includes(wanted.value), loc };
    if (base.t !== "arr") return undefined;
    // SameValueZero: NaN is found, +0 and -0 are one.
    if (base.items.some((i) => i.t === "prim" && (i.value === wanted.value || (Number.isNaN(i.value) && Number.isNaN(wanted.value))))) return { t: "prim", value: true, loc };
    return base.items.every((i) => i.t === "prim") ? { t: "prim", value: false, loc } : undefined;
  }

  /** `name.toLowerCase()`, `raw.trim()`, `id.replaceAll("-", "_")` on a known string (stringMethods.ts). */
  #string(expr: Extract<ValueExpr, { k: "call" }>, scope: Scope, opts: EvalOptions, loc: Loc): Value | undefined {
    const callee = expr.callee;
    if (callee.k !== "get" || callee.key.k !== "static" || expr.args.length > 2) return undefined;
    const base = this.evaluate(callee.object, scope, opts);
    if (base.t !== "prim" || typeof base.value !== "string") return undefined;
    const args: unknown[] = [];
    for (const a of expr.args) {
      const v = this.evaluate(a, scope, opts);
      if (v.t !== "prim") return undefined;
      args.push(v.value);
    }
    const value = stringMethod(base.value, callee.key.name, args);
    return value === undefined ? undefined : { t: "prim", value, loc };
  }

  /**
   * `NAMES.map((n) => n.toLowerCase())` on a known array, with a callback written there that only
   * returns a value: an array of as many items, each that value for its item (and index). An item's
   * value the callback's expression does not settle is not known on its own.
   */
  #map(expr: Extract<ValueExpr, { k: "call" }>, scope: Scope, opts: EvalOptions, loc: Loc): Value | undefined {
    const each = this.#eachItem(expr, "map", scope, opts, loc);
    if (!each) return undefined;
    const items = each.base.items.map((item, i) => each.run(item, i));
    return { t: "arr", items, itemLocs: [...each.base.itemLocs], loc };
  }

  /**
   * `list.<method>(callback)` on a known array, with a callback written there that only returns a
   * value (an item, and maybe its index): the array, and the callback run for one item. An item not
   * known may stand for a spread of any length (`[...EXTRA]`): then nothing is known.
   */
  #eachItem(expr: Extract<ValueExpr, { k: "call" }>, method: string, scope: Scope, opts: EvalOptions, loc: Loc): { base: Extract<Value, { t: "arr" }>; run: (item: Value, i: number) => Value } | undefined {
    const callee = expr.callee;
    const callback = expr.args[0];
    if (callee.k !== "get" || callee.key.k !== "static" || callee.key.name !== method || expr.args.length !== 1 || callback?.k !== "fn") return undefined;
    const fn = callback.fn;
    if (!fn.result || fn.wraps || fn.rest || fn.params.length > 2 || fn.params.some((p) => p === "")) return undefined;
    const base = this.evaluate(callee.object, scope, opts);
    if (base.t !== "arr" || base.items.some((i) => i.t === "dyn")) return undefined;
    const text = this.sourceText(expr, scope.file);
    return { base, run: (item, i) => this.#apply(fn, scope, [item, { t: "prim", value: i, loc: base.itemLocs[i] ?? loc }], opts, text, base.itemLocs[i] ?? loc) };
  }

  /**
   * `!x`, `a === b`, `a !== b` on values known to be primitives (or `undefined`, a key an object does
   * not have when values are read as Node runs the code): the boolean Node computes.
   */
  #logic(a: Arithmetic, scope: Scope, opts: EvalOptions, loc: Loc): Value | undefined {
    const operand = (e: ValueExpr): { readonly value: string | number | boolean | null | undefined } | undefined => {
      const v = this.evaluate(e, scope, opts);
      if (v.t === "prim") return { value: v.value };
      return isUndefinedValue(v) ? { value: undefined } : undefined;
    };
    const right = operand(a.right);
    if (!right) return undefined;
    if (a.op === "!") return { t: "prim", value: !right.value, loc };
    const left = operand(a.left);
    if (!left) return undefined;
    return { t: "prim", value: a.op === "===" ? left.value === right.value : left.value !== right.value, loc };
  }

  /**
   * `TOOLS.filter((t) => !t.disabled)` on a known array: the items whose callback result is known and
   * truthy, as Node keeps them. Not known when any item's result is not (nor over a spread of unknown length).
   */
  #filter(expr: Extract<ValueExpr, { k: "call" }>, scope: Scope, opts: EvalOptions, loc: Loc): Value | undefined {
    const each = this.#eachItem(expr, "filter", scope, opts, loc);
    if (!each) return undefined;
    const items: Value[] = [];
    const itemLocs: Loc[] = [];
    for (let i = 0; i < each.base.items.length; i++) {
      const kept = each.run(each.base.items[i]!, i);
      if (kept.t !== "prim" && !isUndefinedValue(kept)) return undefined;
      if (kept.t === "prim" && kept.value) {
        items.push(each.base.items[i]!);
        itemLocs.push(each.base.itemLocs[i] ?? loc);
      }
    }
    return { t: "arr", items, itemLocs, loc };
  }

  /**
   * `Object.assign({}, BASE, EXTRA)` into an object literal written there (so no named object is
   * changed): the sources' keys in order, a later one replacing an earlier one, as a spread would.
   * When a source is not a known object (`FLAGS.x ? EXTRA : {}`, an unknown spread), the call is read
   * as the literal of spreads it stands for, `{ ...{}, ...BASE, ...(FLAGS.x ? EXTRA : {}) }`: its
   * known keys known and that source an unknown part, which a dialect may settle as it settles spreads.
   */
  #assign(expr: Extract<ValueExpr, { k: "call" }>, scope: Scope, opts: EvalOptions, loc: Loc): Value | undefined {
    const callee = expr.callee;
    if (callee.k !== "get" || callee.key.k !== "static" || callee.key.name !== "assign" || callee.object.k !== "ref" || callee.object.name !== "Object" || expr.args[0]?.k !== "obj") return undefined;
    if (this.#declaredAt("Object", scope)) return undefined;
    const entries = new Map<string, ObjEntryValue>();
    for (const a of expr.args) {
      const v = this.evaluate(a, scope, opts);
      // `undefined` and `null` sources add nothing.
      if (isUndefinedValue(v) || (v.t === "prim" && v.value === null)) continue;
      if (v.t !== "obj" || v.entries.has(DYNAMIC_KEY)) return this.#runtimeValues ? this.#object({ k: "obj", entries: expr.args.map((arg) => ({ k: "spread", expr: arg, span: arg.span })), span: expr.span }, scope, opts, loc) : undefined;
      for (const [k, e] of v.entries) {
        entries.delete(k);
        entries.set(k, e);
      }
      // `{ prompts: undefined }` copies the key with no value: JSON drops it, as it would a spread's.
      for (const k of v.cleared ?? []) entries.delete(k);
    }
    return { t: "obj", entries, loc };
  }

  /** `mergeCapabilities(a, b)` imported from a package whose function the dialect reads (EvalOptions.packageCalls). */
  #packageCall(expr: Extract<ValueExpr, { k: "call" }>, scope: Scope, opts: EvalOptions, loc: Loc): Value | undefined {
    if (!opts.packageCalls || expr.callee.k !== "ref") return undefined;
    const imported = this.#importedName(expr.callee.name, scope);
    const fn = imported && opts.packageCalls(imported.specifier, imported.imported);
    return fn ? fn(expr.args.map((a) => this.evaluate(a, scope, opts)), loc) : undefined;
  }

  /** The import a name refers to in a scope: none when a local or a top-level declaration of that name hides it. */
  #importedName(name: string, scope: Scope): { readonly specifier: string; readonly imported: string } | undefined {
    for (let s: Scope | null = scope; s; s = s.parent) {
      if (!s.vars) {
        const summary = this.#host.summary(s.file);
        return summary && !summary.decls.has(name) ? summary.imports.get(name) : undefined;
      }
      if (s.vars.has(name)) return undefined;
    }
    return undefined;
  }

  /** The arm of a guarded write (ValueExpr `test`) its condition takes, when the source decides it. */
  #guardedArm(expr: Extract<ValueExpr, { k: "dyn" }>, scope: Scope): ValueExpr | undefined {
    if (!this.#decideTest || !expr.branches || !expr.test) return undefined;
    const truth = this.#decideTest(this, { file: scope.file, span: expr.test }, scope);
    return truth === undefined ? undefined : expr.branches[truth ? 0 : 1];
  }

  /** Calls a summarised function: its result evaluated with parameters bound to `args`. */
  #apply(fn: FunctionSummary, closure: Scope, args: Value[], opts: EvalOptions, text: string, loc: Loc): Value {
    // An object built by statements is read only as Node runs the code (not from consts alone).
    if (!fn.result || (fn.built && !this.#runtimeValues)) return { t: "dyn", text, loc, why: "the function does more than return a value" };
    const vars = new Map<string, Binding>();
    fn.params.forEach((p, i) => {
      if (p) vars.set(p, { value: args[i] ?? { t: "dyn", text: "undefined", loc } });
    });
    const scope: Scope = { file: closure.file, vars, parent: closure };
    for (const [name, expr] of fn.locals) vars.set(name, { expr, scope });
    return this.evaluate(fn.result, scope, opts);
  }

  /** The value a function returns when called without arguments (`__capabilities__()`). */
  callWithoutArguments(fn: FunctionSummary, closure: Scope, text: string, loc: Loc): Value {
    return this.#apply(fn, closure, [], { calls: false }, text, loc);
  }

  /**
   * The keys an unknown spread may write when it is a choice of objects whose keys are known
   * (`...(flag ? { resources: {} } : {})`, a few levels of choices); undefined: any key.
   */
  #spreadWrites(expr: ValueExpr, scope: Scope, opts: EvalOptions, depth = 0): ReadonlySet<string> | undefined {
    if (expr.k !== "dyn" || !expr.branches || depth > 4) return undefined;
    const keys = new Set<string>();
    for (const branch of expr.branches) {
      const v = this.evaluate(branch, scope, opts);
      if (v.t === "prim" && (v.value === null || v.value === undefined)) continue;
      // An object whose own unknown parts say which keys they may write (a nested guarded write) counts them too.
      const open = v.t === "obj" ? v.entries.get(DYNAMIC_KEY) : undefined;
      if (v.t === "obj" && (!open || open.mayWrite)) {
        for (const k of v.entries.keys()) if (k !== DYNAMIC_KEY) keys.add(k);
        for (const k of v.cleared ?? []) keys.add(k);
        for (const k of open?.mayWrite ?? []) keys.add(k);
        continue;
      }
      const inner = this.#spreadWrites(branch, scope, opts, depth + 1);
      if (!inner) return undefined;
      for (const k of inner) keys.add(k);
    }
    return keys;
  }

  #object(expr: Extract<ValueExpr, { k: "obj" }>, scope: Scope, opts: EvalOptions, loc: Loc): Value {
    const entries = new Map<string, ObjEntryValue>();
    const cleared = new Set<string>();
    // One entry stands for every unknown spread and key of the object; each stays a part of its own.
    const addDynamic = (text: string, at: Loc, why?: string, own?: readonly DynamicPart[], writes?: ReadonlySet<string>) => {
      const before = entries.get(DYNAMIC_KEY);
      const prev = before?.value;
      const added = own ?? [{ text, loc: at, ...(why ? { why } : {}) }];
      const parts = prev?.t === "dyn" ? [...(prev.parts ?? [{ text: prev.text, loc: prev.loc, ...(prev.why ? { why: prev.why } : {}) }]), ...added] : added;
      const joined = prev?.t === "dyn" ? `${prev.text}, ${text}` : text;
      // Known only while every part says which keys it may write.
      const mayWrite = writes && (!before || before.mayWrite) ? new Set([...(before?.mayWrite ?? []), ...writes]) : undefined;
      entries.delete(DYNAMIC_KEY);
      entries.set(DYNAMIC_KEY, { value: { t: "dyn", text: joined, loc: at, ...(why ? { why } : {}), ...(parts.length > 1 ? { parts } : {}) }, keyLoc: at, ...(mayWrite ? { mayWrite } : {}) });
    };
    for (const entry of expr.entries) {
      if (entry.k === "spread") {
        const at = { file: scope.file, span: entry.span };
        const guarded = entry.expr.k === "dyn" && entry.expr.test ? entry.expr : undefined;
        const arm = guarded && this.#guardedArm(guarded, scope);
        const v = this.evaluate(arm ?? entry.expr, scope, opts);
        if (v.t === "obj") {
          // `{ ...{ logging: undefined } }` has the key too, set to undefined: a check for the key sees it.
          for (const k of v.cleared ?? []) {
            entries.delete(k);
            cleared.add(k);
          }
          for (const [k, e] of v.entries) {
            if (k === DYNAMIC_KEY && e.value.t === "dyn") addDynamic(e.value.text, e.value.loc, e.value.why, e.value.parts, e.mayWrite);
            else {
              entries.delete(k);
              cleared.delete(k);
              entries.set(k, e);
            }
          }
        } else if (v.t === "prim" && v.value === null) {
          continue;
        } else if (guarded && !arm) {
          const test = this.textAt(scope.file, guarded.test!) ?? "its condition";
          addDynamic(guarded.text, at, `written only if ${test}, which is only known at run time`, undefined, this.#spreadWrites(guarded, scope, opts));
        } else {
          addDynamic(`...${this.sourceText(entry.expr, scope.file)}`, at, v.t === "dyn" ? v.why : "the spread value is not an object", undefined, this.#spreadWrites(entry.expr, scope, opts));
        }
        continue;
      }
      const keyLoc = { file: scope.file, span: entry.key.span };
      const key = this.#key(entry.key, scope, opts);
      if (key === undefined) {
        addDynamic(`[${entry.key.k === "computed" ? this.sourceText(entry.key.expr, scope.file) : ""}]`, keyLoc, "the key is not static");
        continue;
      }
      entries.delete(key);
      const value = this.evaluate(entry.value, scope, opts);
      // `{ tools: undefined }`: JSON drops the key and the SDK's merge skips it, so it is absent, not
      // unknown. A description read from consts only (conduit, spec §4.1) has no `undefined` value: not known.
      if (isUndefinedValue(value) && !this.#runtimeValues) {
        entries.set(key, { value: { t: "dyn", text: "undefined", loc: { file: scope.file, span: entry.value.span }, why: "undefined is not one of the values the description is read from" }, keyLoc });
        cleared.delete(key);
        continue;
      }
      if (isUndefinedValue(value)) {
        cleared.add(key);
        continue;
      }
      cleared.delete(key);
      const notData = value.t === "fn" || value.t === "class" || value.t === "ns" || value.t === "enum";
      entries.set(key, { value, keyLoc, ...(notData ? { written: { text: this.sourceText(entry.value, scope.file), loc: { file: scope.file, span: entry.value.span } } } : {}) });
    }
    return { t: "obj", entries, loc, ...(cleared.size > 0 ? { cleared } : {}) };
  }

  #key(key: KeyExpr, scope: Scope, opts: EvalOptions): string | undefined {
    if (key.k === "static") return key.name;
    const v = this.evaluate(key.expr, scope, opts);
    if (v.t === "prim" && (typeof v.value === "string" || typeof v.value === "number")) return String(v.value);
    return undefined;
  }

  #member(object: Value, key: string, text: string, loc: Loc, opts: EvalOptions): Value {
    switch (object.t) {
      case "obj": {
        const e = object.entries.get(key);
        // `{ ...DEFAULTS, ...loadConfig() }`: a spread (or computed key) not known statically, written after
        // the key, may set it again.
        const spread = object.entries.get(DYNAMIC_KEY);
        if (spread && (!e || writtenBefore(object.entries, key))) {
          return { t: "dyn", text, loc, why: `${spread.value.t === "dyn" ? spread.value.text : "a spread"} may set "${key}", and what it holds is only known at run time` };
        }
        if (e) return e.value;
        // Node reads a property the object does not have as `undefined`; a description read from
        // consts only (conduit) has no such value.
        if (this.#runtimeValues && !Object.prototype.hasOwnProperty.call(Object.prototype, key)) return { t: "dyn", text: UNDEFINED_TEXT, loc };
        return { t: "dyn", text, loc, why: `the object has no property "${key}"` };
      }
      case "ns":
        return this.resolveExport(object.file, key, loc, opts);
      case "enum": {
        // Only string members are data here (spec §4.1); numeric ones are left dynamic.
        const m = object.members.get(key);
        if (typeof m === "string") return { t: "prim", value: m, loc };
        return { t: "dyn", text, loc, why: "only string enum members are evaluated" };
      }
      case "arr":
        if (key === "length") return { t: "prim", value: object.items.length, loc };
        return { t: "dyn", text, loc };
      case "class":
        return this.#staticMember(object.cls, key, text, loc, opts);
      case "dyn":
        return { t: "dyn", text, loc, ...(object.why ? { why: object.why } : {}) };
      default:
        return { t: "dyn", text, loc };
    }
  }

  /**
   * `DbServer.CAPABILITIES` of `static readonly CAPABILITIES = { ... }`: the initializer, read where the
   * class is written, unless the class's file writes to it (`DbServer.CAPABILITIES.x = ...`, a member
   * or element of it assigned, pushed to). A static that is not readonly may be reassigned anywhere:
   * the summary keeps no value for it.
   */
  #staticMember(cls: ClassRef, key: string, text: string, loc: Loc, opts: EvalOptions): Value {
    const summary = this.#host.summary(cls.file);
    const c = summary?.classes[cls.index];
    const member = c?.members.find((m) => m.isStatic && m.kind === "property" && m.name === key);
    if (!c || !member?.value || member.name === "__capabilities__") return { t: "dyn", text, loc };
    const source = this.#text(cls.file);
    const written = source === undefined || writesStaticMember(source, key);
    if (written || this.#mutated(cls.file, c.name)) return { t: "dyn", text, loc, why: `${c.name}.${key} is changed by the code` };
    return this.evaluate(member.value, cls.scope ?? this.fileScope(cls.file), opts);
  }

  #classRef(scope: Scope, index: number): ClassRef {
    const inFunction = scope.vars !== null;
    return {
      file: scope.file,
      index,
      scope: inFunction ? scope : null,
      key: inFunction ? `${scope.file}#${index}@${++this.#mixinInstances}` : `${scope.file}#${index}`,
    };
  }

  /** The value a name has in a scope: a local, a top-level declaration, or an import. */
  lookup(name: string, scope: Scope, useLoc: Loc, opts: EvalOptions): Value {
    for (let s: Scope | null = scope; s; s = s.parent) {
      if (!s.vars) return this.#topLevel(s.file, name, useLoc, opts);
      const b = s.vars.get(name);
      if (b && "expr" in b && b.from !== undefined && (useLoc.file !== b.scope.file || useLoc.span.start < b.from)) {
        return { t: "dyn", text: name, loc: useLoc, why: `${name} is read before the statements that build it have run` };
      }
      if (b) return "value" in b ? b.value : this.evaluate(b.expr, b.scope, opts);
    }
    return { t: "dyn", text: name, loc: useLoc, why: `"${name}" is not declared` };
  }

  #topLevel(file: string, name: string, useLoc: Loc, opts: EvalOptions): Value {
    const summary = this.#host.summary(file);
    if (!summary) return { t: "dyn", text: name, loc: useLoc, why: `${file} cannot be read` };
    const decl = summary.decls.get(name);
    if (decl) return this.#declValue(file, summary, name, decl, this.fileScope(file), useLoc, opts);
    const imported = summary.imports.get(name);
    if (imported) {
      const target = this.#host.resolveModule(imported.specifier, file);
      if (!target) {
        const ambient = imported.imported === "*" ? undefined : this.#ambientExport(imported.specifier, imported.imported, useLoc, opts);
        return ambient ?? { t: "dyn", text: name, loc: useLoc, why: `module "${imported.specifier}" cannot be resolved` };
      }
      // `import x = require("./m")` of a module written `export = value`: x is that value.
      if (imported.imported === "*" && !this.#host.summary(target)?.exportEquals) return { t: "ns", file: target, loc: useLoc };
      const value = this.resolveExport(target, imported.imported === "*" ? "default" : imported.imported, useLoc, opts);
      // `PROMPTS.push("review")` in the importing file: the array is not what its declaration wrote.
      if ((value.t === "arr" || value.t === "obj") && this.#mutated(file, name)) return { t: "dyn", text: name, loc: useLoc, why: `the file changes "${name}" after importing it` };
      return value;
    }
    return this.#globalValue(file, name, useLoc, opts) ?? { t: "dyn", text: name, loc: useLoc, why: `"${name}" is not declared in this file` };
  }

  /** The value of a declaration of `file`, seen from `scope` (the file's, or an ambient module's). */
  #declValue(file: string, summary: FileSummary, name: string, decl: TopLevelDecl, scope: Scope, useLoc: Loc, opts: EvalOptions): Value {
    const declLoc = { file, span: "span" in decl ? decl.span : summary.classes[decl.classIndex]!.nameSpan };
    switch (decl.k) {
      case "class":
        // A class of an ambient module keeps that module's scope, under a stable identity.
        return {
          t: "class",
          cls: scope.vars === null ? this.#classRef(scope, decl.classIndex) : { file, index: decl.classIndex, scope, key: `${file}#${decl.classIndex}` },
          loc: declLoc,
        };
      case "function":
        return { t: "fn", fn: decl.fn, scope, loc: declLoc };
      case "enum":
        return { t: "enum", members: decl.members, loc: declLoc };
      case "mutable":
        if (decl.stable && this.#runtimeValues) return this.#declValue(file, summary, name, decl.stable, scope, useLoc, opts);
        // A `let`/`var`, or a const declared without its value (a declaration file).
        return { t: "dyn", text: name, loc: useLoc, why: `"${name}" has no value written where it is declared (a let or var, or a declaration without its value)` };
      case "const":
        // `export const PROMPTS: string[] = []`: a registry the modules importing it fill.
        if (isExportedEmptyTable(summary, name, decl.init)) {
          return { t: "dyn", text: name, loc: useLoc, why: `"${name}" is exported empty, for the modules importing it to fill` };
        }
        let init = decl.init;
        let variant = "";
        if ((init.k === "obj" || init.k === "arr") && this.#mutated(file, name)) {
          const text = this.#text(file);
          // Writes under an `if` are read only as Node runs the code (not from consts alone).
          const writes = text === undefined ? undefined : (straightWritesOf(summary, text, name) ?? (this.#runtimeValues ? straightWritesOf(summary, text, name, true) : undefined));
          const replayed = writes && scope.vars === null ? replayWrites(init, writes, file, summary, name, useLoc) : undefined;
          if (!replayed) return { t: "dyn", text: name, loc: useLoc, why: `the file changes "${name}" after declaring it` };
          ({ init, variant } = replayed);
        }
        if ((decl.init.k === "obj" || decl.init.k === "arr") && this.#handedOn(file, name)) {
          return { t: "dyn", text: name, loc: useLoc, why: `"${name}" is handed to a call that may change it, which is not followed` };
        }
        if ((decl.init.k === "obj" || decl.init.k === "arr") && opts.importers) {
          const by = this.#changedByImporter(file, summary, name);
          if (by !== undefined) return { t: "dyn", text: name, loc: useLoc, why: `${by.slice(by.lastIndexOf("/") + 1)} changes "${name}" after importing it` };
        }
        return scope.vars === null ? this.#constValue(file, name, init, useLoc, opts, variant) : this.evaluate(init, scope, opts);
    }
  }

  /** An export of a `declare module "<specifier>"` block in a project declaration file, if one declares it. */
  #ambientExport(specifier: string, name: string, useLoc: Loc, opts: EvalOptions, seen = new Set<string>()): Value | undefined {
    const key = `${specifier}\u0000${name}`;
    if (seen.has(key)) return { t: "dyn", text: name, loc: useLoc, why: `the export "${name}" of the module "${specifier}" is circular` };
    seen.add(key);
    const file = this.#host.ambientModule?.(specifier);
    const summary = file ? this.#host.summary(file) : undefined;
    const mod = summary?.ambientModules?.get(specifier);
    if (!file || !summary || !mod) return undefined;
    const entry = mod.exports.get(name);
    const local = entry?.k === "local" ? mod.decls.get(entry.local) : undefined;
    if (entry?.k === "local" && local) return this.#declValue(file, summary, entry.local, local, this.#moduleScope(file, specifier, summary, mod), useLoc, opts);
    if (entry?.k === "from") {
      const target = this.#host.resolveModule(entry.specifier, file);
      if (target) return this.resolveExport(target, entry.imported, useLoc, opts);
      return this.#ambientExport(entry.specifier, entry.imported, useLoc, opts, seen);
    }
    return { t: "dyn", text: name, loc: useLoc, why: `no export "${name}" in the module "${specifier}" declared in ${file}` };
  }

  /** The scope inside an ambient module's block: its own declarations, then the file's. */
  #moduleScope(file: string, specifier: string, summary: FileSummary, mod: AmbientModuleSummary): Scope {
    const key = `${file}\u0000${specifier}`;
    let scope = this.#moduleScopes.get(key);
    if (scope) return scope;
    const vars = new Map<string, Binding>();
    scope = { file, vars, parent: this.fileScope(file) };
    this.#moduleScopes.set(key, scope);
    const noLoc = { file, span: { start: 0, end: 0 } };
    for (const [name, decl] of mod.decls) {
      vars.set(name, decl.k === "const" ? { expr: decl.init, scope } : { value: this.#declValue(file, summary, name, decl, scope, noLoc, { calls: false }) });
    }
    return scope;
  }

  /** A name declared for every file by a project declaration file (not the file asking). */
  #globalValue(file: string, name: string, useLoc: Loc, opts: EvalOptions): Value | undefined {
    if (BUILTIN_BASES.has(name)) return undefined;
    const declaring = this.#host.globalDeclaration?.(name);
    if (!declaring || declaring === file) return undefined;
    const summary = this.#host.summary(declaring);
    const decl = summary?.globals?.get(name);
    if (!summary || !decl) return undefined;
    return this.#declValue(declaring, summary, name, decl, this.fileScope(declaring), useLoc, opts);
  }

  #constValue(file: string, name: string, init: ValueExpr, useLoc: Loc, opts: EvalOptions, variant = ""): Value {
    const key = `${file}#${name}#${opts.calls ? "c" : "d"}${opts.builtins ? "b" : ""}${opts.packageCalls ? "p" : ""}${variant}`;
    const cached = this.#constCache.get(key);
    if (cached) return cached;
    if (this.#inProgress.has(key)) return { t: "dyn", text: name, loc: useLoc, why: `"${name}" refers to itself` };
    this.#inProgress.add(key);
    try {
      const v = this.evaluate(init, this.fileScope(file), opts);
      this.#constCache.set(key, v);
      return v;
    } finally {
      this.#inProgress.delete(key);
    }
  }

  /** What a module exports under `name`, following re-exports and `export *`. */
  resolveExport(file: string, name: string, useLoc: Loc, opts: EvalOptions, seen = new Set<string>()): Value {
    const key = `${file}#${name}`;
    if (seen.has(key)) return { t: "dyn", text: name, loc: useLoc, why: `the export "${name}" is circular` };
    seen.add(key);
    const summary = this.#host.summary(file);
    if (!summary) return { t: "dyn", text: name, loc: useLoc, why: `${file} cannot be read` };
    if (!this.#runtimeValues && isJsonModule(file)) return { t: "dyn", text: name, loc: useLoc, why: `${file} is a JSON module, and only consts are read here` };
    const entry = summary.exports.get(name);
    if (entry) {
      switch (entry.k) {
        case "local":
          return this.#topLevel(file, entry.local, useLoc, opts);
        case "from": {
          const target = this.#host.resolveModule(entry.specifier, file);
          if (!target) return { t: "dyn", text: name, loc: useLoc, why: `module "${entry.specifier}" cannot be resolved` };
          if (entry.imported === "*") return { t: "ns", file: target, loc: useLoc };
          return this.resolveExport(target, entry.imported, useLoc, opts, seen);
        }
        case "namespace": {
          const target = this.#host.resolveModule(entry.specifier, file);
          if (!target) return { t: "dyn", text: name, loc: useLoc, why: `module "${entry.specifier}" cannot be resolved` };
          return { t: "ns", file: target, loc: useLoc };
        }
      }
    }
    if (name !== "default") {
      // Two `export *` modules giving the name different bindings make it ambiguous: ES modules leave it
      // out of the namespace, and a named import of it fails to link ("conflicting star exports").
      let found: Value | undefined;
      for (const spec of summary.starExports) {
        const target = this.#host.resolveModule(spec, file);
        if (!target || !mayExportName(this.#host, target, name)) continue;
        const v = this.resolveExport(target, name, useLoc, opts, seen);
        if (v.t === "dyn" && v.why?.startsWith("no export")) continue;
        if (found === undefined) found = v;
        else if (!sameBinding(found, v)) return { t: "dyn", text: name, loc: useLoc, why: `the export "${name}" of ${file} is ambiguous: two modules it re-exports with export * both export it, so ES modules leave it out` };
      }
      if (found) return found;
    }
    return { t: "dyn", text: name, loc: useLoc, why: `no export "${name}" in ${file}` };
  }
}

/** Whether two values resolved through different `export *` paths are one binding (declared at one place). */
function sameBinding(a: Value, b: Value): boolean {
  if (a.t === "ns" || b.t === "ns") return a.t === "ns" && b.t === "ns" && a.file === b.file;
  return a.loc.file === b.loc.file && a.loc.span.start === b.loc.span.start && a.loc.span.end === b.loc.span.end;
}

/** Source-like text of a summarised expression, for `$dynamic` values and messages. */
export function exprText(e: ValueExpr): string {
  switch (e.k) {
    case "lit":
      return JSON.stringify(e.value);
    case "ref":
      return e.name;
    case "dyn":
      return e.text;
    case "get":
      return e.key.k === "static" ? `${exprText(e.object)}.${e.key.name}` : `${exprText(e.object)}[${exprText(e.key.expr)}]`;
    case "call":
      return `${exprText(e.callee)}(${e.args.map(exprText).join(", ")})`;
    case "new":
      return `new ${exprText(e.callee)}(${e.args.map(exprText).join(", ")})`;
    case "freeze":
      return `Object.freeze(${exprText(e.arg)})`;
    case "obj":
      return "{…}";
    case "arr":
      return "[…]";
    case "fn":
      return "function";
    case "class":
      return "class";
  }
}

/** Whether `key` was last written before the object's dynamic part (entries keep the order of their last write). */
function writtenBefore(entries: ReadonlyMap<string, unknown>, key: string): boolean {
  for (const k of entries.keys()) {
    if (k === key) return true;
    if (k === DYNAMIC_KEY) return false;
  }
  return false;
}
