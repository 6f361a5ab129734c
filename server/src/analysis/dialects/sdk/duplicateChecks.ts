// Names registered twice on one McpServer: the SDK throws at the second ("Tool search is already
// registered"), which stops the server when both run at start-up. Names and URIs are read where the
// source gives them: literals, consts, templates of known parts, each item of a loop over a list the
// source writes, and a field a loop item's class keeps.
import type { Loc, Scope, Value } from "../../core/evaluate/values";
import type { CallEvent, Span, ValueExpr } from "../../core/model/summary";
import { diagnostic } from "./codes";
import { instanceFieldString, type Instance } from "./methodTargets";
import { thisField } from "../../core/evaluate/returnedCollections";
import { concatString, templateString } from "../../core/evaluate/templateNames";
import { connectedRelation } from "./connectedArms";
import { SDK_EVAL } from "./sdkEval";
import { templateCall, withLiteralCalls } from "./literalCalls";
import { firstDifference, placeOf, takenByCatch, throwsForCertain, type ReplayPoint } from "./replayPoint";
import type { EachItem } from "../../core/evaluate/loopItem";
import { itemScopes } from "../../core/evaluate/writtenItems";
import type { AlternativeRun } from "./alternatives";
import { handleFate } from "./registrationHandles";
import { symbolicName } from "./symbolicNames";

/** What the duplicate checks ask of the replay beyond the call being applied. */
export interface DuplicateHost {
  /** Whether the code followed makes this very server, and only it (not one of several a factory makes), or is a caller's code on the server the factory returned it. */
  checking(): boolean;
  /** The server a factory's caller got, while its code is followed (several callers: each its own); undefined: the server as made. */
  instance(): string | undefined;
  /** The calls that ran the functions being replayed (innermost last). */
  readonly invokedAt: readonly Loc[];
  /** The loop item whose function is being run: its call, and which item. */
  itemRun(): { readonly call: Loc; readonly index: number } | undefined;
  /** The instance a loop item's method runs on, when it is made with `new` right there. */
  thisInstance(): Instance | undefined;
  /** The branch regions the call sits in, in its own unit. */
  branches(): { readonly file: string; readonly regions: readonly string[] } | undefined;
  /** The innermost call being replayed is a statement of its own: its value goes nowhere. */
  resultDropped(): boolean;
  /** The call runs once per item of a loop over two or more items the source gives. */
  repeatedByLoop(file: string): boolean;
  /** The loop item the call runs for: its loop's variable, a callback's parameter, or the loop its function was called in. */
  eachItem(file: string, scope: Scope): EachItem | undefined;
  /** Every loop over items around the call, outermost first (nested loops, callbacks run per item inside others). */
  itemLoops(file: string, scope: Scope): readonly EachItem[] | undefined;
  /** A loop's collection, seen through functions that only return one. */
  evaluateCollection(over: ValueExpr, scope: Scope): Value;
  /** The alternative of a join the call runs in, for certain once that alternative runs (alternatives.ts). */
  alternative(): AlternativeRun | undefined;
}

/** A name or URI registered: where, whether that may not run, and how the code got there. */
interface Registered {
  readonly loc: Loc;
  readonly conditional: boolean;
  readonly branches?: { readonly file: string; readonly regions: readonly string[] };
  readonly by?: Loc;
  readonly calls?: readonly Loc[];
  readonly item?: { readonly call: Loc; readonly index: number };
  readonly alternative?: AlternativeRun;
  /** The registration's handle is used (bound, chained, handed on): it may free the name (registrationHandles.ts). */
  readonly handle?: { readonly file: string; readonly span: Span };
}

export class DuplicateChecks {
  readonly #point: ReplayPoint;
  readonly #host: DuplicateHost;
  /** What each registration is keyed by, once registered: `tool:search`, `resource:file:///a`, `template:item`. */
  readonly #registeredNames = new Map<string, Registered>();

  constructor(point: ReplayPoint, host: DuplicateHost) {
    this.#point = point;
    this.#host = host;
  }


