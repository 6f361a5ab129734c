// Registration through objects of the workspace: `tools.registerTools(server)` on an object literal
// (a const, imported, a default export), `plugin.mount(server)` on an object method,
// `Registry.registerAll(server)` on a class, `new SomeTool(client).attach(server)` (directly or through
// a const), and `this.registerX(server)` inside a class's method. Each is the one function the call
// runs, when that is known statically; anything else is not followed.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Scope, Value } from "../../core/evaluate/values";
import { functionPlace, memberFunctionPlace, unitAt, type FunctionPlace } from "../../core/evaluate/functionPlaces";
import type { FlowUnit, Span, ValueExpr } from "../../core/model/summary";
import { bindingOf, unitScope } from "../../core/evaluate/unitScope";
import { fieldObjectClass } from "./fieldHolders";
import { arrowPropertyUnit } from "./holderMethodCalls";
import { declaredUnwritable, fieldValue } from "../../core/evaluate/returnedCollections";
import { SDK_EVAL } from "./sdkEval";
import { classEveryReturnMakes } from "./factoryInstances";

export interface FunctionTarget {
  readonly file: string;
  readonly unit: FlowUnit;
  /** A method run on an instance made with `new` right there: the instance's class (what `this.name` reads). */
  readonly instance?: Instance;
  /**
   * A method of an object a class keeps in a field (`this.logger.info()`), made by one `new` of that
   * class: its arguments as written there (`this.server`), and the fields its constructor stores them in.
   */
  readonly fieldObject?: { readonly args: readonly string[]; readonly stores: ReadonlyMap<number, readonly string[]> };
  /** A method run on the same instance (`this.m()` dispatched along a line of subclasses): the caller's `this.` names hold there too. */
  readonly sameInstance?: true;
}

/** An instance made with `new`: its class, and the arguments it was made with (read in `scope`). */
export interface Instance {
  readonly file: string;
  readonly name: string;
  readonly made?: { readonly args: readonly ValueExpr[]; readonly scope: Scope };
}

const MAX_DEPTH = 6;

/**
 * The method whose `this` the unit's `this` is: the unit itself, or the method an arrow function is
 * written in (`createServer((req, res) => this.handle(req, res))` in `listen()`), through arrows only:
 * a `function` expression has a `this` of its own.
 */
function methodAround(ev: Evaluator, file: string, unit: FlowUnit): FlowUnit | undefined {
  const units = ev.summary(file)?.flow?.units ?? [];
  const text = ev.host.text?.(file);
  for (let u: FlowUnit | undefined = unit, hops = 0; u && hops < 64; hops++) {
    if (u.kind === "method") return u;
    if (u.kind !== "closure" || u.parent === null || u.name.startsWith("(method)") || text === undefined || /^(?:async\s+)?function\b/.test(text.slice(u.span.start, u.span.start + 16))) return undefined;
    u = units[u.parent];
  }
  return undefined;
}

/** `want`: asks for a flow summary of a file the target is in (a module that does not import the SDK). */
export function methodTarget(ev: Evaluator, file: string, unit: FlowUnit, callee: Extract<ValueExpr, { k: "get" }>, want?: (file: string) => void): FunctionTarget | undefined {
  if (callee.key.k !== "static") return undefined;
  const method = callee.key.name;
  const object = callee.object;
  // `this.registerX(server)` in a method: the class's own method (a class that is extended may see an
  // override, so only a method of the class itself, reached on an instance made with `new` of that class).
  if (object.k === "dyn" && object.text === "this") {
    const around = methodAround(ev, file, unit);
    return around?.className !== undefined ? classMethod(ev, file, around.className, method) : undefined;
  }
  // `super.installTo(server)` in an override: the nearest base class's method, on the same instance.
  if (object.k === "dyn" && object.text === "super") {
    const base = unit.className !== undefined && unit.kind === "method" ? baseClassOf(ev, file, unit.className) : undefined;
    const found = base ? methodThroughBases(ev, base.file, base.name, method, want, 0) : undefined;
    return found ? { ...found, sameInstance: true } : undefined;
  }
  // `this.transports.attach(server)`: a private field only ever given `new Transports(...)`.
  const held = fieldObjectClass(ev, file, unit, callee);
  if (held) {
    const target = classMethod(ev, held.file, held.name, method);
    return target && held.args ? { ...target, fieldObject: { args: held.args, stores: constructorStores(ev, held.file, held.name) } } : target;
  }
  const scope = unitScope(ev, file, unit);
  // `console.log(...)`, `process.exit(...)`: a name the file does not declare is a global, and what
  // declares one (a declaration file) holds no code to follow. Not evaluated: looking a global up
  // walks the workspace for declaration files.
  if (object.k === "ref" && !declaredIn(ev, scope, object.name)) return undefined;
  // `z.object(...).describe(...)`, `express.json()`: what a name imported from a package (or from a
  // module only a `declare module` block describes) holds or makes is no code of the workspace. Not
  // evaluated: an unresolved module is looked up among the declaration files, which walks the whole
  // workspace.
  const root = rootName(object);
  if (root !== undefined && importedFromOutside(ev, scope, root)) return undefined;
  const made = constructedClass(ev, scope, object, 0);
  if (made) return methodThroughBases(ev, made.file, made.name, method, want, 0);
  const value = ev.evaluate(object, scope, SDK_EVAL);
  if (value.t === "class") {
    const name = ev.summary(value.cls.file)?.classes[value.cls.index]?.name;
    return name ? classMethod(ev, value.cls.file, name, method, true) : undefined;
  }
  return objectMethod(ev, value, method, want);
}

