// `registerAll(server, config)` or `registerAll({ server, config })` with `const config = { readOnly:
// true, exposePrompts: false }` at the top level of the caller's file: the helper followed there reads
// that very object, so its `if (config.exposePrompts)` is decided by the literal. Handing the object
// to a call is what otherwise keeps a const unknown (the callee may change it); here the callee is the
// helper being followed, so the object is the literal's when nothing else can change it: the file
// neither exports it nor changes it nor hands it to any other call, and the helper's own body neither
// changes it (a member written, an array method) nor gives it another name (the condition reader
// refuses an argument the body hands on, knownConditions' unchangedArguments).
import type { Evaluator } from "../../core/evaluate/evaluator";
import { handedOnNames, handedOnNamesIn } from "../../core/evaluate/handedOn";
import { mutatedNames, mutatedNamesIn } from "../../core/evaluate/mutation";
import { bindingOf } from "../../core/evaluate/unitScope";
import type { Binding } from "../../core/evaluate/values";
import type { FlowUnit } from "../../core/model/summary";
import { exportNamesOf } from "../../core/model/exportNames";

/** The bindings of a helper run with each name given a const object of the caller's file bound to that object's literal, where nothing else can change it. */
export function withConstObjects(ev: Evaluator, helper: { readonly file: string; readonly unit: FlowUnit }, bindings: ReadonlyMap<string, Binding>): ReadonlyMap<string, Binding> {
  let out: Map<string, Binding> | undefined;
  let helperText: string | undefined | null = null;
  for (const [name, binding] of bindings) {
    if (!("expr" in binding) || binding.expr.k !== "ref") continue;
    const { file } = binding.scope;
    const ref = binding.expr;
    // A name the caller's function binds (a parameter, a local) is not the file's const.
    if (bindingOf(binding.scope, ref.name)) continue;
    const summary = ev.summary(file);
    const decl = summary?.decls.get(ref.name);
    const text = ev.host.text?.(file);
    if (!summary || decl?.k !== "const" || decl.init.k !== "obj" || text === undefined || text.length !== summary.textLength) continue;
    if (exportNamesOf(summary, ref.name).length > 0) continue;
    if (mutatedNames(summary, text).has(ref.name)) continue;
    // Handed on: only as this argument (the text with it blanked out hands it nowhere).
    if (handedOnNames(summary, text).has(ref.name) && handedOnNamesIn(text.slice(0, ref.span.start) + " ".repeat(ref.span.end - ref.span.start) + text.slice(ref.span.end)).has(ref.name)) continue;
    if (helperText === null) helperText = ev.host.text?.(helper.file)?.slice(helper.unit.span.start, helper.unit.span.end);
    if (helperText === undefined || mutatedNamesIn(helperText).has(name)) continue;
    (out ??= new Map(bindings)).set(name, { expr: decl.init, scope: ev.fileScope(file) });
  }
  return out ?? bindings;
}
