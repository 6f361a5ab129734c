// connect() starts its transport itself, and every SDK transport refuses a second start ("already
// started"). A transport class of the workspace may not: `async start() { if (this.started) return; … }`
// is a no-op the second time, and a program that started it by hand before connect() is served.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowUnit } from "../../core/model/summary";
import { parsedSource } from "../../core/summarize/parsedSource";
import { SK, ts } from "../../core/typescript";
import { SDK_EVAL } from "./sdkEval";

/**
 * Whether the transport held by `name` (bound by `new C(...)` in `unit`) is of a workspace class whose
 * `start()` first returns when a field of the instance says it has started already.
 */
export function startsOnlyOnce(ev: Evaluator, file: string, unit: FlowUnit, name: string): boolean {
  const made = unit.events.find(({ event }) => event.k === "new" && event.target?.length === 1 && event.target[0] === name)?.event;
  if (!made || made.k !== "new") return false;
  const cls = ev.lookup(made.ctor, ev.fileScope(file), { file, span: made.span }, SDK_EVAL);
  if (cls.t !== "class" || cls.cls.scope !== null) return false;
  const declared = ev.summary(cls.cls.file)?.classes[cls.cls.index];
  const sf = declared && parsedSource(ev, cls.cls.file);
  if (!declared || !sf) return false;
  const node = classAt(sf, declared.span.start);
  const start = node?.members.find((m): m is ts.MethodDeclaration => ts.isMethodDeclaration(m) && ts.isIdentifier(m.name) && m.name.text === "start");
  const first = start?.body?.statements[0];
  return first !== undefined && ts.isIfStatement(first) && !first.elseStatement && readsOwnField(first.expression) && returnsAtOnce(first.thenStatement);
}

function classAt(sf: ts.SourceFile, start: number): ts.ClassLikeDeclaration | undefined {
  let found: ts.ClassLikeDeclaration | undefined;
  const visit = (n: ts.Node): void => {
    if (found || n.end <= start || n.pos > start) return;
    if (ts.isClassLike(n) && n.getStart(sf) === start) found = n;
    else ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

/** `this.started`, `this.#started`, `this._transport !== undefined`: a condition on the instance's own state, no call in it. */
function readsOwnField(e: ts.Expression): boolean {
  let own = false;
  let calls = false;
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n) || ts.isNewExpression(n)) calls = true;
    if (ts.isPropertyAccessExpression(n) && n.expression.kind === SK.ThisKeyword) own = true;
    ts.forEachChild(n, visit);
  };
  visit(e);
  return own && !calls;
}

/** `return;`, `return Promise.resolve();`, `{ return; }`: nothing else runs first. */
function returnsAtOnce(s: ts.Statement): boolean {
  if (ts.isReturnStatement(s)) return true;
  return ts.isBlock(s) && s.statements.length === 1 && ts.isReturnStatement(s.statements[0]!);
}
