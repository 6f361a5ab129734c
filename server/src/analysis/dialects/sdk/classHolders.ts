// Workspace classes that hold the server: `const registry = new ProblemTools(server, svc);
// registry.registerTools()`. The constructors run with the server bound to their parameters (through
// `super(server, ...)` chains and `constructor(protected server: McpServer)` parameter properties),
// the fields that end up holding it (`this.server`) are what the instance's methods use, and a method
// call on the instance runs the method its class would run: the subclass's override of a hook the
// base's method calls on `this`, else the base's own. Whatever lets the instance (or `this`) go where
// the analysis does not follow keeps an unknown.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Loc } from "../../core/evaluate/values";
import type { FlowEvent, FlowUnit, RefPath, Span, ValueExpr, CallEvent, InvokeEvent } from "../../core/model/summary";
import { classChain, classNamed, constructorOf, dispatch, ownerIndex, type ClassChain, type DispatchTarget } from "./classChain";
import { pathOfExpr } from "./instanceCalls";
import { unitScope } from "../../core/evaluate/unitScope";

type NewEvent = Extract<FlowEvent, { k: "new" }>;
type EscapeEvent = Extract<FlowEvent, { k: "escape" }>;

/** What the replay lends: running a unit with the server's names, and saying the server escapes. */
export interface HolderRun<M> {
  /** `at`: the call that runs it, when one does. */
  runUnit(file: string, unit: FlowUnit, from: number, paths: ReadonlySet<string>, depth: number, mode: M, at?: Loc): void;
  open(why: string, loc: Loc): void;
}

interface Instance {
  readonly chain: ClassChain;
  /** `this.server`: the fields holding the server. */
  readonly fields: Set<string>;
}

const key = (p: RefPath) => p.join(".");

export class ClassHolders<M> {
  readonly #ev: Evaluator;
  readonly #run: HolderRun<M>;
  /** `file#unit#name` → the instance that local name holds. */
  readonly #instances = new Map<string, Instance>();
  /** The instances whose code is running, innermost last. */
  readonly #stack: Instance[] = [];
  /** Arguments of `new` expressions that were the server, followed into the class. */
  readonly #followed: { file: string; span: Span }[] = [];

  constructor(ev: Evaluator, run: HolderRun<M>) {
    this.#ev = ev;
    this.#run = run;
  }

  /** `const registry = new Registry(server, ...)`: constructs the instance, when its classes can be followed. */
  onNew(file: string, unit: FlowUnit, event: NewEvent, paths: ReadonlySet<string>, depth: number, mode: M): void {
    if (event.target?.length !== 1) return;
    if (!this.#make(file, unit, event.ctor, event.args, event.target[0]!, paths, depth, mode)) return;
    // A callback that uses the instance runs when the analysis does not know (or never replays it).
    const used = callbackUsing(this.#ev.summary(file)?.flow?.units ?? [], unit, event.target[0]!);
    if (used) this.#run.open("the object holding the server is used in a callback, which the analysis does not follow", { file, span: used.span });
  }

  /** Constructs an instance of `ctor` given the server among `args`, under `name`; false when its classes cannot be followed. */
  #make(file: string, unit: FlowUnit, ctor: string, args: readonly ValueExpr[], name: string, paths: ReadonlySet<string>, depth: number, mode: M): boolean {
    const passed = args.map((a) => {
      const p = pathOfExpr(a);
      return p !== undefined && paths.has(key(p));
    });
    if (!passed.some(Boolean)) return false;
    const start = classNamed(this.#ev, unitScope(this.#ev, file, unit), ctor);
    if (!start || start.cls.isAbstract) return false;
    const chain = classChain(this.#ev, start);
    // A base the analysis cannot read may register with what it is given; a class whose code is
    // not summarised cannot be followed at all.
    if (chain.opaqueBase || chain.sdkBase || chain.classes.some((c) => !c.units)) return false;
    const instance: Instance = { chain, fields: new Set() };
    this.#construct(instance, 0, passed, depth, mode);
    this.#instances.set(`${file}#${unit.id}#${name}`, instance);
    // Only the arguments that are the server itself were followed (not one inside an object literal).
    args.forEach((a, i) => {
      if (passed[i]) this.#followed.push({ file, span: a.span });
    });
    return true;
  }

  /**
   * `new Tools(server).registerAll()`: an instance no name holds, only the receiver of that call. It is
   * made where the server is given to it (the flow records that before the call), under its place.
   */
  #makeReceiver(file: string, unit: FlowUnit, given: Span, paths: ReadonlySet<string>, depth: number, mode: M): boolean {
    for (const { event } of unit.events) {
      if (event.k !== "invoke" || event.callee.k !== "get") continue;
      const made = event.callee.object;
      if (made.k !== "new" || made.callee.k !== "ref" || !made.args.some((a) => a.span.start === given.start && a.span.end === given.end)) continue;
      return this.#make(file, unit, made.callee.name, made.args, anonymous(made.span), paths, depth, mode);
    }
    return false;
  }

  #construct(instance: Instance, index: number, passed: readonly boolean[], depth: number, mode: M): void {
    const owner = instance.chain.classes[index];
    if (!owner) return;
    const ctor = constructorOf(owner);
    // An implicit constructor hands its arguments to its base's.
    if (!ctor) return this.#construct(instance, index + 1, passed, depth, mode);
    const bound = new Set(ctor.params.filter((p, i) => p !== "" && passed[i]));
    this.#within(instance, () => this.#run.runUnit(owner.file, ctor, 0, bound, depth + 1, mode));
    this.#openIfDispatchedLater(instance, owner.file, ctor);
  }

  #within(instance: Instance, run: () => void): void {
    this.#stack.push(instance);
    try {
      run();
    } finally {
      this.#stack.pop();
    }
  }

