// `// mcp-caps-ignore-next-line handler-misspelled`: a diagnostic the author has looked at and keeps
// (a helper named like a handler, a capability declared on purpose). The comment names the codes it
// silences on the line below it (separated by commas or spaces), or silences all of them when it names
// none; anything after ` -- ` is the author's reason, as ESLint reads its own directives.
import type { AnalysisDiagnostic } from "./diagnostics";

export const IGNORE_NEXT_LINE = "mcp-caps-ignore-next-line";

const DIRECTIVE = /^\s*(?:\/\/|\/\*+)\s*mcp-caps-ignore-next-line\b(.*?)(?:\*\/)?\s*$/;

/** The codes the line before the one holding `offset` silences (`[]`: all), or undefined. */
function silencedAt(text: string, offset: number): readonly string[] | undefined {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  if (lineStart === 0) return undefined;
  const previousStart = text.lastIndexOf("\n", lineStart - 2) + 1;
  const m = DIRECTIVE.exec(text.slice(previousStart, lineStart - 1).replace(/\r$/, ""));
  if (!m) return undefined;
  const codes = m[1]!.split(" -- ")[0]!;
  return codes.split(/[\s,]+/).filter(Boolean);
}

/** The diagnostics not silenced by a directive on the line above where each is located. */
export function withoutIgnored(diagnostics: readonly AnalysisDiagnostic[], text: (file: string) => string | undefined): AnalysisDiagnostic[] {
  const out: AnalysisDiagnostic[] = [];
  for (const d of diagnostics) {
    const source = text(d.loc.file);
    // Cheap first: most files hold no directive at all.
    const codes = source?.includes(IGNORE_NEXT_LINE) ? silencedAt(source, d.loc.span.start) : undefined;
    if (codes && (codes.length === 0 || codes.includes(d.code))) continue;
    out.push(d);
  }
  return out;
}

/** The comment that silences `code` on the line holding `offset`, put above it with that line's indentation. */
export function ignoreDirectiveEdit(text: string, offset: number, code: string): { at: number; newText: string } {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
  return { at: lineStart, newText: `${indent}// ${IGNORE_NEXT_LINE} ${code}\n` };
}
