// Code a module runs as it loads, once (its top level, outside every function), against code that
// runs each time a function is called: a throw there stops the program before any request, and a
// completable() call there marks its schema once, however many registrations read the result.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Loc } from "../../core/evaluate/values";

/** Whether the code at `loc` is in no function of its file. */
export function inModuleCode(ev: Evaluator, loc: Loc): boolean {
  const units = ev.summary(loc.file)?.flow?.units ?? [];
  return !units.some((u) => u.kind !== "module" && u.span.start <= loc.span.start && loc.span.end <= u.span.end);
}

/** Whether the code at `loc` runs once, as its module loads: in the value of a top-level `const`, and in no function. */
export function runsOnceAtLoad(ev: Evaluator, loc: Loc): boolean {
  const decls = ev.summary(loc.file)?.decls;
  const inConst = [...(decls?.values() ?? [])].some((d) => d.k === "const" && d.init.span.start <= loc.span.start && loc.span.end <= d.init.span.end);
  return inConst && inModuleCode(ev, loc);
}
