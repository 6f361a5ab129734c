// Small readings shared by the rules for servers that are class instances.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { RefPath, ValueExpr } from "../../core/model/summary";
import { unitScope } from "../../core/evaluate/unitScope";
import { namePath } from "../../core/model/callAsInvoke";
import type { SdkSite } from "./findSdkServers";
import type { SuperArguments } from "./serverSubclasses";

/** `server`, `this.server`, `a.b`: the name path an expression is, or undefined. */
export function pathOfExpr(e: ValueExpr): RefPath | undefined {
  return namePath(e) ?? undefined;
}

/**
 * The arguments the SDK's constructor gets, and where they are read: the `new` itself, or for a
 * subclass server the last `super(...)` on the way (undefined: not known).
 */
export function constructorArguments(ev: Evaluator, site: SdkSite): SuperArguments | undefined {
  if (!site.subclass) return { file: site.file, unit: site.unit, args: site.event.args, scope: unitScope(ev, site.file, site.unit) };
  return site.subclass.superArgs;
}
