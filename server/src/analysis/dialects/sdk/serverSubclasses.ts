// A server that is an instance of a workspace class extending the SDK's `McpServer` or `Server`
// (directly or through other workspace classes): `new NileServer(opts)` is a server, its options are
// what the constructors finally give `super(...)`, and `this.tool(...)` in the constructors and in the
// methods they (or the program) call are its registrations.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowUnit, ValueExpr } from "../../core/model/summary";
import { classChain, classNamed, constructorOf, declaresConstructor, type ClassChain } from "./classChain";
import type { NewEvent } from "./findSdkServers";
import type { SdkVersion } from "./sdkTables";
import { unitScope } from "./unitScope";
import { superCallOf } from "./classChain";

/** Where the SDK constructor's arguments are written: the unit whose scope reads them. */
export interface SuperArguments {
  readonly file: string;
  readonly unit: FlowUnit;
  readonly args: readonly ValueExpr[];
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
  const start = classNamed(ev, unitScope(ev, file, unit), event.ctor);
  if (!start || start.cls.isAbstract) return undefined;
  const chain = classChain(ev, start);
  if (!chain.sdkBase) return undefined;
  let args: SuperArguments | undefined = { file, unit, args: event.args };
  for (const owner of chain.classes) {
    if (!args) break;
    const ctor = constructorOf(owner);
    if (!ctor) {
      // An implicit constructor passes its arguments on; one that is not summarised is not known.
      if (declaresConstructor(ev, owner)) args = undefined;
      continue;
    }
    const call = superCallOf(ctor);
    args = call ? { file: owner.file, unit: ctor, args: call.args } : undefined;
  }
  return { chain, version: chain.sdkBase.version, kind: chain.sdkBase.kind, superArgs: args };
}

/** Why the subclass's own code may change what it advertises in ways not modelled (undefined: none). */
export function unmodelledSubclassCode(ev: Evaluator, sub: ServerSubclass): string | undefined {
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