  /**
   * A second registration of a name (a tool, a prompt, a template) or a resource URI on this server:
   * the SDK throws "Tool search is already registered". Only names the source gives, and not once the
   * first registration's handle freed the name for certain (`remove()`, a renaming `update`): an error
   * when both run for certain, a warning when one of them may not run (or the handle may have freed
   * the name), nothing when neither is certain.
   */
  check(file: string, e: CallEvent, loc: Loc, mayNotRun: boolean): boolean {
    const { ev, state } = this.#point;
    // One of several servers made by the same code: each has its own registrations.
    if (!this.#host.checking() || state.kind !== "mcp") return false;
    const scope = this.#point.scope(file);
    const entry = registrationKey(e, (arg) => this.#nameIn(arg, scope)) ?? symbolicKey(e, (arg) => symbolicName(ev, arg, scope));
    if (!entry) return this.#duplicateInLoop(file, e, loc, mayNotRun);
    const text = ev.host.text?.(file);
    const before = text === undefined ? "" : text.slice(Math.max(0, e.span.start - 40), e.span.start);
    // The RegisteredTool kept (to remove or rename it later): a second registration may follow that.
    // Returned by an arrow whose caller throws it away (`const add = (s) => s.registerTool(...)`, then `add(server);`), it is not.
    const kept = text !== undefined && /(?:=|return|=>|\(|,|\?|:)\s*(?:await\s+)?$/.test(before) && !(/=>\s*$/.test(before) && this.#host.resultDropped());
    // `server.tool("a", cb).remove()`: a method of the handle called at once.
    const chained = text !== undefined && /^\s*\.\s*[A-Za-z_$]/.test(text.slice(e.span.end, e.span.end + 40));
    const met = this.#met(entry.key);
    // A name whose handle may have freed it by now (`t.remove()`): registering it again is no error for certain.
    const fate = met?.handle ? handleFate(ev, met.handle.file, met.handle.span, loc) : undefined;
    if (fate === "freed") this.#registeredNames.delete(this.#own(entry.key));
    const first = fate === "freed" ? undefined : met && fate === "maybe" ? { ...met, conditional: true } : met;
    const by = this.#host.invokedAt.at(-1);
    // The same call met again (a unit the replay runs a second time) is not a second registration,
    // unless another call ran the function it is in (`registerTools(server)` twice).
    const { sameCall, differs } = this.#metAgain(first, loc);
    const item = this.#host.itemRun();
    const otherItem = first?.item !== undefined && item !== undefined && first.item.call.file === item.call.file && first.item.call.span.start === item.call.span.start && first.item.index !== item.index;
    const ranAgain = sameCall && (differs !== undefined || otherItem);
    if (sameCall && !ranAgain) return false;
    // `if (key) registerTool("search", …) else registerTool("search", …)`: only one of them runs.
    const branches = this.#host.branches();
    if (first && branches && first.branches?.file === branches.file && connectedRelation(ev, file, first.branches.regions, branches.regions) === "exclusive") return false;
    if (!first) {
      // `for (const x of [a, b]) server.registerTool("search", ...)`: the same name, once per item.
      if (!kept && !chained && e.method !== "registerToolTask" && this.#host.repeatedByLoop(file)) {
        return this.#report(e, entry, loc, {
          where: "an earlier item of the loop it is in",
          firstConditional: false,
          here: mayNotRun,
          advice: "Register it once, outside the loop, or give each item its own name.",
          doubt: `throws if the loop runs more than once, and whether it does is only known at run time`,
        });
      }
      const alternative = mayNotRun ? this.#host.alternative() : undefined;
      const handle = kept || chained ? { handle: { file, span: e.span } } : {};
      this.#registeredNames.set(this.#own(entry.key), { loc, conditional: mayNotRun, ...(branches ? { branches } : {}), ...(by ? { by, calls: [...this.#host.invokedAt] } : {}), ...(item ? { item } : {}), ...(alternative ? { alternative } : {}), ...handle });
      return false;
    }
    // registerToolTask makes the tool without looking for one of that name: it replaces it, silently.
    if (e.method === "registerToolTask") return false;
    // Both in one alternative of a join (an arm of an `if`, a function of a table), for certain once it runs: it throws whenever that one is taken.
    const alternative = first.alternative !== undefined && mayNotRun && first.alternative === this.#host.alternative();
    return this.#report(e, entry, loc, {
      alternative,
      where: otherItem ? (sameCall ? "by this same code, for an earlier item of the loop that runs it" : `${placeOf(this.#point, first.loc, loc)}, for an earlier item of the loop that runs it`) : ranAgain ? `by this same code, run before from ${placeOf(this.#point, differs ?? first.by!, loc)}` : placeOf(this.#point, first.loc, loc),
      firstConditional: first.conditional,
      here: mayNotRun,
      unlessFreed: fate === "maybe" && !met!.conditional,
      advice: "Give it another name, or register it once.",
      doubt:
        fate === "maybe"
          ? `throws unless the first registration of ${entry.what} is removed before it runs (its handle may be), and whether it is is only known at run time`
          : `throws if both registrations of ${entry.what} run, and whether they do is only known at run time`,
    });
  }

  /**
   * A registration under a name already registered: the SDK throws at the second. True when it throws
   * for certain (the registration is not applied).
   */
  #report(
    e: CallEvent,
    key: { readonly what: string; readonly error: string },
    loc: Loc,
    how: { readonly where: string; readonly firstConditional: boolean; readonly here: boolean; readonly advice: string; readonly doubt: string; readonly alternative?: boolean; readonly unlessFreed?: boolean },
  ): boolean {
    const { state } = this.#point;
    const d = diagnostic(
      "sdk-duplicate-registration",
      loc,
      `${e.method} throws here: ${key.what} is already registered on this server (${how.where}), and the SDK refuses a second one ("${key.error}"). ${how.advice}`,
    );
    if (!how.firstConditional && !how.here) {
      throwsForCertain(this.#point, d);
      return true;
    }
    // Both under conditions: most often alternatives (`if (cn) registerChina() else
    // registerGlobal()`, each registering the same names), so nothing is said.
    if (how.firstConditional && how.here && !how.alternative) return false;
    // One certain, the other under a condition or in a loop: the server stops if that one runs, unless
    // a catch takes the error (then it runs without the second registration, whether or not it ran).
    const warning = { ...d, severity: "warning" as const, message: d.message.replace(" throws here:", how.unlessFreed ? " throws here unless the first one is removed before it runs (its handle is kept):" : " throws here if it runs:") };
    if (this.#point.caught) {
      takenByCatch(this.#point, warning);
      return true;
    }
    state.diagnostics.push(warning);
    this.#point.mayThrow(loc, `${e.method} at ${this.#point.where(loc)} ${how.doubt}`);
    return false;
  }

  /** A registration's name or URI as a known string: a literal, a const, or a template of known parts (`${entity}_list`). */
  #nameIn(arg: ValueExpr, scope: Scope): string | undefined {
    const { ev } = this.#point;
    // `this.name` in a method run for a loop item made with `new`: the literal its class keeps there.
    const instance = this.#host.thisInstance();
    const field = instance ? thisField(arg) : undefined;
    if (field !== undefined) return instanceFieldString(ev, instance!, field);
    // A name in `within`: a literal or const, or a call of a helper returning a static value (`name()`).
    const knownIn = (within: Scope) => (expr: ValueExpr): string | number | undefined => {
      const v = withLiteralCalls(ev, expr, within, ev.evaluate(expr, within, SDK_EVAL));
      return v.t === "prim" && (typeof v.value === "string" || typeof v.value === "number") ? v.value : undefined;
    };
    const known = knownIn(scope);
    if (arg.k === "dyn") return templateString(arg.text, arg.span, known) ?? concatString(arg.text, arg.span, known);
    // `noteUri("welcome")`: a helper returning a template of static parts, read with its parameters bound.
    const called = templateCall(ev, arg, scope);
    if (called) return templateString(called.text, called.span, knownIn(called.scope));
    const v = known(arg);
    return typeof v === "string" ? v : undefined;
  }

  /**
   * `for (const t of [searchTool, issuesTool]) server.registerTool(t.name, ...)`: a registration in a
   * loop over a collection the source gives, read item by item. Two items of one name (or one already
   * registered) make the SDK throw at the second. Nothing is said when an item's name is not known.
   */
  #duplicateInLoop(file: string, e: CallEvent, loc: Loc, mayNotRun: boolean): boolean {
    const scope = this.#point.scope(file);
    // The loop's own variable, the first parameter of a `forEach`/`map` callback being run, or the loop the function was called in.
    const each = this.#host.eachItem(file, scope);
    if (!each) return false;
    // Nested loops (`for (const p of PREFIXES) for (const a of ACTIONS) …`): one scope per combination of items.
    const loops = this.#host.itemLoops(file, scope);
    const inners = itemScopes(loops && loops.length > 1 ? loops : [each], file, scope, (over, at) => this.#host.evaluateCollection(over, at));
    if (!inners || inners.length < 1) return false;
    const keys: { key: string; what: string; error: string }[] = [];
    for (const inner of inners) {
      const key = registrationKey(e, (arg) => this.#nameIn(arg, inner));
      if (!key) return false;
      keys.push(key);
    }
    const here = mayNotRun;
    const inLoop = new Set<string>();
    for (const key of keys) {
      const met = this.#met(key.key);
      // The same call met again (a unit the replay runs a second time) registers nothing new, unless
      // another call ran the function it is in (`registerCrud(server, "user")` twice).
      const { sameCall, differs } = this.#metAgain(met, loc);
      const first = met && (!sameCall || differs !== undefined) ? met : undefined;
      const again = inLoop.has(key.key);
      inLoop.add(key.key);
      if (!again && !first) continue;
      // Two items of the loop run together: the first of them is as conditional as the second.
      const thrown = this.#report(e, key, loc, {
        where: again ? "an earlier item of the loop it is in" : differs ? `by this same code, run before from ${placeOf(this.#point, differs, loc)}` : placeOf(this.#point, first!.loc, loc),
        firstConditional: again ? false : first!.conditional,
        here,
        advice: "Give each item its own name, or register it once.",
        doubt: `throws if it runs with ${key.what} registered before, and whether it does is only known at run time`,
      });
      // A catch taking the throw: the items before that one registered (or the name was, before the
      // loop), so the call's kind is registered all the same.
      return thrown && !this.#point.caught;
    }
    const by = this.#host.invokedAt.at(-1);
    for (const key of keys) if (!this.#met(key.key)) this.#registeredNames.set(this.#own(key.key), { loc, conditional: here, ...(by ? { by, calls: [...this.#host.invokedAt] } : {}) });
    return false;
  }

  /**
   * Whether `first` was registered by this very call, and if so, where the calls that ran it then
   * and now part (any call on the way: `registerWikiTools(server)` twice, each calling
   * `plugin.attach(target)`); undefined when they do not (the same run met again).
   */
  #metAgain(first: Registered | undefined, loc: Loc): { sameCall: boolean; differs: Loc | undefined } {
    const sameCall = first !== undefined && first.loc.file === loc.file && first.loc.span.start === loc.span.start;
    return { sameCall, differs: sameCall && first.calls ? firstDifference(first.calls, this.#host.invokedAt) : undefined };
  }

  /** `key` as registered on the server being followed: by the code that made it (every caller's server has those), or by this caller. */
  #met(key: string): Registered | undefined {
    return this.#registeredNames.get(this.#own(key)) ?? this.#registeredNames.get(key);
  }

  /** The key a registration is kept under: with the caller's server, when several callers each get one. */
  #own(key: string): string {
    const instance = this.#host.instance();
    return instance === undefined ? key : `${instance}\u0000${key}`;
  }
}

/** The key the SDK files a registration under, with how it words a second one; undefined when the source does not give it. */
function registrationKey(e: CallEvent, literal: (arg: ValueExpr) => string | undefined): { key: string; what: string; error: string } | undefined {
  const name = e.args[0] ? literal(e.args[0]) : undefined;
  switch (e.method) {
    case "registerTool":
    case "tool":
    case "registerToolTask":
      return name === undefined ? undefined : { key: `tool:${name}`, what: `a tool named "${name}"`, error: `Tool ${name} is already registered` };
    case "registerPrompt":
    case "prompt":
      return name === undefined ? undefined : { key: `prompt:${name}`, what: `a prompt named "${name}"`, error: `Prompt ${name} is already registered` };
    case "registerResource":
    case "resource": {
      const target = e.args[1];
      if (!target) return undefined;
      if (target.k === "new") return name === undefined ? undefined : { key: `template:${name}`, what: `a resource template named "${name}"`, error: `Resource template ${name} is already registered` };
      const uri = literal(target);
      return uri === undefined ? undefined : { key: `resource:${uri}`, what: `the resource ${uri}`, error: `Resource ${uri} is already registered` };
    }
  }
  return undefined;
}

/**
 * The key of a registration whose name the analysis cannot compute but the source writes as the same
 * expression of the same consts (symbolicNames.ts): kept apart from every computed name.
 */
function symbolicKey(e: CallEvent, text: (arg: ValueExpr) => string | undefined): { key: string; what: string; error: string } | undefined {
  const found = registrationKey(e, (arg) => {
    const t = text(arg);
    return t === undefined ? undefined : `${SYMBOLIC}${t}`;
  });
  if (!found) return undefined;
  // `a tool named "\0`${P}_x`"` → a tool named `${P}_x`; the SDK's message, with the template's text.
  const shown = (s: string) => s.replaceAll(`"${SYMBOLIC}`, "").replaceAll(SYMBOLIC, "").replace(/`"/g, "`");
  return { key: found.key, what: `${shown(found.what)} (the same name, whatever it holds when it runs)`, error: shown(found.error).replace(/`/g, "") };
}
const SYMBOLIC = "\u0000";

