// Whether a method decorator written in the workspace may replace the method it decorates. MCP-Nest's
// @Tool/@Resource/@ResourceTemplate/@Prompt store their metadata (Nest's @MessagePattern) on the
// function they are given, `descriptor.value`; Nest later binds `prototype[key]`. TypeScript applies
// a method's decorators bottom-up and defines the property from the descriptor they leave, so a
// decorator written ABOVE @Tool that assigns `descriptor.value` (a timing wrapper), or returns a
// descriptor of its own, leaves a function that carries none of that metadata unless it copies it:
// the real framework then binds nothing (a wrapper that copies the metadata keys is
// bound). Here the decorator function's own body is read: it keeps the method when it only reads the
// descriptor and returns it (or nothing); anything else it does with the descriptor is a possible
// replacement, said with its reason. Assigning to `target[key]` is undone by TypeScript's final
// defineProperty, but is still taken as one (code that keeps `target` may change it later).
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FunctionSummary, Span } from "../../core/model/summary";
import { SK, ts } from "../../core/typescript";
import { parsedSource } from "../../core/summarize/parsedSource";
import { nodeAt } from "../../core/summarize/nodeAt";

/** Calls that change an object they are given: `Object.assign(descriptor, ...)`, `Reflect.deleteMetadata`. */
const CHANGING_CALLS = new Set(["assign", "defineProperty", "defineProperties", "set", "setPrototypeOf", "deleteProperty", "deleteMetadata"]);
const REPLACING_FIELDS = new Set(["value", "get", "set"]);

