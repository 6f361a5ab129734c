// `server.getCapabilities()` (the low-level Server's, also `mcpServer.server.getCapabilities()`) hands
// back the very object the server sends in its initialize (and discover) result: what the code writes
// into it is advertised. Reading it is harmless; anything that may write to it makes the
// capabilities open, since the analysis does not follow what is written.
import { mutatedNamesIn } from "../../core/evaluate/mutation";

const IDENT = String.raw`[A-Za-z_$][\w$]*`;
const MEMBER = String.raw`(?:\s*!?\s*\??\.\s*${IDENT}|\s*!?\s*\[[^\]\n]*\])`;
const ASSIGN = String.raw`(?:[-+*/%&|^]|\*\*|<<|>>>?|\?\?|&&|\|\|)?=(?!=)`;
/** `.prompts = {}`, `.tools!.listChanged = true`, `["x"] ??= {}`, right after the call (or its cast). */
const WRITTEN_AFTER = new RegExp(String.raw`^\s*!?\s*(?:\s+as\s[^()=;\n]{0,200}?\))?${MEMBER}+\s*!?\s*${ASSIGN}`);
/** `Object.assign(`, `Object.defineProperty(`, `delete `, maybe with a parenthesis or cast opened before the call. */
const WRITTEN_BEFORE = new RegExp(String.raw`(?:Object\.(?:assign|defineProperty|defineProperties|setPrototypeOf)\s*\(|\bdelete\s+)\s*\(?\s*(?:<[^<>()\n]*>\s*)?(?:await\s+)?(?:${IDENT}\s*\.\s*)*$`);
/** `const caps = server.getCapabilities()` (with a type or a cast): a name for the live object. */
const BOUND = new RegExp(String.raw`\b(?:const|let|var)\s+(${IDENT})\s*(?::[^=;\n]{0,200}?)?=\s*\(?\s*(?:<[^<>()\n]*>\s*)?(?:${IDENT}\s*\.\s*)*$`);
/** Handed whole to a call (`extend(server.getCapabilities())`): the callee may write to it. */
const HANDED = new RegExp(String.raw`(?:[(,]|\breturn)\s*(?:${IDENT}\s*\.\s*)*$`);
/** Calls that only print or copy what they are given. */
const READERS = /(?:JSON\.stringify|console\.\w+|structuredClone|Object\.(?:keys|values|entries)|log|debug|info|warn|error)\s*\(\s*(?:[A-Za-z_$][\w$]*\s*\.\s*)*$/;

/**
 * How a `getCapabilities()` call whose callee ends at `calleeStart` and whose call ends at `callEnd`
 * may change the object it returns, in words; undefined when the code only reads it. `changed` gives
 * the names the text writes to (the summary's remembered set, when the caller has one).
 */
export function liveCapabilitiesChange(text: string, calleeStart: number, callEnd: number, changed: () => ReadonlySet<string> = () => mutatedNamesIn(text)): string | undefined {
  const before = text.slice(Math.max(0, calleeStart - 200), calleeStart);
  const after = text.slice(callEnd, callEnd + 300);
  if (WRITTEN_AFTER.test(after) || WRITTEN_BEFORE.test(before)) return "writes to the object getCapabilities() returns, which is the one the server sends";
  // `server.getCapabilities().tools` read (not written, seen above): the object itself goes nowhere.
  if (/^\s*!?\s*(?:\?\.|\.|\[)/.test(after)) return undefined;
  const bound = BOUND.exec(before);
  if (bound) {
    return changed().has(bound[1]!) ? `keeps the object getCapabilities() returns as ${bound[1]} and writes to it, and that object is the one the server sends` : undefined;
  }
  if (READERS.test(before)) return undefined;
  if (HANDED.test(before)) return "hands the object getCapabilities() returns to code that may write to it, and that object is the one the server sends";
  return undefined;
}
