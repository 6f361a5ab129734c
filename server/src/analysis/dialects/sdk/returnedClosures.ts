// Helpers that return a closure over the server: `const tool = makeRegistrar(server); tool("a");
// tool("b")`. The closure runs where it is called, as that call runs (unconditionally at the top of
// the factory, or under its condition), instead of "some time, or never" like any other callback.
// A const that is also used otherwise (stored, passed, returned or called from a callback) still runs
// where it is called directly, and, since it may run at other times too, the ordinary rule applies as well.
// The same holds for an object literal of such closures (`createLogger(server)` returning `{ info:
// (d) => server.sendLoggingMessage(...) }`, a toolkit's `{ registerTools() {...} }`): each method
// runs where `log.info(...)` or `createToolkit(server).registerTools()` calls it.
import { callResultIgnored } from "./ignoredResults";
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Binding, Scope } from "../../core/evaluate/values";
import { assignsTo } from "./serverSubclasses";
import type { FlowEvent, FlowUnit, PatternDefaults, RefPath, Span, ValueExpr } from "../../core/model/summary";
import { SK, ts } from "../../core/typescript";
import { climb, nodeAt, parsedSource } from "./containerStores";
import { declaredUnwritable, thisField } from "../../core/evaluate/returnedCollections";
import { unitScope } from "../../core/evaluate/unitScope";

export interface ReturnedClosure {
  readonly file: string;
  readonly unit: FlowUnit;
  /** The names the server went by in the helper that made it (the closure sees them). */
  readonly names: ReadonlySet<string>;
}

export class ReturnedClosures {
  readonly #ev: Evaluator;
  /** `file#unit#name` → the closure that const holds. */
  readonly #held = new Map<string, ReturnedClosure>();
  /** `file#unit#name` → the methods of the object that const holds, by name. */
  readonly #heldMethods = new Map<string, ReadonlyMap<string, ReturnedClosure>>();
  /** `file#Class#field` of a field given such an object (`private log = createLogger(this.server)`) → its methods. */
  readonly #fieldMethods = new Map<string, ReadonlyMap<string, ReturnedClosure>>();
  /** `file#start` of a call whose object is only the receiver of one method call (`make(server).run()`) → its methods. */
  readonly #receivers = new Map<string, ReadonlyMap<string, ReturnedClosure>>();

  constructor(ev: Evaluator) {
    this.#ev = ev;
  }

  /** Closures (`file#unit`) some run of their helper handed to anything but such a const: they may run any time. */
  readonly #free = new Set<string>();
  /** Closures held in such consts. */
  readonly #kept = new Set<string>();

