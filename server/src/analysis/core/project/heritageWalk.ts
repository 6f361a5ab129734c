// Whether a file whose classes all extend imported names can inherit anything, found by following
// only its classes' bases, name by name, through the modules that export them (heritageText.ts reads
// the texts). An application's import graph reaches nearly every file from nearly any file, so a
// search over all imports (BaseReach) finds a file that may declare a server from almost everywhere;
// the chain of bases of a React component or a database model reaches none.
//
// Each step is a name of a module: its class's bases, or where it re-exports the name from. A step
// the texts do not settle (a base made by a call, a variable, `export =`, a clause not read) is a
// doubt, and the search over all imports decides from that module on (`coarse`). A chain that comes
// back to a step it is on may be an inheritance cycle, which the files on it report: relevant.

import { bindsAsValue, classesOf, exportSources, heritageNames, importBindings, type ImportBinding } from "./heritageText";

export interface HeritageWalkHost {
  readonly text: (file: string) => string | undefined;
  readonly resolve: (specifier: string, from: string) => string | undefined;
  readonly ambientModule: (specifier: string) => string | undefined;
  /** Whether the file may declare something of its own (a seed of the search over all imports). */
  readonly seed: (file: string) => boolean;
  /** Whether the search over all imports reaches a seed from the file. */
  readonly coarse: (file: string) => boolean;
}

/**
 * What following the bases found: a file that may declare something (or a possible inheritance
 * cycle); nothing; or nothing, but past a doubt decided by the search over all imports, which does
 * not tell whether the chain could come back to the start.
 */
export type HeritageVerdict = "relevant" | "clear" | "doubt";

// The classes of the language and of the browser a base may be: no server is among them.
const BUILTIN_GLOBALS = new Set([
  "Object", "Function", "Array", "Map", "Set", "WeakMap", "WeakSet", "WeakRef", "Promise", "RegExp", "Date", "Error",
  "Boolean", "Number", "String", "Symbol", "ArrayBuffer", "SharedArrayBuffer", "DataView", "EventTarget", "Event",
  "CustomEvent", "AbortController", "URL", "URLSearchParams", "Headers", "Request", "Response", "FinalizationRegistry",
]);

function isBuiltinGlobal(name: string): boolean {
  return BUILTIN_GLOBALS.has(name) || /^(?:[A-Z][a-z]*Error|(?:Big)?(?:Int|Uint|Float)(?:8|16|32|64)(?:Clamped)?Array|HTML\w*Element|SVG\w*Element)$/.test(name);
}

/** How many steps one chain may take before the walk stops reading it and doubts. */
const MAX_DEPTH = 64;

function worst(a: HeritageVerdict, b: HeritageVerdict): HeritageVerdict {
  if (a === "relevant" || b === "relevant") return "relevant";
  return a === "doubt" || b === "doubt" ? "doubt" : "clear";
}

export class HeritageWalk {
  readonly #host: HeritageWalkHost;
  readonly #verdicts = new Map<string, HeritageVerdict>();
  readonly #onPath = new Set<string>();
  readonly #bindings = new Map<string, Map<string, ImportBinding[]> | undefined>();

  constructor(host: HeritageWalkHost) {
    this.#host = host;
  }