/**
 * The method `method` of an object value (`{ mount(server) {...} }`, `{ register: (s) => ... }`),
 * with `want` asked for a flow summary of its file first (a module that does not import the SDK).
 */
export function objectMethod(ev: Evaluator, value: Value, method: string, want?: (file: string) => void): FunctionTarget | undefined {
  // `[IssueTools, WikiTools].forEach((C) => C.register(server))`: a class's own static method.
  if (value.t === "class" && value.cls.scope === null) {
    const name = ev.summary(value.cls.file)?.classes[value.cls.index]?.name;
    if (ev.summary(value.cls.file)?.flow === undefined) want?.(value.cls.file);
    return name ? classMethod(ev, value.cls.file, name, method, true) : undefined;
  }
  return placedUnit(ev, memberFunctionPlace(ev, value, method, SDK_EVAL), want);
}

/** The function unit a function value stands for (undefined for anything else). */
export function functionOfValue(ev: Evaluator, value: Value, want?: (file: string) => void): FunctionTarget | undefined {
  return placedUnit(ev, functionPlace(value), want);
}

/** The unit holding a function's code, with `want` asked for a flow summary of its file first. */
function placedUnit(ev: Evaluator, place: FunctionPlace | undefined, want?: (file: string) => void): FunctionTarget | undefined {
  if (!place) return undefined;
  if (ev.summary(place.file)?.flow === undefined) want?.(place.file);
  return functionUnit(ev, place.file, place.span, place.exact);
}

/** `new C(...)` (directly or through consts) and its class's own method `method`: what calling it on that instance runs. */
export function instanceMethod(ev: Evaluator, scope: Scope, expr: ValueExpr, method: string, want?: (file: string) => void): FunctionTarget | undefined {
  const made = constructedClass(ev, scope, expr, 0);
  const target = made ? methodThroughBases(ev, made.file, made.name, method, want, 0) : undefined;
  return target && made ? { ...target, instance: made } : target;
}

/** `this.<field> = <name>` written unconditionally by a constructor: the name's place among its parameters (-1: not one). */
export interface ConstructorStore {
  readonly index: number;
  readonly field: string;
  readonly span: Span;
}

/**
 * The class's own constructor and what it stores in fields of `this` from a plain name, in order
 * (`constructor(private server: McpServer)`, `this.srv = server`).
 */
export function constructorStoresOf(ev: Evaluator, file: string, className: string): { readonly ctor: FlowUnit; readonly stores: readonly ConstructorStore[] } | undefined {
  const ctor = ev.summary(file)?.flow?.units.find((u) => u.kind === "method" && u.className === className && u.name === `${className}.constructor`);
  if (!ctor) return undefined;
  const stores: ConstructorStore[] = [];
  for (const { event, conditional } of ctor.events) {
    if (conditional || event.k !== "escape" || event.into?.length !== 2 || event.into[0] !== "this" || event.source.length !== 1) continue;
    stores.push({ index: ctor.params.indexOf(event.source[0]!), field: event.into[1]!, span: event.span });
  }
  return { ctor, stores };
}

/** The fields of `this` the class's own constructor stores each of its parameters in, by the parameter's place. */
function constructorStores(ev: Evaluator, file: string, className: string): ReadonlyMap<number, readonly string[]> {
  const stores = new Map<number, string[]>();
  for (const { index, field } of constructorStoresOf(ev, file, className)?.stores ?? []) {
    if (index >= 0) stores.set(index, [...(stores.get(index) ?? []), `this.${field}`]);
  }
  return stores;
}

