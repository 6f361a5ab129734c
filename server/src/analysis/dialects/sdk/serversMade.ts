// How many servers a factory's own file makes with it: each call bound to a name (`const a = make()`,
// `const { server } = make()`) or connected where it is made (`await make().connect(t)`) is a server
// of its own. With more than one, what a caller does to its server is not done to the others.
import type { FlowUnit } from "../../core/model/summary";
import { connectedInPlace, MADE_HERE } from "./connectedInPlace";

export function serversMade(units: readonly FlowUnit[], factory: string): number {
  let made = 0;
  for (const unit of units) {
    for (const { event } of unit.events) {
      if (event.k === "invoke" && event.callee.k === "ref" && event.callee.name === factory && (event.result || event.resultFields)) made++;
    }
    made += connectedInPlace(unit, factory, MADE_HERE).length;
  }
  return made;
}
