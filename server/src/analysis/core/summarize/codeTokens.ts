// The tokens of a span of code, for the searches that look for names: comments and string contents
// are skipped, and a template's `${...}` is left where the template's text resumes (a plain scan
// would read that text as code, or the code after it as text).
import { SK, ts } from "../typescript";
import type { Span } from "../model/summary";

export function forEachToken(text: string, span: Span, visit: (kind: ts.SyntaxKind, scanner: ts.Scanner) => void): void {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text, undefined, span.start, span.end - span.start);
  // The brace depth at which each open template's `${` was met: its `}` resumes the template.
  const templates: number[] = [];
  let depth = 0;
  for (let t = scanner.scan(); t !== SK.EndOfFileToken; t = scanner.scan()) {
    if (t === SK.TemplateHead) templates.push(depth);
    else if (t === SK.OpenBraceToken) depth++;
    else if (t === SK.CloseBraceToken) {
      if (templates.at(-1) === depth) {
        t = scanner.reScanTemplateToken(false);
        if (t === SK.TemplateTail) templates.pop();
      } else depth--;
    }
    visit(t, scanner);
  }
}
