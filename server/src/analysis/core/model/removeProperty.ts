// The edit that deletes one property of an object literal, given where its key starts: "Remove prompts
// from the capabilities" for a capability declared with nothing to answer it. Read with TypeScript's
// scanner (strings, comments and nesting as the language has them); a value the scan cannot bound for
// certain (a template with substitutions, a regular expression) gets no edit rather than a wrong one.
import { SK, ts } from "../typescript";
import type { TextEditData } from "./diagnostics";

const OPEN = new Set([SK.OpenBraceToken, SK.OpenBracketToken, SK.OpenParenToken]);
const CLOSE = new Set([SK.CloseBraceToken, SK.CloseBracketToken, SK.CloseParenToken]);

/** Only when the key written at `keyStart` is `name` (`prompts`, `"prompts"`), followed by `:`. */
export function removePropertyEdit(file: string, text: string, keyStart: number, name: string): TextEditData | undefined {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text, undefined, keyStart);
  const key = scanner.scan();
  const isKey = key === SK.StringLiteral || key === SK.Identifier || (key >= SK.FirstKeyword && key <= SK.LastKeyword);
  if (scanner.getTokenStart() !== keyStart || !isKey || scanner.getTokenValue() !== name || scanner.scan() !== SK.ColonToken) return undefined;
  let depth = 0;
  let end: number | undefined;
  let comma: { start: number; end: number } | undefined;
  for (let t = scanner.scan(); t !== SK.EndOfFileToken; t = scanner.scan()) {
    if (t === SK.TemplateHead || t === SK.SlashToken || t === SK.SlashEqualsToken) return undefined;
    if (OPEN.has(t)) depth++;
    else if (CLOSE.has(t) && depth-- === 0) {
      end = scanner.getTokenStart();
      break;
    } else if (t === SK.CommaToken && depth === 0) {
      end = scanner.getTokenStart();
      comma = { start: end, end: scanner.getTokenEnd() };
      break;
    }
  }
  if (end === undefined) return undefined;
  const isBlank = (c: string | undefined) => c === " " || c === "\t";
  if (comma) {
    // `prompts: {}, tools: {}` → `tools: {}`; a property on a line of its own goes with its line.
    let to = comma.end;
    while (isBlank(text[to])) to++;
    let from = keyStart;
    while (isBlank(text[from - 1])) from--;
    const ownLine = (from === 0 || text[from - 1] === "\n") && (text[to] === "\n" || text.startsWith("\r\n", to));
    if (ownLine) to += text[to] === "\n" ? 1 : 2;
    else from = keyStart;
    return { loc: { file, span: { start: from, end: to } }, newText: "" };
  }
  // The last property: its value ends before the closing bracket; the comma before it goes too.
  let valueEnd = end;
  while (/\s/.test(text[valueEnd - 1] ?? "")) valueEnd--;
  let before = keyStart;
  while (/\s/.test(text[before - 1] ?? "")) before--;
  // The only property: the object is left empty, `{}`.
  if (text[before - 1] !== ",") return { loc: { file, span: { start: before, end } }, newText: "" };
  return { loc: { file, span: { start: before - 1, end: valueEnd } }, newText: "" };
}
