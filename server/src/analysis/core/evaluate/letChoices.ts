// `let App = FastMCP; if (process.env.LITE) App = LiteServer; new App(..)`: a top-level `let` (or
// `var`) that holds a class, given another one on some path. At `new App(..)` it is any of the values
// written to it, whichever ran last. Read from the file's text (a comment or a string can only add a
// name, which makes the answer less certain, never wrong).
import type { FileSummary } from "../model/summary";

const IDENT = /^[A-Za-z_$][\w$]*$/;
/** A value written as a plain name, maybe in parentheses or cast (`(Lite as typeof FastMCP)`). */
const PLAIN_NAME = /^\s*\(*\s*([A-Za-z_$][\w$]*)\s*(?:\s(?:as|satisfies)\s[^;]*)?\)*\s*;?\s*$/;

/**
 * The names a top-level `let`/`var` of the file is given, its initialiser first, then each later
 * assignment (`App = Lite`, `App ??= Lite`); undefined when it is not such a binding, when one value
 * is anything but a plain name, or when the text is not at hand.
 */
export function letChoices(summary: FileSummary, text: string | undefined, name: string): readonly string[] | undefined {
  if (text === undefined || !IDENT.test(name) || summary.decls.get(name)?.k !== "mutable") return undefined;
  const esc = name.replace(/\$/g, "\\$");
  const writes = new RegExp(String.raw`(?<![\w$.])(?:(let|var)\s+)?${esc}\s*(?::[^=;\n]{0,200}?)?(?:\?\?|\|\||&&)?=(?![=>])([^;\n]*)`, "g");
  const out: string[] = [];
  let declared = false;
  for (const m of text.matchAll(writes)) {
    const value = PLAIN_NAME.exec(m[2]!);
    if (!value) return undefined;
    if (m[1] !== undefined) declared = true;
    if (!out.includes(value[1]!)) out.push(value[1]!);
  }
  // A `++App`, `[App] = ..` or `({ App } = ..)`: written some other way.
  if (new RegExp(String.raw`(?:\+\+|--)\s*${esc}\b|\b${esc}\s*(?:\+\+|--)|[[{,]\s*${esc}\s*[\]},]\s*=`).test(text)) return undefined;
  return declared && out.length > 0 ? out : undefined;
}
