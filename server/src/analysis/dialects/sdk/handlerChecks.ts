// Request handlers set by hand (`setRequestHandler`): the SDK checks, as each is set, that its
// method's capability is declared (and throws at start-up when not); McpServer refuses to install a
// primitive's own handlers over one set by hand; a handler for `initialize` or `server/discover`
// answers that era itself; SDK 0.4.0 advertised a capability for each list handler.
import type { Evaluator } from "../../core/evaluate/evaluator";
import { isPlainObject, SPREAD_KEY, toJson, type DynamicPart, type JsonObject, type Loc } from "../../core/evaluate/values";
import type { AnalysisDiagnostic } from "../../core/model/diagnostics";
import type { FileSummary, FlowUnit, ValueExpr, CallEvent } from "../../core/model/summary";
import { diagnostic } from "./codes";
import { sdkNameOf } from "./findSdkServers";
import { markInexact, type SdkCause } from "./sdkState";
import { PRE_OPTIONS_KEYS, requiredCapability, SCHEMA_METHODS, V2_SPEC_REQUESTS } from "./sdkTables";
import { tableMethods, tableSchemasInOrder } from "./tableHandlers";
import { unitScope } from "../../core/evaluate/unitScope";
import { SDK_EVAL } from "./sdkEval";
import { placeOf, takenByCatch, throwsIfItRuns, throwsWhereItRuns, type ReplayPoint } from "./replayPoint";

/** What the handler checks ask of the replay beyond the call being applied. */
export interface HandlerHost {
  /** The unit the call being applied is written in. */
  unit(): FlowUnit | undefined;
  /** Whether the capabilities are not fully known (a spread, an object changed elsewhere). */
  capsUncertain(): boolean;
  addKeyFix(k: string, value?: string): Pick<AnalysisDiagnostic, "fixes">;
  addFlagFix(k: string, flag: string): Pick<AnalysisDiagnostic, "fixes">;
  /** Merges capabilities into the server's, with their cause. */
  merge(add: JsonObject, cause: SdkCause): void;
}

/** What the last `setRequestHandler` (or `registerCapabilities`) found, for the step that records it. */
export interface HandlerFacts {
  method?: string;
  required?: string;
  uncertain?: boolean;
  preOptions?: string;
  implies?: string;
}

export class HandlerChecks {
  readonly #point: ReplayPoint;
  readonly #host: HandlerHost;
  facts: HandlerFacts = {};
  /** Requests a handler whose method is not known statically may answer ("any": not bounded). */
  unknownHandlers: ReadonlySet<string> | "any" | undefined;

  /** McpServer may install a handler for `method` (a completer that may be set): it may be answered. */
  mayAnswer(method: string): void {
    if (this.unknownHandlers !== "any") this.unknownHandlers = new Set([...(this.unknownHandlers ?? []), method]);
  }
  /**
   * Eras whose handshake a handler set by hand answers (`setRequestHandler(InitializeRequestSchema, …)`),
   * where, and the capabilities its every return gives when the source settles them.
   */
  readonly ownEraHandlers = new Map<"legacy" | "modern", { readonly loc: Loc; readonly caps?: JsonObject }>();

  /** Request handlers set by hand (`server.server.setRequestHandler`) for sure, on an McpServer. */
  readonly #handSet = new Map<string, Loc>();

  constructor(point: ReplayPoint, host: HandlerHost) {
    this.#point = point;
    this.#host = host;
  }