  /** The verdict on a file from the bases of all its classes. */
  ofFile(file: string): HeritageVerdict {
    const text = this.#host.text(file);
    if (text === undefined) return "relevant";
    let verdict: HeritageVerdict = "clear";
    for (const c of classesOf(text)) {
      verdict = worst(verdict, this.#heritage(file, text, c.heritageAt, 0));
      if (verdict === "relevant") break;
    }
    return verdict;
  }

  /** The verdict on what an export of a module (`name`: "default", "*" for the whole module) may hold. */
  #export(file: string | undefined, name: string, depth: number): HeritageVerdict {
    // An import nothing resolves names no file of the workspace (the search over all imports skips it too).
    if (file === undefined || /\.json$/i.test(file)) return "clear";
    if (this.#host.seed(file)) return "relevant";
    const key = `${file}\u0000${name}`;
    const known = this.#verdicts.get(key);
    if (known !== undefined) return known;
    if (this.#onPath.has(key)) return "relevant";
    if (depth > MAX_DEPTH) return this.#doubt(file);
    this.#onPath.add(key);
    let verdict: HeritageVerdict;
    try {
      verdict = this.#exportUncached(file, name, depth);
    } finally {
      this.#onPath.delete(key);
    }
    this.#verdicts.set(key, verdict);
    return verdict;
  }

  #exportUncached(file: string, name: string, depth: number): HeritageVerdict {
    const text = this.#host.text(file);
    if (text === undefined) return "relevant";
    if (name === "*") return this.#doubt(file);
    const sources = exportSources(text, name);
    if (!sources) return this.#doubt(file);
    let verdict: HeritageVerdict = "clear";
    for (const s of sources) {
      if (s.k === "class") verdict = worst(verdict, this.#heritage(file, text, s.heritageAt, depth + 1));
      else if (s.k === "local") verdict = worst(verdict, this.#local(file, text, s.name, depth + 1, true));
      else verdict = worst(verdict, this.#export(this.#target(s.spec, file), s.name, depth + 1));
      if (verdict === "relevant") break;
    }
    return verdict;
  }

  /** The verdict on the bases a class's heritage names, read from `heritageAt`. */
  #heritage(file: string, text: string, heritageAt: number, depth: number): HeritageVerdict {
    const names = heritageNames(text, heritageAt);
    if (!names) return this.#doubt(file);
    let verdict: HeritageVerdict = "clear";
    for (const name of names) {
      verdict = worst(verdict, this.#local(file, text, name, depth, false));
      if (verdict === "relevant") break;
    }
    return verdict;
  }

  /**
   * The verdict on a name of a module's own scope: what its imports bind it to, its classes of that
   * name (`exported`: the module exports it by that name, so it is no global).
   */
  #local(file: string, text: string, name: string, depth: number, exported: boolean): HeritageVerdict {
    const key = `${file}\u0000#${name}`;
    if (this.#onPath.has(key)) return "relevant";
    this.#onPath.add(key);
    try {
      if (bindsAsValue(text, name)) return this.#doubt(file);
      const bindings = this.#importBindings(file, text);
      if (!bindings) return this.#doubt(file);
      let verdict: HeritageVerdict = "clear";
      let bound = false;
      for (const b of bindings.get(name) ?? []) {
        bound = true;
        verdict = worst(verdict, this.#export(this.#target(b.spec, file), b.name, depth + 1));
        if (verdict === "relevant") return verdict;
      }
      for (const c of classesOf(text)) {
        if (c.name !== name) continue;
        bound = true;
        verdict = worst(verdict, this.#heritage(file, text, c.heritageAt, depth + 1));
        if (verdict === "relevant") return verdict;
      }
      // Unbound: a builtin, or a global of a declaration file (which the pre-pass judges as a whole);
      // any other name may be bound in a way not read here (an import clause of an unusual form).
      return bound || (!exported && isBuiltinGlobal(name)) ? verdict : this.#doubt(file);
    } finally {
      this.#onPath.delete(key);
    }
  }

  #importBindings(file: string, text: string): Map<string, ImportBinding[]> | undefined {
    if (!this.#bindings.has(file)) this.#bindings.set(file, importBindings(text));
    return this.#bindings.get(file);
  }

  #target(spec: string, from: string): string | undefined {
    return this.#host.resolve(spec, from) ?? this.#host.ambientModule(spec);
  }

  /** A step the texts do not settle: the search over all imports decides from that module on. */
  #doubt(file: string): HeritageVerdict {
    return this.#host.coarse(file) ? "relevant" : "doubt";
  }
}
