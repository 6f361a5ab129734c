// A function that takes the server other than by a named parameter: `function install(...servers)`
// (then `servers[0].registerTool(...)`) or through `arguments`. The replay binds arguments to
// parameters by position and name, so what such a function does with the server is not followed.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowUnit } from "../../core/model/summary";
import { ts } from "../../core/typescript";
import { nodeAt, parsedSource } from "./containerStores";

/**
 * How the function at `unit` reaches arguments by no name of its own, where it uses them for more than
 * logging (`console.error(...args)`): the index its rest parameter starts at, and whether it reads `arguments`.
 */
export function unnamedArguments(ev: Evaluator, file: string, unit: FlowUnit): { readonly restFrom: number | undefined; readonly argumentsObject: boolean } {
  const none = { restFrom: undefined, argumentsObject: false };
  if (unit.kind === "module" || unit.kind === "field") return none;
  const sf = parsedSource(ev, file);
  const node = sf ? nodeAt(sf, unit.span) : undefined;
  const fn = node && ts.isFunctionLike(node) ? (node as ts.SignatureDeclaration & { body?: ts.Node }) : undefined;
  if (!fn || fn.body === undefined) return none;
  const rest = fn.parameters.findIndex((p) => p.dotDotDotToken !== undefined);
  const restName = rest < 0 ? undefined : fn.parameters[rest]!.name;
  // A rest bound by a pattern (`...[s]`) names its items itself: always a use.
  const restUsed = restName !== undefined && (!ts.isIdentifier(restName) || usedBeyondLogging(fn.body, restName.text, true));
  return {
    restFrom: restUsed ? rest : undefined,
    argumentsObject: !ts.isArrowFunction(fn) && usedBeyondLogging(fn.body, "arguments", false),
  };
}

/** Whether the body mentions `name` anywhere but in the arguments of a `console.*` call (nested functions too when `closures`). */
function usedBeyondLogging(node: ts.Node, name: string, closures: boolean): boolean {
  if (ts.isIdentifier(node)) return node.text === name && !isMemberName(node) && !inConsoleCall(node);
  if ((!closures && ts.isFunctionLike(node) && !ts.isArrowFunction(node)) || ts.isClassLike(node)) return false;
  return ts.forEachChild(node, (c) => (usedBeyondLogging(c, name, closures) ? true : undefined)) === true;
}

/** `request.params.arguments`, `{ arguments: … }`, a method or type member named so: a property's name, not the variable. */
function isMemberName(n: ts.Identifier): boolean {
  const p = n.parent;
  return (
    ((ts.isPropertyAccessExpression(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p) || ts.isPropertySignature(p) || ts.isMethodDeclaration(p) || ts.isBindingElement(p)) && p.name === n) ||
    (ts.isBindingElement(p) && p.propertyName === n) ||
    ts.isQualifiedName(p) ||
    ts.isTypeReferenceNode(p)
  );
}

function inConsoleCall(n: ts.Node): boolean {
  for (let p = n.parent; p && !ts.isFunctionLike(p) && !ts.isStatement(p); p = p.parent) {
    if (ts.isCallExpression(p) && ts.isPropertyAccessExpression(p.expression) && ts.isIdentifier(p.expression.expression) && p.expression.expression.text === "console") return true;
  }
  return false;
}

/** Whether the unit is a getter: `get name() { … }` (of a class or an object), or the `get` of a property descriptor (`{ get: () => … }`). */
export function isGetterUnit(text: string | undefined, unit: FlowUnit): boolean {
  if (text === undefined || unit.kind === "module" || unit.kind === "field") return false;
  // `get name()`, `get "name"()`, `get [key]()`; not a method named `getServer()`.
  if (/^(?:static\s+)?get(?:\s+[\w$[#"']|\s*["'[])/.test(text.slice(unit.span.start, unit.span.start + 40))) return true;
  return /\bget\s*:\s*(?:async\s+)?(?:function\b)?\s*$/.test(text.slice(Math.max(0, unit.span.start - 40), unit.span.start));
}