  /** The running instance whose class `unit` belongs to, with the class's place in its chain. */
  #current(file: string, unit: FlowUnit): { instance: Instance; index: number } | undefined {
    const instance = this.#stack.at(-1);
    if (!instance) return undefined;
    const index = ownerIndex(instance.chain, file, unit);
    return index >= 0 ? { instance, index } : undefined;
  }

  #instanceNamed(file: string, unit: FlowUnit, path: RefPath | null | undefined): Instance | undefined {
    return path?.length === 1 ? this.#instances.get(`${file}#${unit.id}#${path[0]}`) : undefined;
  }

  /** Whether an escape was dealt with here (the replay then does not treat it as one). */
  onEscape(file: string, unit: FlowUnit, event: EscapeEvent, local: Set<string>, depth: number, mode: M): boolean {
    if (this.#followed.some((f) => f.file === file && f.span.start === event.span.start && event.span.end === f.span.end)) return true;
    if (local.has(key(event.source)) && this.#makeReceiver(file, unit, event.span, local, depth, mode)) return true;
    const current = this.#current(file, unit);
    if (current && event.into?.length === 2 && event.into[0] === "this" && local.has(key(event.source))) {
      // `this.server = server` (or a parameter property): the field holds the server from now on.
      current.instance.fields.add(key(event.into));
      local.add(key(event.into));
      return true;
    }
    if ((current && key(event.source) === "this") || this.#instanceNamed(file, unit, event.source)) {
      this.#run.open(`the object holding the server is ${event.how}, and what is done with it there is not followed`, { file, span: event.span });
      return true;
    }
    return false;
  }

  /** `super(server, ...)`, `this.register()`, `super.register()`, `registry.registerTools()`: true when run here. */
  onInvoke(file: string, unit: FlowUnit, event: InvokeEvent, paths: ReadonlySet<string>, depth: number, mode: M): boolean {
    const current = this.#current(file, unit);
    const passed = event.args.map((a) => a !== null && paths.has(key(a)));
    this.#openIfHolderPassed(file, unit, event, current !== undefined);
    const callee = event.callee;
    if (current && callee.k === "dyn" && callee.text === "super") {
      this.#construct(current.instance, current.index + 1, passed, depth, mode);
      return true;
    }
    if (callee.k !== "get" || callee.key.k !== "static") return false;
    const method = callee.key.name;
    const object = callee.object;
    if (current && object.k === "dyn" && (object.text === "this" || object.text === "super")) {
      const target = dispatch(current.instance.chain, method, object.text === "super" ? current.index + 1 : 0);
      return this.#runMethod(current.instance, target, method, passed, file, event.span, depth, mode);
    }
    const instance = this.#instanceNamed(file, unit, pathOfExpr(object)) ?? (object.k === "new" ? this.#instances.get(`${file}#${unit.id}#${anonymous(object.span)}`) : undefined);
    if (!instance) return false;
    return this.#runMethod(instance, dispatch(instance.chain, method), method, passed, file, event.span, depth, mode);
  }

  /** A call recorded as an SDK method (`registry.connect()`) on an instance, or on `this` in its class. */
  onCall(file: string, unit: FlowUnit, event: CallEvent, depth: number, mode: M): boolean {
    const current = this.#current(file, unit);
    const instance = current && key(event.receiver) === "this" ? current.instance : this.#instanceNamed(file, unit, event.receiver);
    if (!instance) return false;
    return this.#runMethod(instance, dispatch(instance.chain, event.method), event.method, [], file, event.span, depth, mode);
  }

  /** `return registry` / `return this`, `const r = registry`: the holder goes where it is not followed. */
  onOtherUse(file: string, unit: FlowUnit, source: RefPath | null, how: string, span: Span): void {
    if (!source) return;
    const current = this.#current(file, unit);
    if ((current && key(source) === "this") || this.#instanceNamed(file, unit, source)) {
      this.#run.open(`the object holding the server is ${how}, and what is done with it there is not followed`, { file, span });
    }
  }

  #openIfHolderPassed(file: string, unit: FlowUnit, event: InvokeEvent, inClass: boolean): void {
    const holder = event.args.some((a) => a !== null && ((inClass && key(a) === "this") || this.#instanceNamed(file, unit, a)));
    if (holder) this.#run.open("the object holding the server is passed to a function, and what it does with it is not followed", { file, span: event.span });
  }

  #runMethod(instance: Instance, target: DispatchTarget, method: string, passed: readonly boolean[], file: string, span: Span, depth: number, mode: M): boolean {
    if (target.k === "inherited") return false;
    if (target.k === "opaque") {
      this.#run.open(`${target.owner.cls.name}.${method} is not followed, and its object holds the server`, { file, span });
      return true;
    }
    const bound = new Set(instance.fields);
    target.unit.params.forEach((p, i) => {
      if (p && passed[i]) bound.add(p);
    });
    this.#within(instance, () => this.#run.runUnit(target.file, target.unit, 0, bound, depth + 1, mode, { file, span }));
    this.#openIfDispatchedLater(instance, target.file, target.unit);
    return true;
  }

  /**
   * `setTimeout(() => this.registerMore())` in a method of the holder: the callback runs when the
   * analysis does not replay it with the instance, so what that method registers is not followed.
   */
  #openIfDispatchedLater(instance: Instance, file: string, unit: FlowUnit): void {
    const units = this.#ev.summary(file)?.flow?.units ?? [];
    for (const u of units) {
      if (u.kind !== "closure" || !within(units, u, unit)) continue;
      for (const { event } of u.events) {
        const callee = event.k === "invoke" ? event.callee : undefined;
        if (callee?.k !== "get" || callee.key.k !== "static" || callee.object.k !== "dyn" || (callee.object.text !== "this" && callee.object.text !== "super")) continue;
        if (dispatch(instance.chain, callee.key.name).k === "inherited") continue;
        this.#run.open(`a method of the object holding the server (${callee.key.name}) is called in a callback, which the analysis does not follow`, { file, span: event.span });
        return;
      }
    }
  }
}

