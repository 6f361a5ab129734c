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

import { constructedNames } from "./constructedImports";
import { dynamicImportsIn } from "../summarize/dynamicImports";
import { classesOf, exportSourcesIn, heritageNames, importBindings, moduleFacts, valueBindings, type ImportBinding, type ModuleFacts } from "./heritageText";

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

/** Texts longer than this are not read by patterns (generated code): a doubt. */
const MAX_TEXT_LENGTH = 1_000_000;

/**
 * The work one file's verdict may take (a step per class, export or name looked at, more for long
 * texts): past it, the search over all imports decides. Generated code can hold thousands of classes.
 */
const STEP_BUDGET = 2_000;

/** Thrown when a file's verdict runs out of steps: nothing half-decided is kept. */
class OutOfSteps extends Error {}

/**
 * Whether a module certainly has no export `name`: its text never spells the name (so no declaration,
 * export list or CommonJS assignment can give it), holds no escape that could spell it, no `export =`
 * and no `require` or `exports` (a CommonJS module may take its exports from another). Importing the
 * name then binds `undefined`, which is no base of a server. The default export is never settled so
 * (a CommonJS module's `module.exports` is its default).
 */
function exportsNothingNamed(text: string, unread: boolean, name: string): boolean {
  if (name === "default" || unread || text.includes("\\u") || /\b(?:require|exports)\b/.test(text)) return false;
  return !new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`).test(text);
}

function worst(a: HeritageVerdict, b: HeritageVerdict): HeritageVerdict {
  if (a === "relevant" || b === "relevant") return "relevant";
  return a === "doubt" || b === "doubt" ? "doubt" : "clear";
}

export class HeritageWalk {
  readonly #host: HeritageWalkHost;
  readonly #verdicts = new Map<string, HeritageVerdict>();
  readonly #onPath = new Set<string>();
  readonly #bindings = new Map<string, Map<string, ImportBinding[]> | undefined>();
  readonly #classes = new Map<string, { readonly all: readonly number[]; readonly byName: ReadonlyMap<string, readonly number[]> }>();
  #steps = 0;

  constructor(host: HeritageWalkHost) {
    this.#host = host;
  }

  /** The verdict on a file from the bases of all its classes. */
  ofFile(file: string): HeritageVerdict {
    const text = this.#host.text(file);
    if (text === undefined) return "relevant";
    if (text.length > MAX_TEXT_LENGTH) return this.#doubt(file);
    this.#steps = 0;
    try {
      let verdict: HeritageVerdict = "clear";
      for (const at of this.#classesOf(file, text).all) {
        verdict = worst(verdict, this.#heritage(file, text, at, 0));
        if (verdict === "relevant") return verdict;
      }
      // A class it builds (`new MyServer()`) of a module it imports may be a server's subclass there.
      const bindings = this.#importBindings(file, text);
      const loaded = dynamicImportsIn(text);
      for (const name of constructedNames(text)) {
        if (bindings?.has(name)) verdict = worst(verdict, this.#local(file, text, name, 0, false));
        // `const { Srv } = await import("./srv.js")` (or `const S = await import(…)`, `new S.Srv()`).
        for (const d of loaded) if (d.local === name) verdict = worst(verdict, this.#export(this.#target(d.specifier, file), d.imported, 1));
        if (verdict === "relevant") break;
      }
      return verdict;
    } catch (e) {
      // Decided as if no base were followed: by the search over all imports from the file.
      if (e instanceof OutOfSteps) return this.#doubt(file);
      throw e;
    }
  }

  /** Counts the work of a step on `text`; out of steps, the verdict is abandoned. */
  #step(text: string): void {
    this.#steps += 1 + Math.floor(text.length / 100_000);
    if (this.#steps > STEP_BUDGET) throw new OutOfSteps();
  }

  #classesOf(file: string, text: string): { readonly all: readonly number[]; readonly byName: ReadonlyMap<string, readonly number[]> } {
    let classes = this.#classes.get(file);
    if (!classes) {
      const all: number[] = [];
      const byName = new Map<string, number[]>();
      for (const c of classesOf(text)) {
        all.push(c.heritageAt);
        if (c.name === undefined) continue;
        const list = byName.get(c.name);
        if (list) list.push(c.heritageAt);
        else byName.set(c.name, [c.heritageAt]);
      }
      this.#classes.set(file, (classes = { all, byName }));
    }
    return classes;
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
    if (name === "*" || text.length > MAX_TEXT_LENGTH) return this.#doubt(file);
    this.#step(text);
    const facts = this.#facts(file, text);
    const sources = exportSourcesIn(facts, name);
    if (!sources) return exportsNothingNamed(text, facts.unread, name) ? "clear" : this.#doubt(file);
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
    this.#step("");
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
      this.#step(text);
      if (this.#valueBindings(file, text).has(name)) return this.#doubt(file);
      const bindings = this.#importBindings(file, text);
      if (!bindings) return this.#doubt(file);
      let verdict: HeritageVerdict = "clear";
      let bound = false;
      for (const b of bindings.get(name) ?? []) {
        bound = true;
        verdict = worst(verdict, this.#export(this.#target(b.spec, file), b.name, depth + 1));
        if (verdict === "relevant") return verdict;
      }
      for (const at of this.#classesOf(file, text).byName.get(name) ?? []) {
        bound = true;
        verdict = worst(verdict, this.#heritage(file, text, at, depth + 1));
        if (verdict === "relevant") return verdict;
      }
      // Unbound: a builtin, or a global of a declaration file (which the pre-pass judges as a whole);
      // any other name may be bound in a way not read here (an import clause of an unusual form).
      return bound || (!exported && isBuiltinGlobal(name)) ? verdict : this.#doubt(file);
    } finally {
      this.#onPath.delete(key);
    }
  }

  #facts(file: string, text: string): ModuleFacts {
    let facts = this.#moduleFacts.get(file);
    if (!facts) this.#moduleFacts.set(file, (facts = moduleFacts(text)));
    return facts;
  }
  readonly #moduleFacts = new Map<string, ModuleFacts>();

  #valueBindings(file: string, text: string): ReadonlySet<string> {
    let names = this.#valueNames.get(file);
    if (!names) this.#valueNames.set(file, (names = valueBindings(text)));
    return names;
  }
  readonly #valueNames = new Map<string, ReadonlySet<string>>();

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