/** A parameter property of the class's own constructor (`constructor(readonly name: string)`) given a string by `new`. */
function constructorFieldString(ev: Evaluator, instance: Instance, field: string): string | undefined {
  if (!instance.made) return undefined;
  const stored = constructorStoresOf(ev, instance.file, instance.name)?.stores.find((s) => s.field === field);
  if (!stored) return undefined;
  // Only a field nothing else writes: declared `readonly` or `private`, assigned nowhere in the file.
  const text = ev.host.text?.(instance.file) ?? "";
  if (!declaredUnwritable(text, field) || new RegExp(`\\.${field.replace(/\$/g, "\\$")}\\s*=(?!=)`).test(text)) return undefined;
  const arg = stored.index >= 0 ? instance.made.args[stored.index] : undefined;
  const v = arg ? ev.evaluate(arg, instance.made.scope, SDK_EVAL) : undefined;
  return v?.t === "prim" && typeof v.value === "string" ? v.value : undefined;
}

/**
 * The string literal an instance of the class keeps in `field` (its own declaration, or the nearest
 * base class's, through `extends` of workspace classes), when nothing changes it (fieldValue).
 */
export function instanceFieldString(ev: Evaluator, instance: Instance, field: string): string | undefined {
  const given = constructorFieldString(ev, instance, field);
  if (given !== undefined) return given;
  let current: { file: string; name: string } | undefined = instance;
  for (let depth = 0; current && depth <= MAX_DEPTH; depth++) {
    const held = fieldValue(ev, current.file, current.name, field, { start: -1 });
    if (held) return held.expr.k === "lit" && typeof held.expr.value === "string" ? held.expr.value : undefined;
    const classes = ev.summary(current.file)?.classes.filter((c) => c.name === current!.name && c.topLevel) ?? [];
    const cls = classes.length === 1 ? classes[0]! : undefined;
    // A class that declares the field without a literal the analysis keeps: not known.
    if (!cls || cls.members.some((m) => m.name === field && !m.isStatic)) return undefined;
    if (!cls.heritage) return undefined;
    const base = ev.evaluate(cls.heritage, ev.fileScope(current.file), SDK_EVAL);
    if (base.t !== "class" || base.cls.scope !== null) return undefined;
    const baseName = ev.summary(base.cls.file)?.classes[base.cls.index]?.name;
    current = baseName ? { file: base.cls.file, name: baseName } : undefined;
  }
  return undefined;
}

/**
 * The method an instance of the class runs: its own, or (when the class does not declare the name at
 * all) the one it inherits from the class its `extends` names, as far as those are classes of the
 * workspace written out (not mixins).
 */
function methodThroughBases(ev: Evaluator, file: string, className: string, method: string, want: ((file: string) => void) | undefined, depth: number): FunctionTarget | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (ev.summary(file)?.flow === undefined) want?.(file);
  const own = classMethod(ev, file, className, method);
  if (own) return own;
  const classes = ev.summary(file)?.classes.filter((c) => c.name === className && c.topLevel) ?? [];
  const cls = classes.length === 1 ? classes[0]! : undefined;
  if (!cls?.heritage || cls.members.some((m) => m.name === method)) return undefined;
  const base = baseClassOf(ev, file, className);
  return base ? methodThroughBases(ev, base.file, base.name, method, want, depth + 1) : undefined;
}

/** The class a top-level class of `file` extends, when it is one the workspace declares at top level. */
function baseClassOf(ev: Evaluator, file: string, className: string): { readonly file: string; readonly name: string } | undefined {
  const classes = ev.summary(file)?.classes.filter((c) => c.name === className && c.topLevel) ?? [];
  const cls = classes.length === 1 ? classes[0]! : undefined;
  if (!cls?.heritage) return undefined;
  const base = ev.evaluate(cls.heritage, ev.fileScope(file), SDK_EVAL);
  if (base.t !== "class" || base.cls.scope !== null) return undefined;
  const name = ev.summary(base.cls.file)?.classes[base.cls.index]?.name;
  return name ? { file: base.cls.file, name } : undefined;
}

/** Whether `name` is bound where `scope` is: a local, a top-level declaration or an import of the file. */
function declaredIn(ev: Evaluator, scope: Scope, name: string): boolean {
  if (bindingOf(scope, name)) return true;
  const summary = ev.summary(scope.file);
  return summary !== undefined && (summary.decls.has(name) || summary.imports.has(name) || summary.flow?.loaded?.has(name) === true);
}

/** The name an expression's chain of property reads and calls starts from (`z` of `z.object({}).min`). */
function rootName(expr: ValueExpr): string | undefined {
  let e = expr;
  for (let hops = 0; hops < 64; hops++) {
    if (e.k === "ref") return e.name;
    if (e.k === "get") e = e.object;
    else if (e.k === "call" || e.k === "new") e = e.callee;
    else return undefined;
  }
  return undefined;
}

