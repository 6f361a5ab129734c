// A private method of a class that builds and returns the server (`private createServer(): Server`)
// can only be called from inside its class, as `this.createServer()`. When every such call binds the
// result to a name (`const server = this.createServer()`, `server = this.createServer()`), the replay can follow each caller from there,
// as it does for a function's callers in its own file; any other use of the method leaves them unfollowed.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowUnit } from "../../core/model/summary";
import { SK, ts } from "../../core/typescript";
import { parsedSource, nodeAt } from "./containerStores";

export interface PrivateFactoryCall {
  readonly unit: FlowUnit;
  /** The index of the call's event in its unit: the replay continues after it. */
  readonly index: number;
  readonly result: string;
  readonly conditional: boolean;
}

/**
 * Every call of the private method `method` (a unit of the class `className`), or undefined when one of
 * its uses is not `const x = this.method(...)` (then what the callers do is not followed).
 */
export function privateFactoryCalls(ev: Evaluator, file: string, method: FlowUnit): PrivateFactoryCall[] | undefined {
  const className = method.className;
  const name = className !== undefined ? method.name.slice(className.length + 1) : undefined;
  const sf = parsedSource(ev, file);
  const units = ev.summary(file)?.flow?.units;
  if (!sf || !units || !className || !name) return undefined;
  const decl = nodeAt(sf, method.span);
  if (!decl || !ts.isMethodDeclaration(decl) || !isPrivate(decl)) return undefined;
  const cls = decl.parent;
  if (!cls || !ts.isClassLike(cls)) return undefined;
  // Every mention of the method's name in the file: `const x = [await] this.method(...)` in the class.
  let uses = 0;
  let other = false;
  const visit = (n: ts.Node): void => {
    if ((ts.isPropertyAccessExpression(n) && n.name.text === name) || (ts.isElementAccessExpression(n) && ts.isStringLiteral(n.argumentExpression) && n.argumentExpression.text === name)) {
      if (isBoundCall(n, cls)) uses++;
      else other = true;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  if (other) return undefined;
  const calls: PrivateFactoryCall[] = [];
  for (const unit of units) {
    if (!inClass(units, unit, className)) continue;
    unit.events.forEach(({ event, conditional }, index) => {
      if (event.k !== "invoke" || !event.result) return;
      const c = event.callee;
      if (c.k === "get" && c.key.k === "static" && c.key.name === name && c.object.k === "dyn" && c.object.text === "this") {
        calls.push({ unit, index, result: event.result, conditional });
      }
    });
  }
  return calls.length === uses ? calls : undefined;
}

function isPrivate(decl: ts.MethodDeclaration): boolean {
  return ts.isPrivateIdentifier(decl.name) || (decl.modifiers?.some((m) => m.kind === SK.PrivateKeyword) ?? false);
}

/** `const x = this.m(...)` or `const x = await this.m(...)`, written in the class `cls`. */
function isBoundCall(access: ts.Node, cls: ts.Node): boolean {
  const call = access.parent;
  if (!call || !ts.isCallExpression(call) || call.expression !== access) return false;
  if ((access as ts.PropertyAccessExpression | ts.ElementAccessExpression).expression.kind !== SK.ThisKeyword) return false;
  let top: ts.Node = call;
  while (top.parent && (ts.isAwaitExpression(top.parent) || ts.isParenthesizedExpression(top.parent) || ts.isAsExpression(top.parent) || ts.isNonNullExpression(top.parent))) top = top.parent;
  const decl = top.parent;
  const declared = decl !== undefined && ts.isVariableDeclaration(decl) && decl.initializer === top && ts.isIdentifier(decl.name);
  // `server = this.createServer();` (the replay checks who else reads that variable).
  const assigned = decl !== undefined && ts.isBinaryExpression(decl) && decl.operatorToken.kind === SK.EqualsToken && decl.right === top && ts.isIdentifier(decl.left) && decl.parent !== undefined && ts.isExpressionStatement(decl.parent);
  if (!declared && !assigned) return false;
  // `this` is the class's own only in its methods and the arrows written in them.
  for (let n: ts.Node | undefined = access.parent; n; n = n.parent) {
    if (n === cls) return true;
    if (ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n) || ts.isClassLike(n)) return false;
  }
  return false;
}

/** Whether a unit is a member of the class, or a callback written in one. */
function inClass(units: readonly FlowUnit[], unit: FlowUnit, className: string): boolean {
  for (let u: FlowUnit | undefined = unit, hops = 0; u && hops < 64; u = u.parent === null ? undefined : units[u.parent], hops++) {
    if (u.kind === "method" || u.kind === "field") return u.className === className;
    if (u.kind !== "closure") return false;
  }
  return false;
}