/** Why the decorator function `fn` (written in `file`) may replace its method; undefined: it keeps it. */
export function replacesMethod(ev: Evaluator, file: string, fn: FunctionSummary): string | undefined {
  const node = functionAt(ev, file, fn.bodySpan);
  if (!node) return "its body could not be read";
  const params = node.parameters.filter((p) => !(ts.isIdentifier(p.name) && p.name.text === "this"));
  const target = params[0] && ts.isIdentifier(params[0].name) ? params[0].name.text : undefined;
  const descriptorParam = params[2];
  if (descriptorParam && !ts.isIdentifier(descriptorParam.name)) return "it takes the descriptor apart in its parameters, which is not followed";
  const descriptor = descriptorParam ? (descriptorParam.name as ts.Identifier).text : undefined;
  const body = node.body;
  if (!body) return "it has no body to read";
  // An arrow's expression body is what it returns.
  if (!ts.isBlock(body) && !returnsKept(body as ts.Expression, descriptor)) return "it returns a value of its own, which TypeScript then takes as the method's descriptor";
  let why: string | undefined;
  const visit = (n: ts.Node): void => {
    if (why) return;
    if (ts.isIdentifier(n)) {
      why = identifierUse(n, node, descriptor, target);
      return;
    }
    if (ts.isReturnStatement(n) && n.expression && owner(n) === node && !returnsKept(n.expression, descriptor)) {
      why = "it returns a descriptor of its own";
      return;
    }
    if (ts.isCallExpression(n)) {
      const callee = ts.isPropertyAccessExpression(n.expression) ? n.expression.name.text : ts.isIdentifier(n.expression) ? n.expression.text : undefined;
      // `Object.defineProperty(target, key, ...)`, `Reflect.deleteMetadata(k, descriptor.value)`.
      if (callee && CHANGING_CALLS.has(callee) && (callee === "deleteMetadata" || n.arguments.some((a) => { const root = rootName(a); return root !== undefined && (root === target || root === descriptor); }))) {
        why = `it calls ${callee}(), which may change the method or its metadata`;
        return;
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(body);
  return why;
}

/** What one mention of a name means for the method: undefined when it cannot replace it. */
function identifierUse(id: ts.Identifier, fn: ts.SignatureDeclaration, descriptor: string | undefined, target: string | undefined): string | undefined {
  const parent = id.parent;
  // A property's name (`x.value`, `{ value: 1 }`) is not a mention of a variable.
  if ((ts.isPropertyAccessExpression(parent) && parent.name === id) || (ts.isPropertyAssignment(parent) && parent.name === id)) return undefined;
  if (id.text === "arguments") return "it reads `arguments`, which holds the descriptor";
  if (id.text === target && target !== undefined) {
    return (ts.isPropertyAccessExpression(parent) || ts.isElementAccessExpression(parent)) && parent.expression === id && assigned(parent)
      ? "it assigns a member of the class's prototype"
      : undefined;
  }
  if (id.text !== descriptor || descriptor === undefined) return undefined;
  if (ts.isReturnStatement(parent) || (ts.isArrowFunction(parent) && parent.body === id)) return undefined;
  if ((ts.isPropertyAccessExpression(parent) || ts.isElementAccessExpression(parent)) && parent.expression === id) {
    if (!assigned(parent)) return undefined; // read: `const original = descriptor.value`
    const field = ts.isPropertyAccessExpression(parent) ? parent.name.text : ts.isStringLiteralLike(parent.argumentExpression) ? parent.argumentExpression.text : undefined;
    if (field !== undefined && !REPLACING_FIELDS.has(field)) return undefined; // `descriptor.enumerable = false`
    return `it assigns ${id.text}.${field ?? "[...]"}`;
  }
  // Passed to a function, aliased, spread: what is done with it there is not followed.
  return fn.parameters.some((p) => p.name === id) ? undefined : `it hands ${id.text} to code the analysis does not follow`;
}

/** The variable an expression reads from: `d` for `d.value.x`, `d["value"]`. */
function rootName(e: ts.Expression): string | undefined {
  while (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e) || ts.isParenthesizedExpression(e)) e = e.expression;
  return ts.isIdentifier(e) ? e.text : undefined;
}

/** `x.y = ...`, `x.y += ...`, `delete x.y`, `x.y++`, `[x.y] = ...`: the access is written, not read. */
function assigned(access: ts.Expression): boolean {
  let node: ts.Node = access;
  for (let parent = node.parent; parent; node = parent, parent = parent.parent) {
    if (ts.isBinaryExpression(parent)) {
      const op = parent.operatorToken.kind;
      return parent.left === node && op >= SK.FirstAssignment && op <= SK.LastAssignment;
    }
    if (ts.isDeleteExpression(parent)) return true;
    if ((ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent)) && (parent.operator === SK.PlusPlusToken || parent.operator === SK.MinusMinusToken)) return true;
    // Inside a destructuring pattern being assigned: keep climbing to the assignment.
    if (ts.isArrayLiteralExpression(parent) || ts.isObjectLiteralExpression(parent) || ts.isPropertyAssignment(parent) || ts.isShorthandPropertyAssignment(parent) || ts.isSpreadElement(parent) || ts.isSpreadAssignment(parent) || ts.isParenthesizedExpression(parent)) continue;
    if ((ts.isForOfStatement(parent) || ts.isForInStatement(parent)) && parent.initializer === node) return true;
    return false;
  }
  return false;
}

/** A returned expression that leaves the method as it is: the descriptor it was given, `undefined`, `void x`. */
function returnsKept(e: ts.Expression, descriptor: string | undefined): boolean {
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
  if (ts.isIdentifier(e)) return e.text === "undefined" || (descriptor !== undefined && e.text === descriptor);
  return ts.isVoidExpression(e);
}

/** The function a return statement returns from. */
function owner(n: ts.Node): ts.Node | undefined {
  for (let p = n.parent; p; p = p.parent) if (ts.isFunctionLike(p)) return p;
  return undefined;
}

/** The function whose body is written at `span` in `file`. */
function functionAt(ev: Evaluator, file: string, span: Span): (ts.SignatureDeclaration & { body?: ts.Node }) | undefined {
  const sf = parsedSource(ev, file);
  const body = sf ? nodeAt(sf, span, (n) => n.parent !== undefined && ts.isFunctionLike(n.parent) && (n.parent as ts.FunctionLikeDeclaration).body === n) : undefined;
  return body?.parent as (ts.SignatureDeclaration & { body?: ts.Node }) | undefined;
}
