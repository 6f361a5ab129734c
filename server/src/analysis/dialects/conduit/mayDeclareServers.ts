import { HANDLERS } from "./handlers";

/**
 * Words one of which every file holding a server class or an `extends` cycle contains: a handler
 * name, `__capabilities__`, Endpoint `components`, the `@mcpServer` tag, or a class with an `extends`
 * clause (inherited servers, mixins, cycles) (spec §2, §3, §4). A file without any of them has
 * nothing to report of its own, so a whole-workspace analysis need not parse it for this dialect; it
 * is still read, like any file, when another file imports from it.
 *
 * The words are as narrow as soundness allows, because an application is full of near misses that
 * would each cost a parse: `handleClick` is no handler (a server needs a handler's exact name);
 * `components` in `styled-components` or `~/components/Button` is a module name, never the
 * Endpoint's member; `interface A extends B` and `<T extends U>` are no class heritage, and a
 * class's `extends` always comes after its `class` keyword.
 */
const SERVER_WORDS = [new RegExp([...HANDLERS.keys()].join("|")), /__capabilities__/, /mcpServer/, /(?<![-/])\bcomponents\b(?![-/])/];
const CLASS = /\bclass\b/;
const EXTENDS = /extends/g;

/** The broad words, for text with Unicode escapes (an identifier may spell any of the words with them). */
const ANY_SERVER_WORD = /extends|handle|__capabilities__|components|mcpServer/;

/**
 * Whether the text holds one of the server words. One pattern per word: each is found by a fast
 * search for its literal start, where one alternation of them all was tried at every character. A
 * whole-workspace analysis asks both screens below of each text in turn: the last answer is kept.
 */
function hasServerWord(text: string): boolean {
  if (text !== lastText) {
    lastAnswer = SERVER_WORDS.some((w) => w.test(text));
    lastText = text;
  }
  return lastAnswer;
}
let lastText: string | undefined;
let lastAnswer = false;

export function mayDeclareServers(text: string): boolean {
  if (text.includes("\\u")) return ANY_SERVER_WORD.test(text);
  if (hasServerWord(text)) return true;
  // An `extends` after the first class keyword (found forward from there: a search backwards from the
  // end of the text is slow).
  const firstClass = text.search(CLASS);
  if (firstClass < 0) return false;
  EXTENDS.lastIndex = firstClass + 1;
  return EXTENDS.test(text);
}

/**
 * The same screen without the class-with-`extends` clause: whether the text may hold a server of its
 * own. A text that passes `mayDeclareServers` only for that clause can declare a server only through
 * a base class it imports, so a whole-workspace analysis may decide it from its imports.
 */
export function mayDeclareServersOnItsOwn(text: string): boolean {
  if (text.includes("\\u")) return ANY_SERVER_WORD.test(text);
  return hasServerWord(text);
}