  /**
   * `const name = helper(server, ...)` (or a call whose result is not named), once the helper ran:
   * remembers the closure it returns, if that is all it returns and the const is only called.
   */
  noteResult(file: string, unit: FlowUnit, name: string | undefined, helper: { file: string; unit: FlowUnit }, names: ReadonlySet<string>, call?: Span): void {
    const closure = returnedClosure(this.#ev, helper.file, helper.unit);
    if (!closure) {
      const methods = returnedMethods(this.#ev, helper.file, helper.unit);
      if (methods) this.#noteMethods(file, unit, name, helper.file, methods, names, call);
      return;
    }
    const id = `${helper.file}#${closure.id}`;
    const summary = this.#ev.summary(file);
    const exported = new Set([...(summary?.exports.values() ?? [])].flatMap((x) => (x.k === "local" ? [x.local] : [])));
    // `makeInstaller(ctx);` as a statement: the closure it returns is dropped, and runs nowhere from here.
    if (name === undefined && call && callResultIgnored(this.#ev, file, call)) {
      this.#kept.add(id);
      return;
    }
    if (name === undefined || !isConst(this.#ev, file, unit, name)) {
      this.#free.add(id);
      return;
    }
    this.#held.set(`${file}#${unit.id}#${name}`, { file: helper.file, unit: closure, names });
    // Also used otherwise (from a callback, handed on): it runs where it is called directly, and may
    // run at other times too.
    if (!onlyCalled(summary?.flow?.units ?? [], unit, name, exported, this.#ev.host.text?.(file))) this.#free.add(id);
    else this.#kept.add(id);
  }

  #noteMethods(file: string, unit: FlowUnit, name: string | undefined, helperFile: string, methods: ReadonlyMap<string, FlowUnit>, names: ReadonlySet<string>, call: Span | undefined): void {
    const ids = [...methods.values()].map((u) => `${helperFile}#${u.id}`);
    const closures = new Map([...methods].map(([m, u]) => [m, { file: helperFile, unit: u, names }] as const));
    const summary = this.#ev.summary(file);
    const units = summary?.flow?.units ?? [];
    const field = call && fieldInitialised(this.#ev, file, unit, call);
    if (field) {
      // `private log = createLogger(this.server)`: `this.log.info(...)` in the class's code.
      this.#fieldMethods.set(`${file}#${unit.className}#${field}`, closures);
      const kept = onlyFieldMethodsCalled(this.#ev.host.text?.(file), field, methods);
      for (const id of ids) (kept ? this.#kept : this.#free).add(id);
      return;
    }
    if (name === undefined) {
      // `createToolkit(server).registerTools()`: the object is gone once that one method has run.
      if (call && onlyReceiverOfOneCall(unit, call)) {
        this.#receivers.set(`${file}#${call.start}`, closures);
        for (const id of ids) this.#kept.add(id);
      } else for (const id of ids) this.#free.add(id);
      return;
    }
    if (!isConst(this.#ev, file, unit, name)) {
      for (const id of ids) this.#free.add(id);
      return;
    }
    this.#heldMethods.set(`${file}#${unit.id}#${name}`, closures);
    const exported = new Set([...(summary?.exports.values() ?? [])].flatMap((x) => (x.k === "local" ? [x.local] : [])));
    const kept = !exported.has(name) && onlyMethodsCalled(units, unit, name, methods);
    for (const id of ids) (kept ? this.#kept : this.#free).add(id);
  }

  /** Whether a closure may also run at times not known (its const is used otherwise than called directly, or it is not held). */
  runsAlsoElsewhere(file: string, unit: FlowUnit): boolean {
    return this.#free.has(`${file}#${unit.id}`);
  }

  /** Whether a closure runs only where its const is called (so never elsewhere, nor later on its own). */
  runsOnlyWhereCalled(file: string, unit: FlowUnit): boolean {
    const id = `${file}#${unit.id}`;
    return this.#kept.has(id) && !this.#free.has(id);
  }

  /** The closure a call's callee names in this body, if it is one noted. */
  called(file: string, unit: FlowUnit, callee: ValueExpr, className?: string): ReturnedClosure | undefined {
    if (callee.k === "ref") return this.#held.get(`${file}#${unit.id}#${callee.name}`);
    if (callee.k !== "get" || callee.key.k !== "static") return undefined;
    const { object, key } = callee;
    const field = className !== undefined ? thisField(object) : undefined;
    if (field !== undefined) return this.#fieldMethods.get(`${file}#${className}#${field}`)?.get(key.name);
    if (object.k === "ref") return this.#heldMethods.get(`${file}#${unit.id}#${object.name}`)?.get(key.name);
    return object.k === "call" ? this.#receivers.get(`${file}#${object.span.start}`)?.get(key.name) : undefined;
  }
}

/** The one closure every `return` of the helper returns (undefined: anything else, or several). */
function returnedClosure(ev: Evaluator, file: string, helper: FlowUnit): FlowUnit | undefined {
  const returns = helper.events.filter(({ event }) => event.k === "return");
  if (returns.length !== 1) return undefined;
  const { event, conditional } = returns[0]!;
  if (conditional || event.k !== "return") return undefined;
  // `const later = () => ...; return later;`: the const's closure, when the helper does nothing else with it.
  const expr = event.expr?.k === "ref" && onlyDeclaredAndReturned(ev.host.text?.(file), helper, event.expr.name) ? helper.consts?.get(event.expr.name) : event.expr;
  if (expr?.k !== "fn") return undefined;
  const start = expr.span.start;
  return ev.summary(file)?.flow?.units.find((u) => u.kind === "closure" && u.parent === helper.id && u.span.start === start);
}

/** Whether `name` appears in the helper's text only as `const name =` and `return name`. */
function onlyDeclaredAndReturned(text: string | undefined, helper: FlowUnit, name: string): boolean {
  if (text === undefined || helper.consts?.has(name) !== true || (helper.locals ?? []).filter((l) => l === name).length > 1) return false;
  const body = text.slice(helper.span.start, helper.span.end);
  let declared = 0;
  let returned = 0;
  for (const m of body.matchAll(new RegExp(`(?<![\\w$.])${name.replace(/[$]/g, "\\$")}(?![\\w$])`, "g"))) {
    const before = body.slice(Math.max(0, m.index - 10), m.index);
    const after = body.slice(m.index + m[0].length, m.index + m[0].length + 10);
    if (/\bconst\s+$/.test(before) && /^\s*(?::[^=]*)?=/.test(after)) declared++;
    else if (/\breturn\s+$/.test(before) && /^\s*(?:;|}|$)/.test(after)) returned++;
    else return false;
  }
  return declared === 1 && returned === 1;
}

/**
 * The methods of the one object literal every `return` of the helper returns, when each of its
 * entries is a function written in it (`{ info: (d) => ..., flush() {...} }`) and none uses `this`
 * (a method calling a sibling through `this` is a call the replay does not resolve).
 */
function returnedMethods(ev: Evaluator, file: string, helper: FlowUnit): ReadonlyMap<string, FlowUnit> | undefined {
  const returns = helper.events.filter(({ event }) => event.k === "return");
  if (returns.length !== 1) return undefined;
  const { event, conditional } = returns[0]!;
  if (conditional || event.k !== "return" || event.expr?.k !== "obj") return undefined;
  const units = ev.summary(file)?.flow?.units ?? [];
  const text = ev.host.text?.(file);
  if (text === undefined) return undefined;
  const methods = new Map<string, FlowUnit>();
  for (const entry of event.expr.entries) {
    if (entry.k !== "prop" || entry.key.k !== "static" || methods.has(entry.key.name)) return undefined;
    const start = entry.value.k === "fn" || entry.value.k === "dyn" ? entry.value.span.start : -1;
    const unit = units.find((u) => u.kind === "closure" && u.parent === helper.id && u.span.start === start);
    if (!unit || /(?<![\w$.])this(?![\w$])/.test(text.slice(unit.span.start, unit.span.end))) return undefined;
    methods.set(entry.key.name, unit);
  }
  return methods.size > 0 ? methods : undefined;
}

/**
 * The field a field unit's initializer is the call at `call` (`private log = createLogger(this.server)`),
 * when the field is one nothing outside the class writes (private, readonly, `#log`).
 */
function fieldInitialised(ev: Evaluator, file: string, unit: FlowUnit, call: Span): string | undefined {
  if (unit.kind !== "field" || unit.className === undefined) return undefined;
  const sf = parsedSource(ev, file);
  const node = sf ? nodeAt(sf, call) : undefined;
  const decl = node ? climb(node).parent : undefined;
  if (!sf || !decl || !ts.isPropertyDeclaration(decl) || decl.initializer === undefined || climb(node!) !== decl.initializer) return undefined;
  if (!(ts.isIdentifier(decl.name) || ts.isPrivateIdentifier(decl.name)) || decl.modifiers?.some((m) => m.kind === SK.StaticKeyword)) return undefined;
  const field = decl.name.text.replace(/^#/, "");
  return declaredUnwritable(sf.text, field) ? field : undefined;
}

/** Whether every mention of the field in the file (but its declaration) is `this.field.m(` for one of the methods, and nothing assigns it. */
function onlyFieldMethodsCalled(text: string | undefined, field: string, methods: ReadonlyMap<string, FlowUnit>): boolean {
  if (text === undefined) return false;
  const name = field.replace(/\$/g, "\\$");
  let declarations = 0;
  for (const m of text.matchAll(new RegExp(`(?<![\\w$])#?${name}(?![\\w$])`, "g"))) {
    const before = text.slice(Math.max(0, m.index - 24), m.index);
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 64);
    if (/(?:private|readonly|protected|public)\s+$/.test(before) || /^\s*[:=]/.test(after) && !/\.\s*$/.test(before)) {
      declarations++;
      continue;
    }
    const call = /^\s*\.\s*([A-Za-z_$][\w$]*)\s*\(/.exec(after);
    if (!/\bthis\s*\.\s*$/.test(before) || !call || !methods.has(call[1]!)) return false;
  }
  return declarations === 1;
}

/** Whether the call at `call` is, in `unit`, only the object of one method call (`make(server).run()`). */
function onlyReceiverOfOneCall(unit: FlowUnit, call: Span): boolean {
  return unit.events.some(({ event }) => event.k === "invoke" && event.callee.k === "get" && event.callee.object.k === "call" && event.callee.object.span.start === call.start && event.callee.object.span.end === call.end);
}

/** Whether `name` is used in `unit` only as `name.m(...)` for its methods `m`, and in no function written inside it. */
function onlyMethodsCalled(units: readonly FlowUnit[], unit: FlowUnit, name: string, methods: ReadonlyMap<string, FlowUnit>): boolean {
  const methodCall = (e: ValueExpr) => e.k === "get" && e.object.k === "ref" && e.object.name === name && e.key.k === "static" && methods.has(e.key.name);
  return usedOnly(units, unit, name, (e, own) => mentionsRef(e.callee, name) && !(own && methodCall(e.callee)), () => false);
}

/**
 * Whether no event of `unit` (`own`) or of a function written inside it uses `name` otherwise than
 * the callers allow: `otherCallee` says when an invoke's callee is a use, `keptEscape` when an escape
 * of it is not.
 */
function usedOnly(
  units: readonly FlowUnit[],
  unit: FlowUnit,
  name: string,
  otherCallee: (e: Extract<FlowEvent, { k: "invoke" }>, own: boolean) => boolean,
  keptEscape: (e: Extract<FlowEvent, { k: "escape" }>, own: boolean) => boolean,
): boolean {
  const mentioned = (p: RefPath | null | undefined) => p?.[0] === name;
  const other = (e: FlowEvent, own: boolean): boolean => {
    switch (e.k) {
      case "invoke":
        return e.args.some(mentioned) || otherCallee(e, own);
      case "call":
        return mentioned(e.receiver);
      case "escape":
        return mentioned(e.source) && !keptEscape(e, own);
      case "alias":
      case "return":
        return mentioned(e.source);
      default:
        return false;
    }
  };
  if (unit.events.some(({ event }) => other(event, true))) return false;
  return !units.some((u) => u !== unit && inside(units, u, unit) && !u.params.includes(name) && u.events.some(({ event }) => other(event, false)));
}

function isConst(ev: Evaluator, file: string, unit: FlowUnit, name: string): boolean {
  if (unit.kind === "module") return ev.summary(file)?.decls.get(name)?.k === "const";
  return unit.consts?.has(name) === true && (unit.locals ?? []).filter((l) => l === name).length === 1 && !unit.params.includes(name);
}

/** Whether `name` is used in `unit` only as the callee of direct calls, and in no function written inside it. */
function onlyCalled(units: readonly FlowUnit[], unit: FlowUnit, name: string, exported: ReadonlySet<string>, text: string | undefined): boolean {
  return usedOnly(
    units,
    unit,
    name,
    (e, own) => (!own && e.callee.k === "ref" && e.callee.name === name) || (e.callee.k === "get" && mentionsRef(e.callee, name)),
    // Stored in a const object nothing reads (`const register = { tool }; void register`).
    (e, own) => own && e.into?.length === 1 && unread(text, unit, e.into[0]!, exported),
  );
}

function mentionsRef(e: ValueExpr, name: string): boolean {
  if (e.k === "ref") return e.name === name;
  if (e.k === "get") return mentionsRef(e.object, name);
  return false;
}

function inside(units: readonly FlowUnit[], u: FlowUnit, outer: FlowUnit): boolean {
  for (let p = u.parent, hops = 0; p !== null && hops < 64; p = units[p]?.parent ?? null, hops++) if (p === outer.id) return true;
  return false;
}

/**
 * The closure's parameters bound to a call's arguments (read in the caller's scope), unless the
 * closure assigns to them; a parameter the call leaves out is its default (`opts = { tools: true }`,
 * read where the function is defined), or unknown without one. The names of an object pattern
 * (`{ name = "demo", logging = false }: Options = {}`) are bound as `patternFields` says.
 */
export function closureArguments(ev: Evaluator, closure: Pick<ReturnedClosure, "file" | "unit">, args: readonly ValueExpr[], scope: Scope): ReadonlyMap<string, Binding> {
  const { file, unit } = closure;
  const text = withoutDefaults(ev.host.text?.(file)?.slice(unit.span.start, unit.span.end), unit);
  const vars = new Map<string, Binding>();
  if (text === undefined) return vars;
  // `f(...rest)`: which parameter each argument reaches is not known, nor which are left out.
  const spread = args.some((a) => a.k === "dyn" && a.text.startsWith("..."));
  let defaultScope: Scope | undefined;
  const defaults = () => (defaultScope ??= parameterDefaultScope(ev, file, unit));
  unit.params.forEach((p, i) => {
    if (!p || assignsTo(text, p)) return;
    const arg = args[i];
    // An argument that may be `undefined` (a name, a member) gives the parameter its default instead: not known.
    if (arg && unit.paramDefaults?.[i] && !DEFINED.has(arg.k) && !(arg.k === "lit" && arg.value !== null)) return;
    if (arg) {
      if (arg.k !== "dyn") vars.set(p, { expr: arg, scope });
      return;
    }
    const fallback = spread ? null : unit.paramDefaults?.[i];
    if (fallback) vars.set(p, { expr: fallback, scope: defaults() });
  });
  if (!spread) {
    unit.paramFields?.forEach((fields, i) => {
      if (fields) for (const [name, binding] of patternFields(fields, unit.paramPatternDefaults?.[i] ?? undefined, args[i], scope, defaults, (f) => ev.host.text?.(f))) if (!assignsTo(text, name)) vars.set(name, binding);
    });
  }
  return vars;
}

/**
 * The names an object pattern binds from what a call gives it: the argument when it is an object
 * literal of known keys (no spread), else, when the call leaves the argument out, the pattern's
 * default when it is such a literal. A key that object writes is its value (not one that may be
 * `undefined` where the field has a default of its own, which would take over); a key it certainly
 * lacks is the field's default. Anything else (another argument, a key that may come from the
 * prototype, a field without a default the object lacks) leaves the name unknown.
 */
function patternFields(fields: Readonly<Record<string, string>>, defaults: PatternDefaults | undefined, arg: ValueExpr | undefined, scope: Scope, defaultScope: () => Scope, text: (file: string) => string | undefined): ReadonlyMap<string, Binding> {
  const vars = new Map<string, Binding>();
  const source = arg ? { expr: arg, scope } : defaults?.whole ? { expr: defaults.whole, scope: defaultScope() } : undefined;
  const written = source ? knownEntries(source.expr) : undefined;
  // `{ __proto__: base }` gives the object a prototype (its keys may be read through it), and the summary keeps no entry for it.
  if (!source || !written || (text(source.scope.file)?.slice(source.expr.span.start, source.expr.span.end).includes("__proto__") ?? true)) return vars;
  for (const [key, name] of Object.entries(fields)) {
    // `{ toString }`: a plain object without the key still has it, from its prototype.
    if (key in Object.prototype) continue;
    const fallback = defaults && Object.prototype.hasOwnProperty.call(defaults.fields, key) ? defaults.fields[key] : undefined;
    const value = written.get(key);
    if (value) {
      if (value.k !== "dyn" && (!fallback || DEFINED.has(value.k) || value.k === "lit")) vars.set(name, { expr: value, scope: source.scope });
    } else if (fallback) vars.set(name, { expr: fallback, scope: defaultScope() });
  }
  return vars;
}

/** An object literal's values by key, when every entry is a property under a key known from the syntax; undefined otherwise. */
function knownEntries(expr: ValueExpr): ReadonlyMap<string, ValueExpr> | undefined {
  if (expr.k !== "obj") return undefined;
  const out = new Map<string, ValueExpr>();
  for (const entry of expr.entries) {
    if (entry.k !== "prop" || entry.key.k !== "static") return undefined;
    out.set(entry.key.name, entry.value);
  }
  return out;
}

/** Argument forms that are never `undefined` (a literal other than `null` is checked apart). */
const DEFINED: ReadonlySet<ValueExpr["k"]> = new Set(["obj", "arr", "fn", "class", "new"]);

/**
 * A function's text with its parameters' defaults blanked out, so that `opts = { … }` or `{ logging =
 * false }` in its head is not taken for an assignment.
 */
function withoutDefaults(text: string | undefined, unit: FlowUnit): string | undefined {
  const patterns = (unit.paramPatternDefaults ?? []).flatMap((d) => (d ? [...Object.values(d.fields), ...(d.whole ? [d.whole] : [])] : []));
  const all = [...(unit.paramDefaults ?? []), ...patterns];
  if (text === undefined || all.length === 0) return text;
  let out = text;
  for (const d of all) {
    if (!d) continue;
    const start = d.span.start - unit.span.start;
    const eq = out.lastIndexOf("=", start);
    if (eq < 0 || start > out.length) continue;
    out = out.slice(0, eq) + " ".repeat(d.span.end - unit.span.start - eq) + out.slice(d.span.end - unit.span.start);
  }
  return out;
}

/**
 * Where a parameter's default is read: the function's parameters and the names its object patterns
 * bind (each unknown: an earlier one may be what the default names), then the scopes the function is
 * defined in.
 */
function parameterDefaultScope(ev: Evaluator, file: string, unit: FlowUnit): Scope {
  const parent = unit.parent === null ? undefined : ev.summary(file)?.flow?.units[unit.parent];
  const vars = new Map<string, Binding>();
  const names = [...unit.params, ...(unit.paramFields ?? []).flatMap((f) => (f ? Object.values(f) : []))];
  for (const p of names) if (p) vars.set(p, { value: { t: "dyn", text: p, loc: { file, span: unit.span }, why: `${p} is only known when ${unit.name} runs` } });
  return { file, vars, parent: unitScope(ev, file, parent) };
}

/**
 * Whether a const of `unit` is read nowhere: besides its declaration, its name appears in the file
 * only after `void` or `typeof` (which cannot call what it holds), and the module does not export it.
 * Read from the text, so that no reading of it (a destructuring, an element access) goes unseen.
 */
function unread(text: string | undefined, unit: FlowUnit, name: string, exported: ReadonlySet<string>): boolean {
  if (text === undefined || (unit.kind === "module" ? exported.has(name) : unit.consts?.has(name) !== true)) return false;
  if ((unit.locals ?? []).filter((l) => l === name).length > 1) return false;
  let declarations = 0;
  for (const m of text.matchAll(new RegExp(`(?<![\\w$.])${name.replace(/[$]/g, "\\$")}(?![\\w$])`, "g"))) {
    const before = text.slice(Math.max(0, m.index - 10), m.index);
    if (/\bconst\s+$/.test(before)) declarations++;
    else if (!/\b(?:void|typeof)\s+$/.test(before)) return false;
  }
  return declarations === 1;
}
