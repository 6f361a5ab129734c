// The one module of the package that imports an exported class holding a server, with the name it
// imports it as: code there that makes the instance decides what is done with the server. Undefined
// when the class is not exported, reaches the package's entry point, or any other module (or one the
// search cannot read) imports it.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FileSummary } from "../../core/model/summary";
import { exportNamesOf, serverImporters, type Elsewhere } from "./factoryCallers";

export function soleClassImporter(ev: Evaluator, elsewhere: Elsewhere, file: string, summary: FileSummary, className: string): { readonly file: string; readonly local: string } | undefined {
  const names = exportNamesOf(summary, className);
  if (names.length === 0) return undefined;
  const users = serverImporters(ev, elsewhere, file, names);
  if (users.open.length > 0 || (users.entry?.length ?? 0) > 0 || users.found.length !== 1) return undefined;
  return users.found[0];
}
