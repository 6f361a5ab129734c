// A class's instance fields are given their values in the order they are declared, when the instance
// is made and before its constructor's body runs. A field declared after the one holding the server
// (`private log = createLogger(this.server)`) therefore runs at start-up, with the server made.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowUnit } from "../../core/model/summary";
import { SK, ts } from "../../core/typescript";
import { nodeAt, parsedSource } from "./containerStores";

/** The field units of `field`'s class declared after it, static ones left out (they run when the class is defined). */
export function laterInstanceFields(ev: Evaluator, file: string, field: FlowUnit): FlowUnit[] {
  const sf = parsedSource(ev, file);
  const units = ev.summary(file)?.flow?.units ?? [];
  if (!sf) return [];
  return units.filter((u) => {
    if (u.kind !== "field" || u.className !== field.className || u.span.start <= field.span.start) return false;
    const decl = nodeAt(sf, u.span);
    return decl !== undefined && ts.isPropertyDeclaration(decl) && !decl.modifiers?.some((m) => m.kind === SK.StaticKeyword);
  });
}
