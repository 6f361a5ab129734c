// A file Node cannot load (a stray `)`, a duplicate declaration the parser refuses) never starts its
// server: the parser's recovery still yields a tree the replay reads as if it ran. Any syntax error in
// the server's file makes the prediction approximate, at the first error's place.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Loc } from "../../core/evaluate/values";
import type { ts } from "../../core/typescript";
import { parsedSource } from "./containerStores";

/** The first syntax error of the file, with its message; undefined when it parses. */
export function firstParseError(ev: Evaluator, file: string): { loc: Loc; message: string } | undefined {
  const sf = parsedSource(ev, file);
  const errors = (sf as unknown as { parseDiagnostics?: readonly ts.DiagnosticWithLocation[] } | undefined)?.parseDiagnostics ?? [];
  const first = errors[0];
  if (!first) return undefined;
  const text = typeof first.messageText === "string" ? first.messageText : first.messageText.messageText;
  return { loc: { file, span: { start: first.start, end: first.start + first.length } }, message: text };
}
