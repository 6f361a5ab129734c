// `new KnowledgeServer().start()` in the entry module, the class (holding the server in a field) in
// its own module: the method runs at start-up, once, as surely as when the class's own file calls it
// at its top level. Only when the class's module is imported by exactly one module of the package
// (not as a namespace, not exported from the package's entry point, where code outside could call the
// method too), that module makes one instance and mentions the method only in unconditional top-level
// calls on it, and the class's own module names the method nowhere but in its declaration.
import type { Evaluator } from "../../core/evaluate/evaluator";
import { SK, ts } from "../../core/typescript";
import { parsedSource } from "./containerStores";
import type { Elsewhere } from "./factoryCallers";
import { soleClassImporter } from "./soleClassImporter";
import { byStartCall, instancesMade, startCallAt, type StartCall } from "./holderMethodCalls";

export function calledAtStartByImporter(ev: Evaluator, elsewhere: Elsewhere, file: string, className: string, method: string): boolean {
  return importerStartCalls(ev, elsewhere, file, className, method) !== undefined;
}

/**
 * Each such call, in the order they run, after every call of the class's own module (the importer's
 * top level runs once the module it imports has run): the method runs once through each. Undefined
 * when the method is not called so.
 */
export function importerStartCalls(ev: Evaluator, elsewhere: Elsewhere, file: string, className: string, method: string): StartCall[] | undefined {
  const summary = ev.summary(file);
  const own = parsedSource(ev, file);
  // Named once, in its declaration (or not at all: a subclass's module calling a method it inherits),
  // besides `this.setup()` calls in the class's own methods (followed where those run); `super.setup()`
  // in an override calls the base's, not this one.
  if (!summary || !own || mentionsOf(own, method).filter((n) => !isSuperCall(n) && !isThisCall(n)).length > 1) return undefined;
  const sole = soleClassImporter(ev, elsewhere, file, summary, className);
  if (!sole) return undefined;
  const { file: at, local } = sole;
  const sf = parsedSource(ev, at);
  if (!sf || instancesMade(sf, local) !== 1) return undefined;
  const mentions = mentionsOf(sf, method);
  const calls: StartCall[] = [];
  for (const n of mentions) {
    const call = startCallAt(sf, at, local, n, 1);
    if (!call) return undefined;
    calls.push(call);
  }
  return calls.length === 0 ? undefined : calls.sort(byStartCall);
}

/** Every identifier, private name or string spelling `name` in the file. */
function mentionsOf(sf: ts.SourceFile, name: string): ts.Node[] {
  const out: ts.Node[] = [];
  const visit = (n: ts.Node): void => {
    if ((n.kind === SK.Identifier || n.kind === SK.PrivateIdentifier || ts.isStringLiteralLike(n)) && (n as ts.Identifier).text === name) out.push(n);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** `super.<name>` */
function isSuperCall(n: ts.Node): boolean {
  const p = n.parent;
  return p !== undefined && ts.isPropertyAccessExpression(p) && p.name === n && p.expression.kind === SK.SuperKeyword;
}

/** `this.<name>(...)` */
function isThisCall(n: ts.Node): boolean {
  const p = n.parent;
  return p !== undefined && ts.isPropertyAccessExpression(p) && p.name === n && p.expression.kind === SK.ThisKeyword && p.parent !== undefined && ts.isCallExpression(p.parent) && p.parent.expression === p;
}