/** Whether `name`, seen from `scope`, is an import of a module that is no source file of the workspace. */
function importedFromOutside(ev: Evaluator, scope: Scope, name: string): boolean {
  if (bindingOf(scope, name)) return false;
  const summary = ev.summary(scope.file);
  const imported = summary && !summary.decls.has(name) ? summary.imports.get(name) : undefined;
  if (!imported) return false;
  const target = ev.host.resolveModule(imported.specifier, scope.file);
  return target === undefined || /[\\/]node_modules[\\/]/.test(target);
}

/** `new C(...)`, directly, through consts or through a factory that returns one: the class's file and name. */
function constructedClass(ev: Evaluator, scope: Scope, expr: ValueExpr, depth: number): Instance | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (expr.k === "new") {
    const c = ev.evaluate(expr.callee, scope, SDK_EVAL);
    if (c.t !== "class" || c.cls.scope !== null) return undefined;
    const name = ev.summary(c.cls.file)?.classes[c.cls.index]?.name;
    return name ? { file: c.cls.file, name, made: { args: expr.args, scope } } : undefined;
  }
  // `createManager()`, a function of the workspace whose one result is `new C(...)`: a fresh instance of C.
  if (expr.k === "call") {
    const f = ev.evaluate(expr.callee, scope, SDK_EVAL);
    if (f.t !== "fn" || f.fn.wraps) return undefined;
    if (f.fn.result) return constructedClass(ev, f.scope, f.fn.result, depth + 1);
    // Its arguments are the factory's own, not known here.
    return classEveryReturnMakes(ev, f);
  }
  if (expr.k !== "ref") return undefined;
  const bound = bindingOf(scope, expr.name);
  if (bound) return "expr" in bound ? constructedClass(ev, bound.scope, bound.expr, depth + 1) : undefined;
  const summary = ev.summary(scope.file);
  const decl = summary?.decls.get(expr.name);
  if (decl) return decl.k === "const" ? constructedClass(ev, ev.fileScope(scope.file), decl.init, depth + 1) : undefined;
  // `import { logger } from "./logger"` where that module says `export const logger = new Logger()`.
  const imported = summary?.imports.get(expr.name);
  return imported && imported.imported !== "*" ? exportedConstruction(ev, scope.file, imported.specifier, imported.imported, depth + 1) : undefined;
}

/** The class of `export const name = new C(...)` in the module a specifier names (through re-exports). */
function exportedConstruction(ev: Evaluator, from: string, specifier: string, name: string, depth: number): Instance | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const target = ev.host.resolveModule(specifier, from);
  const summary = target ? ev.summary(target) : undefined;
  if (!target || !summary) return undefined;
  const entry = summary.exports.get(name);
  if (entry?.k === "from") return exportedConstruction(ev, target, entry.specifier, entry.imported, depth + 1);
  const decl = entry?.k === "local" ? summary.decls.get(entry.local) : undefined;
  return decl?.k === "const" ? constructedClass(ev, ev.fileScope(target), decl.init, depth + 1) : undefined;
}

/** The unit of a class's own method with a body (not abstract, not an overload signature). */
export function classMethod(ev: Evaluator, file: string, className: string, method: string, isStatic = false): FunctionTarget | undefined {
  const summary = ev.summary(file);
  const classes = summary?.classes.filter((c) => c.name === className && c.topLevel) ?? [];
  if (classes.length !== 1) return undefined;
  const member = classes[0]!.members.find((m) => m.name === method && m.isStatic === isStatic && m.kind === "method" && !m.typeOnly && !m.isAbstract);
  if (!member) return isStatic ? undefined : arrowPropertyMethod(ev, file, className, method);
  const unit = summary?.flow?.units.find((u) => u.kind === "method" && u.className === className && u.nameSpan?.start === member.nameSpan.start);
  return unit ? { file, unit } : undefined;
}

/**
 * `private setupTools = () => {...}`: a property holding an arrow function, called like a method. Only
 * when nothing else is ever assigned to a member of that name (`this.setupTools = other`).
 */
function arrowPropertyMethod(ev: Evaluator, file: string, className: string, method: string): FunctionTarget | undefined {
  const unit = arrowPropertyUnit(ev, file, className, method);
  if (!unit) return undefined;
  const text = ev.host.text?.(file) ?? "";
  const escaped = method.replace(/\$/g, "\\$");
  if (new RegExp(`\\.${escaped}\\s*(?:[-+*/%&|^]|\\*\\*|<<|>>>?|\\?\\?|&&|\\|\\|)?=(?!=)`).test(text)) return undefined;
  return { file, unit };
}

/** The unit of a function whose body (or, `exact`, whose whole text) is at `span`. */
function functionUnit(ev: Evaluator, file: string, span: Span, exact = false): FunctionTarget | undefined {
  const unit = unitAt(ev.summary(file)?.flow?.units ?? [], span, exact);
  return unit ? { file, unit } : undefined;
}
