// A server made as a parameter's default (`function start(server = new McpServer(...))`,
// `constructor(private server = new McpServer(...))`) exists only when a call leaves that argument
// out. A call in its file that passes it gives the function another server instead: then this one
// may never be made, and the prediction says so.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Loc } from "../../core/evaluate/values";
import { ts } from "../../core/typescript";
import { nodeAt, parsedSource } from "./containerStores";
import type { SdkSite } from "./findSdkServers";

/** Why the server may not be made, when it is a parameter's default and a call of the file passes that argument. */
export function defaultPassedOver(ev: Evaluator, site: SdkSite): { why: string; loc: Loc } | undefined {
  // The summary marks a default's construction: no source walk for any other server.
  if (!site.event.paramDefault) return undefined;
  const sf = parsedSource(ev, site.file);
  const made = sf ? nodeAt(sf, site.event.span) : undefined;
  let param: ts.Node | undefined = made?.parent;
  while (param && !ts.isParameter(param) && (ts.isParenthesizedExpression(param) || ts.isAsExpression(param) || ts.isSatisfiesExpression(param))) param = param.parent;
  if (!sf || !param || !ts.isParameter(param) || param.initializer === undefined) return undefined;
  const fn = param.parent;
  const index = fn.parameters.indexOf(param);
  const name = ts.isConstructorDeclaration(fn) ? (ts.isClassDeclaration(fn.parent) ? fn.parent.name?.text : undefined) : ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn) ? (fn.name && ts.isIdentifier(fn.name) ? fn.name.text : undefined) : ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name) ? fn.parent.name.text : undefined;
  if (name === undefined) return undefined;
  let passing: ts.CallExpression | ts.NewExpression | undefined;
  const visit = (n: ts.Node): void => {
    if (passing) return;
    if ((ts.isCallExpression(n) || ts.isNewExpression(n)) && (n.arguments?.length ?? 0) > index) {
      const callee = n.expression;
      const called = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
      const arg = n.arguments![index]!;
      if (called === name && !(ts.isIdentifier(arg) && arg.text === "undefined") && !ts.isSpreadElement(n.arguments![0]!)) passing = n;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  if (!passing) return undefined;
  const start = passing.getStart(sf);
  return {
    why: `the server is the default of a parameter of ${name}, and the call at line ${sf.getLineAndCharacterOfPosition(start).line + 1} passes that argument, so this server may never be made`,
    loc: { file: site.file, span: { start, end: passing.end } },
  };
}