  /**
   * SDK v2 refuses what setRequestHandler is given with a TypeError: the server does not start when the
   * call surely runs (`surely`) and nothing catches it; else it may not.
   */
  #refused(loc: Loc, why: string, surely: boolean): void {
    // Taken by a catch, the sentence goes on with what the catch does (takenByCatch).
    const d = diagnostic("sdk-set-handler-refused", loc, this.#point.caught ? `${why}.` : `${why}, so the server does not start.`);
    throwsIfItRuns(this.#point, d, surely, `${why} at ${this.#point.where(loc)}`);
  }

  /**
   * `setNotificationHandler(schema, handler)`: SDK v2 takes the notification's name, and a schema object
   * given first (v1's RootsListChangedNotificationSchema) throws a TypeError ("… is not a spec
   * notification method") where it runs. A notification handler adds no capability.
   */
  setNotificationHandler(summary: FileSummary, e: CallEvent, loc: Loc, surely: boolean): void {
    if (this.#point.state.version !== "v2" || e.args.length !== 2) return;
    const schema = sdkNameOf(summary, e.args[0]!, this.#point.ev);
    if (!schema?.endsWith("NotificationSchema")) return;
    this.#refused(loc, `SDK v2's setNotificationHandler takes the notification's name (setNotificationHandler("notifications/…", handler)), and given the schema ${schema} it throws a TypeError ("is not a spec notification method")`, surely);
  }

  /** `setRequestHandler(schema, handler)`: its method, or each method of a table it is called over. */
  setHandler(file: string, summary: FileSummary, e: CallEvent, loc: Loc, surely = false): void {
    const { ev } = this.#point;
    // SDK v2 takes the method's name (`setRequestHandler("tools/list", handler)`, or the name, the
    // schemas and the handler for a method of its own): a v1 request schema given first (a port that
    // only changed its imports) throws a TypeError ("… is not a spec request method") where it runs.
    const schema = this.#point.state.version === "v2" && e.args.length === 2 ? sdkNameOf(summary, e.args[0]!, ev) : undefined;
    if (schema && SCHEMA_METHODS[schema]) {
      this.#refused(loc, `SDK v2's setRequestHandler takes the method's name (setRequestHandler("${SCHEMA_METHODS[schema]}", handler)), and given the v1 schema ${schema} it throws a TypeError ("is not a spec request method")`, surely);
      return;
    }
    const method = this.#methodOf(file, summary, e.args[0]);
    if (method && this.#point.state.version === "v2" && e.args.length === 2 && !V2_SPEC_REQUESTS.has(method)) {
      this.#refused(loc, `"${method}" is not a request method of the protocol, and SDK v2's setRequestHandler then needs its schemas (setRequestHandler(method, { params, result }, handler)): given the handler alone it throws a TypeError ("is not a spec request method")`, surely);
      return;
    }
    // `for (const [schema, handler] of HANDLERS) server.setRequestHandler(schema, handler)`: each item's method in turn.
    const each = method ? undefined : tableSchemasInOrder(ev, file, this.#host.unit()?.events.find((x) => x.event === e), e.span, e.args[0], (ir, at) => {
      const written = at === file ? summary : ev.summary(at);
      return written ? this.#methodOf(at, written, ir) : undefined;
    });
    if (each) {
      // The first item that throws ends the loop (and the program): the items after it set nothing.
      const before = this.#point.state.threw;
      for (const m of each) {
        this.#setHandlerFor(file, e, loc, m);
        if (this.#point.state.threw !== before) break;
      }
      return;
    }
    if (!method) {
      const may = tableMethods(summary, this.#host.unit()?.events.find((x) => x.event === e), (ir) => this.#methodOf(file, summary, ir));
      this.unknownHandlers = may === "any" || this.unknownHandlers === "any" ? "any" : new Set([...(this.unknownHandlers ?? []), ...may]);
      // The SDK checks the method's capability as the handler is set: one not declared throws at start-up.
      this.#point.mayThrow(loc, `setRequestHandler at ${this.#point.where(loc)} sets a handler whose method is not known statically, and it throws if that method's capability is not declared`);
      return;
    }
    this.#setHandlerFor(file, e, loc, method);
  }

  /** `setRequestHandler` for `method`: what the SDK checks and installs. */
  #setHandlerFor(file: string, e: CallEvent, loc: Loc, method: string): void {
    const { ev, state } = this.#point;
    if (this.#point.release.handlersImply) return this.#impliedByHandler(method, loc);
    // The SDK's own initialize (or server/discover) handler replaced: the era sends what that one returns.
    if (method === "initialize" || method === "server/discover") {
      const returned = this.#point.conditional ? undefined : returnedCapabilities(ev, file, e.args[1]);
      if (returned === undefined) markInexact(state, `a handler set by hand answers ${method}`);
      this.ownEraHandlers.set(method === "initialize" ? "legacy" : "modern", { loc, ...(returned ? { caps: returned } : {}) });
    }
    // v1 before 1.22.0 installs a completion handler without looking for `completions`.
    const unchecked = state.version === "v1" && method === "completion/complete" ? this.#completionHandlerUnchecked() : false;
    const checked = unchecked === false ? requiredCapability(method, state.version) : undefined;
    if (unchecked === "maybe" && !("completions" in state.caps)) {
      markInexact(state, `setRequestHandler for ${method} throws on SDK 1.22.0 and later unless completions is declared, and ${this.#point.release.mayLoad?.why ?? "which release loads is not known"}`);
    }
    const required = checked;
    const uncertain = required !== undefined && !(required in state.caps) && (SPREAD_KEY in state.caps || this.#host.capsUncertain());
    this.facts = { method, ...(required ? { required } : {}), ...(uncertain ? { uncertain } : {}) };
    if (uncertain) {
      // The capabilities are not fully known: the key may well be there at run time.
      markInexact(state, `whether ${required} is declared for ${method} is not known statically`);
    } else if (required && !(required in state.caps)) {
      const why = `the SDK checks capabilities when a handler is registered ("Server does not support ${required} (required for ${method})")`;
      const threw = diagnostic(
        "sdk-handler-undeclared",
        loc,
        `setRequestHandler for ${method} throws at start-up: ${why}. Declare ${required} in the server's capabilities first.`,
        this.#host.addKeyFix(required),
      );
      if (this.#point.caught) takenByCatch(this.#point, threw, "so the server runs without this handler");
      else if (!this.#point.conditional) state.threw = threw;
      else if (!this.#point.deferred) {
        // Under a condition only run time decides (often a guard such as "only when a tools/list
        // handler exists"): it may never run on this server, so it is a warning, worded as such.
        state.diagnostics.push({
          ...threw,
          severity: "warning",
          message: `setRequestHandler for ${method} throws if it runs on this server, and whether it runs is only known at run time: ${why}. Declare ${required} in the server's capabilities, or make sure the call never runs without it.`,
        });
        this.#point.mayThrow(loc, `setRequestHandler for ${method} at ${this.#point.where(loc)} throws if it runs, and whether it runs is only known at run time`);
      } else {
        // In a callback after start-up: it throws when the callback runs.
        state.diagnostics.push(threw);
      }
      return;
    }
    // Only said when the capabilities are known: a spread or an object changed elsewhere may hold subscribe.
    const capsKnown = !(SPREAD_KEY in state.caps) && !this.#host.capsUncertain() && !(isPlainObject(state.caps.resources) && SPREAD_KEY in state.caps.resources);
    if ((method === "resources/subscribe" || method === "resources/unsubscribe") && capsKnown && !subscribeAdvertised(state.caps)) {
      state.diagnostics.push(
        diagnostic(
          "sdk-handler-undeclared",
          loc,
          `The ${method} handler is never called: the SDK does not check it, but resources.subscribe is not advertised, so clients never subscribe. ` +
            `Declare resources: { subscribe: true }.`,
          { severity: "warning", ...this.#host.addFlagFix("resources", "subscribe") },
        ),
      );
    }
    state.handlers.set(method, loc);
    // Set by hand on McpServer's inner server: McpServer's own registrations of that primitive refuse it.
    if (state.kind === "mcp" && !this.#point.conditional) this.#handSet.set(method, loc);
  }

  /**
   * McpServer installs a primitive's request handlers at its first registration, after checking that
   * none is there (`assertCanSetRequestHandler`): one set by hand before makes that registration throw.
   * True when it throws (the registration is not applied).
   */
  conflict(k: string, methods: readonly string[], loc: Loc, what: string): boolean {
    const { state } = this.#point;
    if (state.kind !== "mcp" || state.registered.has(k)) return false;
    const method = methods.find((m) => this.#handSet.has(m));
    if (method === undefined) return false;
    const own = this.#handSet.get(method)!;
    const d = diagnostic(
      "sdk-handler-conflict",
      loc,
      `${what} throws here: McpServer installs the ${methods.join(" and ")} handlers at the first ${k === "completions" ? "completer" : `registration of ${k}`}, ` +
        `and a handler for ${method} was set by hand before (setRequestHandler, ${placeOf(this.#point, own, loc)}): ` +
        `"A request handler for ${method} already exists, which would be overridden". Keep one of them: McpServer's registrations, or your own handlers.`,
    );
    throwsWhereItRuns(this.#point, d, loc, what, this.#point.conditional, this.#point.deferred, "so the server runs without it");
    return true;
  }

  /** SDK 0.4.0: a list or set-level handler is what advertises its capability, with `{}`. */
  #impliedByHandler(method: string, loc: Loc): void {
    const { state } = this.#point;
    const implies = PRE_OPTIONS_KEYS[method];
    this.facts = { method, preOptions: this.#point.release.handlersImply!, ...(implies ? { implies } : {}) };
    if (implies) this.#host.merge({ [implies]: {} }, { because: "setRequestHandler", loc, detail: `SDK ${this.#point.release.handlersImply} advertises ${implies} for a ${method} handler` });
    state.handlers.set(method, loc);
  }

  #methodOf(file: string, summary: FileSummary, ir: ValueExpr | undefined): string | undefined {
    const { ev } = this.#point;
    if (!ir) return undefined;
    const name = sdkNameOf(summary, ir, ev);
    if (name && SCHEMA_METHODS[name]) return SCHEMA_METHODS[name];
    const v = ev.evaluate(ir, this.#point.scope(file), SDK_EVAL);
    return v.t === "prim" && typeof v.value === "string" ? v.value : undefined;
  }

  /** Whether the release loaded leaves a completion/complete handler unchecked: true, false, or "maybe" (it depends on which release loads). */
  #completionHandlerUnchecked(): boolean | "maybe" {
    const release = this.#point.release;
    const other = release.mayLoad?.release;
    if (other && other.completionHandlerChecked !== release.completionHandlerChecked) return "maybe";
    return !release.completionHandlerChecked;
  }
}

/** The `capabilities` every `return` of a handler function gives, when each is known statically and all agree. */
function returnedCapabilities(ev: Evaluator, file: string, handler: ValueExpr | undefined): JsonObject | undefined {
  if (handler?.k !== "fn") return undefined;
  const units = ev.summary(file)?.flow?.units ?? [];
  const unit = units.find((u) => u.span.start === handler.span.start);
  if (!unit) return undefined;
  // Every return of its body (an arrow's expression body is one), as the flow summary records them.
  const returns = unit.events.flatMap(({ event }) => (event.k === "return" ? [event.expr] : []));
  if (returns.length === 0) return undefined;
  const scope = unitScope(ev, file, unit);
  let found: JsonObject | undefined;
  for (const expr of returns) {
    const value = expr ? ev.evaluate(expr, scope, SDK_EVAL) : undefined;
    const caps = value?.t === "obj" ? value.entries.get("capabilities")?.value : undefined;
    const parts: DynamicPart[] = [];
    const json = caps && caps.t === "obj" ? toJson(caps, parts) : undefined;
    if (!isPlainObject(json) || parts.length > 0 || (found && JSON.stringify(found) !== JSON.stringify(json))) return undefined;
    found = json;
  }
  return found;
}

function subscribeAdvertised(caps: JsonObject): boolean {
  const r = caps.resources;
  return isPlainObject(r) && r.subscribe === true;
}
