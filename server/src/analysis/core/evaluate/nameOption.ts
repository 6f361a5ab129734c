// `new FastMCP({ name: pkg.name, … })`, `{ ...BASE, version }`: the `name` option of a server's options
// when the source gives it without running anything (consts, imports, JSON modules, spreads of known
// objects). What a report calls the server, as its clients see it in serverInfo.
import type { Evaluator } from "./evaluator";
import type { FlowUnit, ValueExpr } from "../model/summary";
import { DYNAMIC_KEY } from "./values";
import { displayable } from "../model/text";
import { unitScope } from "./unitScope";

/** The name, displayable; undefined when it is not a string known statically (or a spread only known when it runs may set it). */
export function staticNameOption(ev: Evaluator, file: string, unit: FlowUnit, options: ValueExpr | undefined): string | undefined {
  if (!options) return undefined;
  const value = ev.evaluate(options, unitScope(ev, file, unit), { calls: false });
  if (value.t !== "obj" || value.entries.has(DYNAMIC_KEY)) return undefined;
  const name = value.entries.get("name")?.value;
  return name?.t === "prim" && typeof name.value === "string" ? displayable(name.value) : undefined;
}
