// `new ResourceTemplate("users://{id", …)`: the SDK parses the URI template as the object is made
// (v1's and v2's UriTemplate), and a `{` that no `}` closes throws "Unclosed template expression".
// Made at start-up, the server does not start. Said only when the URI is a string the source settles.
import type { Binding, Loc, Scope } from "../../core/evaluate/values";
import type { EachItem } from "../../core/evaluate/loopItem";
import { arrayItemsOf } from "../../core/evaluate/returnedCollections";
import type { CallEvent } from "../../core/model/summary";
import { diagnostic } from "./codes";
import { throwsWhereItRuns, type ReplayPoint } from "./replayPoint";
import { templateOf } from "./resourceTemplates";
import { SDK_EVAL } from "./sdkEval";
import { stringValue } from "./stringShapes";

/** Whether the registration's resource template throws as it is made (then the registration does not happen). */
export function templateRefused(point: ReplayPoint, file: string, e: CallEvent, mode: { readonly conditional: boolean; readonly deferred: boolean }, each?: EachItem): boolean {
  const { ev } = point;
  const scope = point.scope(file);
  // `for (const uri of URIS) server.registerResource(…, new ResourceTemplate(uri, …), …)` over a list
  // the source writes: each item's URI, read as the loop's variable (the first refused one throws).
  const param = each?.param;
  const items = each && param !== undefined ? (arrayItemsOf(ev, each.over, each.scope, 0) ?? []) : [];
  const scopes = [scope, ...items.map((item): Scope => ({ file, vars: new Map<string, Binding>([[param!, { expr: item.expr, scope: item.scope }]]), parent: scope }))];
  let refused: { readonly found: NonNullable<ReturnType<typeof templateOf>>; readonly uri: string; readonly open: number } | undefined;
  for (const at of scopes) {
    const found = e.args[1] ? templateOf(ev, at, e.args[1]) : undefined;
    const uriExpr = found?.template.args[0];
    if (!found || !uriExpr) continue;
    const evaluated = ev.evaluate(uriExpr, found.scope, SDK_EVAL);
    const uri = evaluated.t === "prim" && typeof evaluated.value === "string" ? evaluated.value : stringValue(ev, found.scope, uriExpr);
    const open = uri === undefined ? -1 : unclosedAt(uri);
    if (uri !== undefined && open >= 0) {
      refused = { found, uri, open };
      break;
    }
  }
  if (!refused) return false;
  const { found, uri, open } = refused;
  const loc: Loc = { file: found.scope.file, span: found.template.span };
  const d = diagnostic(
    "sdk-uri-template-invalid",
    loc,
    `new ResourceTemplate throws here: its URI template ${JSON.stringify(uri)} opens a { at character ${open + 1} that no } closes, and the SDK parses the template as the object is made ("Unclosed template expression"). Close the expression: {name}.`,
  );
  throwsWhereItRuns(point, d, loc, "new ResourceTemplate", mode.conditional, mode.deferred, "so the server runs without this resource template");
  return true;
}

/** Where the first `{` with no `}` after it is, as the SDK's parser finds it (each `{` closed by the next `}`); -1 when none. */
function unclosedAt(uri: string): number {
  for (let i = uri.indexOf("{"); i >= 0; ) {
    const end = uri.indexOf("}", i);
    if (end < 0) return i;
    i = uri.indexOf("{", end + 1);
  }
  return -1;
}
