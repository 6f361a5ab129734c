// A server built where no name holds it (`launch(new McpServer(...))`, `[new McpServer(...)]`,
// `cond ? new McpServer(a) : other`): the replay follows names, so what happens to such a server is
// not followed, and the prediction must say so. Only a server thrown away at once (`new Server(...);`),
// exported as the module's default (its importers are followed), or only connected or closed on the
// spot (`new Server(...).connect(t)`) gets nothing more.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Loc } from "../../core/evaluate/values";
import { SK, ts } from "../../core/typescript";
import { climb, HARMLESS_MEMBERS, nodeAt, parsedSource } from "./containerStores";
import type { SdkSite } from "./findSdkServers";
import { dispatch } from "./classChain";
import { isIgnored } from "./ignoredResults";

/** Why what is done with a server built without a name is not followed; undefined when nothing is. */
export function unboundConstruction(ev: Evaluator, site: SdkSite): { why: string; loc: Loc } | undefined {
  if (site.event.target !== null) return undefined;
  const loc: Loc = { file: site.file, span: site.event.span };
  const sf = parsedSource(ev, site.file);
  const node = sf ? nodeAt(sf, site.event.span) : undefined;
  if (!sf || !node) return { why: "the server is built where no name holds it, and what is done with it is not followed", loc };
  const top = climb(node);
  const parent = top.parent;
  if (!parent || ts.isExpressionStatement(parent) || ts.isExportAssignment(parent)) return undefined;
  if (ts.isPropertyAccessExpression(parent) && parent.expression === top && HARMLESS_MEMBERS.has(parent.name.text)) return undefined;
  // `new MyServer().run();`: a method of the subclass itself, whose result goes nowhere, runs on it (the replay follows it).
  if (ts.isPropertyAccessExpression(parent) && parent.expression === top && site.subclass && dispatch(site.subclass.chain, parent.name.text).k === "unit" && parent.parent !== undefined && ts.isCallExpression(parent.parent) && parent.parent.expression === parent && isIgnored(parent.parent)) return undefined;
  if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.expression !== top) {
    const callee = parent.expression.getText(sf).replace(/\s+/g, " ").slice(0, 80);
    return { why: `the server is passed to ${callee} as it is built, and what is done with it there is not followed`, loc };
  }
  if (ts.isVoidExpression(parent) || (ts.isPrefixUnaryExpression(parent) && parent.operator === SK.ExclamationToken)) return undefined;
  return { why: "the server is built where no name holds it, and what is done with it is not followed", loc };
}
