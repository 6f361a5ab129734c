// Whether a resource template's completer for a variable counts. McpServer (v1 from 1.25.0, and v2)
// adds `completions` for a template when `!!template.completeCallback(v)` holds for some variable of
// its URI, so `complete: { id: FEATURES.completions ? listIds : undefined }` adds it only when the
// completer is there: the key alone is not enough. Known truthy (a function): it counts; known falsy
// (undefined, null, false, 0, ""): it does not; chosen by run time (an environment variable, a call):
// not known.
import type { Evaluator } from "../../core/evaluate/evaluator";
import { isUndefinedValue, type Loc, type Scope, type Value } from "../../core/evaluate/values";
import { valueTruth } from "../../core/evaluate/knownConditions";
import { ts } from "../../core/typescript";
import { nodeAt, parsedSource } from "./containerStores";

/**
 * Whether a completer (the value of a `complete` entry) is known truthy, known falsy, or not known.
 * `registration`: the registering call, read in `here` (its function's scope): a completer written
 * in that function is read there, one written at a file's top level in that file's scope.
 */
export function completerTruth(ev: Evaluator, value: Value, registration: Loc, here: Scope): boolean | undefined {
  if (isUndefinedValue(value)) return false;
  switch (value.t) {
    case "prim":
      return Boolean(value.value);
    case "dyn":
      return dynamicTruth(ev, value.loc, registration, here);
    default:
      // A function, a class, an object: truthy.
      return true;
  }
}

/** `flag ? complete : undefined` and the like, where a const the source settles decides (knownConditions). */
function dynamicTruth(ev: Evaluator, loc: Loc, registration: Loc, here: Scope): boolean | undefined {
  const sf = parsedSource(ev, loc.file);
  const node = sf ? nodeAt(sf, loc.span) : undefined;
  if (!sf || !node || !ts.isExpression(node)) return undefined;
  const around = enclosingFunction(node);
  let scope: Scope | undefined;
  if (!around) scope = ev.fileScope(loc.file);
  else if (loc.file === registration.file) {
    const call = nodeAt(sf, registration.span);
    if (call && enclosingFunction(call) === around) scope = here;
  }
  return scope ? valueTruth(ev, loc.file, scope, node) : undefined;
}

function enclosingFunction(node: ts.Node): ts.Node | undefined {
  for (let cur = node.parent; cur; cur = cur.parent) if (ts.isFunctionLike(cur) || ts.isClassLike(cur)) return cur;
  return undefined;
}

/** A completer as a reason names it: its source, cut short when long. */
export function completerText(value: Value): string {
  const text = value.t === "dyn" ? value.text.replace(/\s+/g, " ") : "a value";
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
