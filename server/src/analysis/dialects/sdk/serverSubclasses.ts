// A server that is an instance of a workspace class extending the SDK's `McpServer` or `Server`
// (directly or through other workspace classes): `new NileServer(opts)` is a server, its options are
// what the constructors finally give `super(...)`, and `this.tool(...)` in the constructors and in the
// methods they (or the program) call are its registrations.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Binding, Scope } from "../../core/evaluate/values";
import type { FlowUnit, ValueExpr } from "../../core/model/summary";
import { classChain, classNamed, constructorOf, declaresConstructor, type ClassChain } from "./classChain";
import type { NewEvent } from "./findSdkServers";
import type { SdkVersion } from "./sdkTables";
import { scopeForName, unitScope } from "../../core/evaluate/unitScope";
import { superCallOf } from "./classChain";

/**
 * Where the SDK constructor's arguments are written, and the scope they are read in: the constructor's
 * own consts, its parameters bound to what its caller gave (`super(info, options)` with `options`
 * from `new MyServer({ capabilities: ... })`).
 */
export interface SuperArguments {
  readonly file: string;
  readonly unit: FlowUnit;
  readonly args: readonly ValueExpr[];
  readonly scope: Scope;
}

export interface ServerSubclass {
  readonly chain: ClassChain;
  readonly version: SdkVersion;
  readonly kind: "mcp" | "low";
  /** The arguments the SDK's constructor gets; undefined when a constructor on the way is not summarised. */
  readonly superArgs: SuperArguments | undefined;
}

/**
 * Names of the SDK server's own machinery: a subclass that mentions them (overrides, or patches them
 * on the instance) changes how registrations become capabilities, which the analysis does not model.
 */
export const SDK_INTERNALS = /\b(setToolRequestHandlers|setResourceRequestHandlers|setPromptRequestHandlers|setCompletionRequestHandler|_createRegistered\w*|_capabilities|_\w+HandlersInitialized|_completionHandlerInitialized|assertCapabilityForMethod|assertRequestHandlerCapability|getCapabilities)\b/;

/** Public SDK methods a subclass may not override without the analysis losing track of them. */
const UNMODELLED_OVERRIDES = new Set(["setRequestHandler", "registerCapabilities", "setNotificationHandler"]);

/** The subclass server a `new X(...)` event makes, if X extends the SDK's server class. */
export function serverSubclassOf(ev: Evaluator, file: string, unit: FlowUnit, event: NewEvent): ServerSubclass | undefined {
  const start = classNamed(ev, scopeForName(ev, file, unit, event.ctor.split(".")[0]!), event.ctor);
  if (!start || start.cls.isAbstract) return undefined;
  const chain = classChain(ev, start);
  if (!chain.sdkBase) return undefined;
  // Through a mixin, what reaches the SDK's constructor is what the mixin's class passes on: not known.
  let args: SuperArguments | undefined = chain.through === undefined ? { file, unit, args: event.args, scope: unitScope(ev, file, unit) } : undefined;
  for (const owner of chain.classes) {
    if (!args) break;
    const ctor = constructorOf(owner);
    if (!ctor) {
      // An implicit constructor passes its arguments on; one that is not summarised is not known.
      if (declaresConstructor(ev, owner)) args = undefined;
      continue;
    }
    const call = superCallOf(ctor);
    args = call ? { file: owner.file, unit: ctor, args: call.args, scope: constructorScope(ev, owner.file, ctor, args) } : undefined;
  }
  return { chain, version: chain.sdkBase.version, kind: chain.sdkBase.kind, superArgs: args };
}

/** Why the subclass's own code may change what it advertises in ways not modelled (undefined: none). */
export function unmodelledSubclassCode(ev: Evaluator, sub: ServerSubclass): string | undefined {
  const last = sub.chain.classes.at(-1);
  if (sub.chain.through !== undefined && last) return `${last.cls.name} extends ${sub.chain.through}, and what that call makes of the SDK's class is not followed`;
  for (const owner of sub.chain.classes) {
    const text = ev.host.text?.(owner.file);
    if (text === undefined) return `the code of ${owner.cls.name} is not available`;
    const found = SDK_INTERNALS.exec(text.slice(owner.cls.span.start, owner.cls.span.end));
    if (found) return `${owner.cls.name} uses the SDK's own ${found[1]}, which the analysis does not model`;
    const override = owner.cls.members.find((m) => !m.isStatic && UNMODELLED_OVERRIDES.has(m.name));
    if (override) return `${owner.cls.name} overrides ${override.name}, which the SDK itself calls`;
    if (!owner.units && owner.cls.members.some((m) => !m.isStatic && !m.typeOnly)) return `the code of ${owner.cls.name} is not followed`;
  }
  return undefined;
}

/**
 * The scope a constructor's `super(...)` arguments are read in: its parameters bound to the arguments
 * it was given, unless the constructor assigns to them (or to their properties) first.
 */
function constructorScope(ev: Evaluator, file: string, ctor: FlowUnit, given: SuperArguments): Scope {
  const own = unitScope(ev, file, ctor);
  const text = ev.host.text?.(file)?.slice(ctor.span.start, ctor.span.end);
  if (text === undefined) return own;
  const vars = new Map<string, Binding>();
  ctor.params.forEach((p, i) => {
    const arg = given.args[i];
    if (!p || !arg || assignsTo(text, p)) return;
    vars.set(p, { expr: arg, scope: given.scope });
  });
  return { file, vars, parent: own };
}

/** Whether a function's text assigns to a name or to one of its properties (`opts = ...`, `opts.x ??= ...`). */
export function assignsTo(text: string, name: string): boolean {
  const escaped = name.replace(/[$]/g, "\\$");
  return new RegExp(`(?<![\\w$.])${escaped}\\s*(?:(?:\\.[\\w$]+|\\[[^\\]]*\\])\\s*)*(?:[-+*/%&|^]|\\?\\?|\\|\\||&&|<<|>>>?|\\*\\*)?=(?![=>])`).test(text) || new RegExp(`(?:\\+\\+|--)\\s*${escaped}\\b|\\b${escaped}\\s*(?:\\+\\+|--)|delete\\s+${escaped}\\b`).test(text);
}