/** The key of an instance no name holds: where its `new` is written (no name starts with `@`). */
function anonymous(span: Span): string {
  return `@${span.start}`;
}

/** Whether `u` is written inside `outer` (at any depth). */
function within(units: readonly FlowUnit[], u: FlowUnit, outer: FlowUnit): boolean {
  for (let p = u.parent, hops = 0; p !== null && hops < 64; p = units[p]?.parent ?? null, hops++) if (p === outer.id) return true;
  return false;
}

/** A callback written inside `unit` (at any depth) that mentions `name`. */
function callbackUsing(units: readonly FlowUnit[], unit: FlowUnit, name: string): FlowUnit | undefined {
  const inside = (u: FlowUnit): boolean => within(units, u, unit);
  const names = (e: FlowEvent): (RefPath | null)[] => {
    switch (e.k) {
      case "call":
        return [e.receiver];
      case "invoke":
        return [...e.args, e.callee.k === "get" ? (pathOfExpr(e.callee.object) ?? null) : null];
      case "alias":
      case "escape":
        return [e.source];
      case "return":
        return [e.source];
      default:
        return [];
    }
  };
  return units.find((u) => u.kind === "closure" && inside(u) && !u.params.includes(name) && u.events.some(({ event }) => names(event).some((p) => p?.[0] === name)));
}
