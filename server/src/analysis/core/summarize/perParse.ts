// Answers about one syntax tree kept with it: every server of a file asks the same questions of the
// same parse (which block is at a span, which node a region names), and a new text is a new parse.
import type { ts } from "../typescript";

/** A memo of `compute(sf, key)` per parse and key, dropped with the parse. */
export function perParse<T>(compute: (sf: ts.SourceFile, key: string) => T): (sf: ts.SourceFile, key: string) => T {
  const answers = new WeakMap<ts.SourceFile, Map<string, T>>();
  return (sf, key) => {
    let known = answers.get(sf);
    if (!known) answers.set(sf, (known = new Map()));
    if (known.has(key)) return known.get(key)!;
    const answer = compute(sf, key);
    known.set(key, answer);
    return answer;
  };
}
