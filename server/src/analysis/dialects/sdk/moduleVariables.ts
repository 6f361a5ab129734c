// A module-level `let`/`var` the server is assigned to (`let target; export function attach(s) {
// target = s; }`) holds the server for every function of that module from then on: a logger module
// that keeps the server and sends through it (`target?.sendLoggingMessage(...)`) sends from this
// server. Knowing that name lets the replay follow those sends, which matter to start-up (one sent
// before connect() is rejected with "Not connected").
import type { Evaluator } from "../../core/evaluate/evaluator";
import { SK, ts } from "../../core/typescript";
import { parsedSource } from "../../core/summarize/parsedSource";

/** Whether `name` is declared by a `let` or `var` at the top level of `file` (a plain name, not a pattern). */
export function isModuleVariable(ev: Evaluator, file: string, name: string): boolean {
  const sf = parsedSource(ev, file);
  if (!sf) return false;
  return sf.statements.some(
    (st) =>
      ts.isVariableStatement(st) &&
      (st.declarationList.flags & ts.NodeFlags.Const) === 0 &&
      st.declarationList.declarations.some((d) => d.name.kind === SK.Identifier && (d.name as ts.Identifier).text === name),
  );
}
