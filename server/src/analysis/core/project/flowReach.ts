// Which files a whole-workspace analysis may summarise without their program flow. A file gets a flow
// summary for two reasons: it imports a module (or a name) a flow dialect reads, or one of its classes
// extends an imported class, which might turn out to be (or hold) a server. In the second case the
// flow can matter only if something of a flow dialect is reached through the file's imports: a base
// chain ending in the SDK's server, a re-export of it. Most such files in an application extend
// ordinary classes (and summarising a flow costs more than parsing), so before summarising one, its
// import graph is read from the texts (as the `extends` pre-pass reads it) and the flow is left out
// when no file reachable from it could import anything a flow dialect reads. What follows a server
// into a file (a replay handing the server to a helper, a subclass holding one) asks for the flow
// anyway (`FileStore.fullSummary`).
//
// Every doubt keeps the flow: a reachable text that could spell such an import, a global declaration
// file that reaches one (a base may be global, without an import).
import { BaseReach, type BaseReachHost } from "./baseReach";
import type { FlowSpec } from "../summarize/flowSummary";

export class FlowReach {
  readonly #reach: BaseReach;
  readonly #globalFiles: () => readonly string[];
  #globalsReach: boolean | undefined;

  constructor(host: Omit<BaseReachHost, "onItsOwn">, spec: FlowSpec, globalFiles: () => readonly string[]) {
    this.#reach = new BaseReach({ ...host, onItsOwn: (text) => mayImportForFlow(spec, text) });
    this.#globalFiles = globalFiles;
  }

  /** Whether `file`'s flow may be left out: nothing it imports, nor any global declaration file, reaches a flow dialect's import. */
  mayLeaveOut(file: string): boolean {
    this.#globalsReach ??= this.#globalFiles().some((g) => this.#reach.reaches(g));
    return !this.#globalsReach && !this.#reach.reaches(file);
  }
}

/**
 * Whether a text may import a module or a name that makes a file relevant to `spec`: some quoted
 * string of it (every quote character starts a candidate, so no literal is missed however quotes pair
 * up) names such a module or holds an escape, or one of the spec's names appears as a word, or the text
 * holds a Unicode escape (an identifier may spell a name with one).
 */
export function mayImportForFlow(spec: FlowSpec, text: string): boolean {
  if (text.includes("\\u")) return true;
  for (const name of spec.names ?? []) if (containsWord(text, name)) return true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x22 && c !== 0x27) continue;
    let end = i + 1;
    while (end < text.length && text.charCodeAt(end) !== c && text.charCodeAt(end) !== 0x0a) end++;
    const candidate = text.slice(i + 1, end);
    if (candidate.includes("\\") || spec.specifier(candidate)) return true;
  }
  return false;
}

const WORD = /[\w$]/;

function containsWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    if ((at === 0 || !WORD.test(text[at - 1]!)) && (at + word.length >= text.length || !WORD.test(text[at + word.length]!))) return true;
  }
  return false;
}
