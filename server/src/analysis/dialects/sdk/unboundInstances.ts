// An instance of the class holding the server in a field, made where no name of the file keeps it:
// returned by a function (`function make() { return new App() }`, `static create() { return new this() }`),
// kept in a property (`App.instance = new App()`), destructured (`const { server } = new App()`), handed
// to a function or put in an object. Whoever gets it reaches `instance.server`, and what is done with
// the server there is not followed. Instances bound to a name (`const app = new App()`), used for one
// call (`new App().run()`) or read for the field at once (`() => new App().server`) are followed where
// they are.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Span } from "../../core/model/summary";
import { SK, ts } from "../../core/typescript";
import { climb, parsedSource } from "./containerStores";
import { firstFound } from "./holderMethodCalls";
import { staticMemberClass } from "../../core/summarize/staticMembers";

export interface UnboundInstance {
  /** Where the instance goes, for people: "returned by make", "kept in App.instance", "destructured". */
  readonly goes: string;
  readonly span: Span;
}

/** The first `new C(...)` of the file, `C` one of `classes` (or `new this()` in a static member of one), whose instance no name keeps. */
export function unboundHolderInstance(ev: Evaluator, file: string, classes: readonly string[]): UnboundInstance | undefined {
  const sf = parsedSource(ev, file);
  if (!sf) return undefined;
  return firstFound(sf, (n) => {
    const goes = ts.isNewExpression(n) && makesOneOf(sf, n, classes) ? whereItGoes(sf, n) : undefined;
    return goes !== undefined ? { goes, span: { start: n.getStart(sf), end: n.end } } : undefined;
  });
}

function makesOneOf(sf: ts.SourceFile, n: ts.NewExpression, classes: readonly string[]): boolean {
  if (ts.isIdentifier(n.expression)) return classes.includes(n.expression.text);
  // `new this()` in a static member of the class: an instance of it (or of a subclass).
  const own = n.expression.kind === SK.ThisKeyword ? staticMemberClass(sf, n)?.name?.text : undefined;
  return own !== undefined && classes.includes(own);
}

/** Where the instance goes when no name keeps it; undefined when it is kept by a name or used on the spot. */
function whereItGoes(sf: ts.SourceFile, n: ts.NewExpression): string | undefined {
  const cur = climb(n);
  const p = cur.parent;
  if (ts.isExpressionStatement(p)) return undefined;
  if (ts.isVariableDeclaration(p) && p.initializer === cur) return ts.isIdentifier(p.name) ? undefined : "destructured";
  if (ts.isBinaryExpression(p) && p.right === cur && p.operatorToken.kind === SK.EqualsToken) return ts.isIdentifier(p.left) ? undefined : `kept in ${short(sf, p.left)}`;
  // `new App().run()`, `new App().server`: used on the spot (a read of the field is looked at where fields are read).
  if ((ts.isPropertyAccessExpression(p) || ts.isElementAccessExpression(p)) && p.expression === cur) return undefined;
  // A class field's initialiser (`private app = new App()`) is kept by the instance's field.
  if (ts.isPropertyDeclaration(p) && p.initializer === cur) return `kept in the field ${p.name.getText(sf)}`;
  if (ts.isReturnStatement(p) || (ts.isArrowFunction(p) && p.body === cur)) return `returned by ${functionName(p)}`;
  if (ts.isCallExpression(p) || ts.isNewExpression(p)) return `handed to ${short(sf, p.expression)}`;
  if (ts.isExportAssignment(p)) return "exported";
  return "put where the analysis does not follow it";
}

function functionName(n: ts.Node): string {
  for (let p: ts.Node | undefined = n; p; p = p.parent) {
    if ((ts.isFunctionDeclaration(p) || ts.isMethodDeclaration(p)) && p.name && ts.isIdentifier(p.name)) return p.name.text;
    if ((ts.isArrowFunction(p) || ts.isFunctionExpression(p)) && ts.isVariableDeclaration(p.parent) && ts.isIdentifier(p.parent.name)) return p.parent.name.text;
    if (ts.isFunctionLike(p)) return "a function";
  }
  return "a function";
}

function short(sf: ts.SourceFile, n: ts.Node): string {
  const text = n.getText(sf).replace(/\s+/g, " ");
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
