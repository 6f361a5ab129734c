// The `import … from "` statements of a text, read without parsing it, in one linear pass. A pattern
// such as /\bimport\s+([^;"'`]*?)\s*from\s*["']/g restarts its lazy scan at every `import` keyword and
// runs to the next `;` or quote each time: 60,000 `import ` with no `from` after them kept the
// `extends` pre-pass busy for minutes. Here each stretch of text is scanned once.

export interface ImportClause {
  /** What stands between `import` (and the white space after it) and `from`, trailing white space left out. */
  readonly clause: string;
  /** Everything between `import` (and the white space after it) and the quote. */
  readonly body: string;
  /** The quote that opens the module specifier. */
  readonly quoteAt: number;
}

/**
 * Exactly the matches of /\bimport\s+([^;"'`]*?)\s*from\s*["']/g, as `clause` (the capture) and where
 * the quote is. A clause cannot hold `;`, a quote or a backquote, so the quote after `from` is the first
 * of those characters after the keyword, and an `import` keyword before it that does not match tells
 * that none before it does.
 */
export function* importClauses(text: string): Generator<ImportClause> {
  const keyword = /\bimport\s+/g;
  const stops = /[;"'`]/g;
  for (let m = keyword.exec(text); m; m = keyword.exec(text)) {
    const start = m.index + m[0].length;
    stops.lastIndex = start;
    const stop = stops.exec(text)?.index;
    if (stop === undefined) return;
    keyword.lastIndex = stop + 1;
    if (text[stop] !== '"' && text[stop] !== "'") continue;
    const body = text.slice(start, stop);
    const clause = beforeFrom(body);
    if (clause !== undefined) yield { clause, body, quoteAt: stop };
  }
}

/** The text before a final `from` (white space around it left out), or undefined when it does not end so. */
export function beforeFrom(body: string): string | undefined {
  const trimmed = body.trimEnd();
  return trimmed.endsWith("from") ? trimmed.slice(0, -"from".length).trimEnd() : undefined;
}
