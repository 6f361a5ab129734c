// A pattern's first place in a file's text, found once per version of the text rather than once per
// server that asks (a test file with a hundred servers asked the same question a hundred times).
import type { EvaluationHost } from "./evaluator";

type TextHost = Pick<EvaluationHost, "text" | "textFacts">;

/**
 * Where `pattern` (not global: `search` ignores `lastIndex`) first matches the file's text, -1 when
 * nowhere, undefined when the text cannot be read. `key` names the pattern among the file's facts.
 */
export function searchText(host: TextHost, file: string, key: string, pattern: RegExp): number | undefined {
  const search = (text: string | undefined) => (text === undefined ? undefined : text.search(pattern));
  return host.textFacts ? host.textFacts(file, key, search) : search(host.text?.(file));
}
