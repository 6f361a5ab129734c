// Which module stems a text names in a quoted path (`"./server.js"`, `'../tools/index.ts'`), read in
// one pass over the text. Every server of a package asks whether each of the package's texts names
// its own module; answering from this set turns a scan of every text per server into one per text.
// The set answers exactly what the pattern (`quotedPathPattern`) answers, stem by stem.

/** The pattern the set stands for: a quoted path (at most 300 characters before a `/`) whose module is `stem`. */
export function quotedPathPattern(stem: string): RegExp {
  const name = stem.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`['"][^'"\\n]{0,300}/${name}(?:\\.[cm]?[jt]sx?)?(?:/index(?:\\.[cm]?[jt]sx?)?)?['"]`);
}

/** Whether `text` names `stem` in a quoted path (with `stems`, the text's `quotedPathStems`, when at hand). */
export function namesStemInQuotedPath(text: string, stem: string, stems?: () => ReadonlySet<string>): boolean {
  // The set holds stems without quotes or line breaks; any other stem is looked for with the pattern.
  if (!stems || /['"\n]/.test(stem)) return text.includes(stem) && quotedPathPattern(stem).test(text);
  return stems().has(stem);
}

const MAX_BEFORE_SLASH = 300;
const MARKS = ["'", '"', "\n"];
const EXTENSION = /\.[cm]?[jt]sx?$/;
const INDEX = /\/index(?:\.[cm]?[jt]sx?)?$/;

/**
 * Every stem the pattern would find in `text`: for each stretch between two quotes with no line break
 * or quote in it, and each `/` at most 300 characters after the opening quote, what follows the `/` up
 * to the closing quote, less an optional `/index` (with its extension) and an optional extension.
 */
export function quotedPathStems(text: string): Set<string> {
  const stems = new Set<string>();
  // The marks (quotes and line breaks) in order, each kind found with indexOf (a native search, several
  // times faster than a pattern's match objects over every text of a package).
  const next = [text.indexOf("'"), text.indexOf('"'), text.indexOf("\n")];
  const mark = (): number => {
    let kind = -1;
    for (let k = 0; k < 3; k++) if (next[k]! >= 0 && (kind < 0 || next[k]! < next[kind]!)) kind = k;
    if (kind < 0) return -1;
    const at = next[kind]!;
    next[kind] = text.indexOf(MARKS[kind]!, at + 1);
    return at;
  };
  // The first `/` after the last opening quote: quotes come in increasing order, so it is searched
  // for again only once a quote passes it (one scan of the text in all).
  let slash = -1;
  let open = -1;
  for (let at = mark(); at >= 0; at = mark()) {
    const newline = text.charCodeAt(at) === 0x0a;
    if (open >= 0 && !newline) {
      if (slash !== Infinity && slash <= open) {
        const found = text.indexOf("/", open + 1);
        slash = found < 0 ? Infinity : found;
      }
      const last = Math.min(at - 1, open + 1 + MAX_BEFORE_SLASH);
      // The search past the last `/` in reach finds the first one beyond it: kept for the next quote.
      while (slash <= last) {
        addStems(stems, text.slice(slash + 1, at));
        const found = text.indexOf("/", slash + 1);
        slash = found < 0 ? Infinity : found;
      }
    }
    open = newline ? -1 : at;
  }
  return stems;
}

function addStems(stems: Set<string>, path: string): void {
  const index = INDEX.exec(path);
  for (const module of index ? [path, path.slice(0, index.index)] : [path]) {
    stems.add(module);
    const ext = EXTENSION.exec(module);
    if (ext) stems.add(module.slice(0, ext.index));
  }
}
