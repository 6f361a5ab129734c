// Which base-dependent files a whole-workspace analysis must parse. A file that a dialect's screen lets
// through only because it declares a class with an `extends` clause can hold a server (or an
// inheritance cycle) only through the bases it imports. Most such files in an application extend
// ordinary classes, and parsing them (and their bases) is most of the cost above a plain parse. So
// before parsing, the import graph is read from the texts (module specifiers by a scan, resolved like
// the analysis resolves them), and such a file is parsed only when what it imports can reach a file
// that may declare a server of its own, or leads back to itself.
//
// Every doubt parses: an `extends` whose target is not a name the file imports, an import that
// cannot be resolved but an ambient module declares, a global declaration file that could matter.

/** What the pre-pass needs from the workspace. */
export interface BaseReachHost {
  readonly text: (file: string) => string | undefined;
  readonly resolve: (specifier: string, from: string) => string | undefined;
  /** The declaration file of a `declare module "<specifier>"` block, if any. */
  readonly ambientModule: (specifier: string) => string | undefined;
  /** Whether a text may declare something without the help of a base class. */
  readonly onItsOwn: (text: string) => boolean;
}

// Module specifiers: `from "x"`, `import "x"`, `require("x")`, `import("x")`.
const SPECIFIER = /(?:\bfrom|\bimport|\brequire\s*\()\s*\(?\s*["']([^"'\n]+)["']/g;
// Import clauses that bind names: `import A, { B as C } from`, `import * as NS from`, `import type …`.
const IMPORT_CLAUSE = /\bimport\s+([^;"'`]*?)\s*from\s*["']/g;
const IMPORT_EQUALS = /\bimport\s+([A-Za-z_$][\w$]*)\s*=\s*require\s*\(/g;
const EXTENDS_TARGET = /\bextends\b\s*([A-Za-z_$][\w$]*)?/g;
const IDENTIFIER = /[A-Za-z_$][\w$]*/g;

/** The names an import statement of the text binds. */
function importedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(IMPORT_CLAUSE)) {
    const clause = m[1]!.replace(/^type\s+/, "");
    // `{ a as b }` binds b; a bare name, `* as NS` and default bind the last identifier of each part.
    for (const part of clause.replace(/[{}]/g, ",").split(",")) {
      const ids = part.match(IDENTIFIER);
      if (ids && ids.length > 0) names.add(ids[ids.length - 1]!);
    }
  }
  for (const m of text.matchAll(IMPORT_EQUALS)) names.add(m[1]!);
  return names;
}

/** Whether every `extends` of the text names something the text imports (so no base is local or global). */
function extendsOnlyImports(text: string): boolean {
  const imported = importedNames(text);
  for (const m of text.matchAll(EXTENDS_TARGET)) {
    const target = m[1];
    if (target === undefined || !imported.has(target)) return false;
  }
  return true;
}

export class BaseReach {
  readonly #host: BaseReachHost;
  readonly #edges = new Map<string, string[]>();
  readonly #seeds = new Set<string>();
  /** Files that must be parsed (the answer), filled by `decide`. */
  readonly #needed = new Set<string>();

  constructor(host: BaseReachHost) {
    this.#host = host;
  }

  /**
   * Decides, for the base-dependent files among `files`, which need a parse. `globalFiles` are the
   * project's global declaration files: any file may reach them by name, without an import.
   */
  decide(baseDependent: readonly string[], globalFiles: readonly string[]): void {
    for (const f of baseDependent) this.#visit(f);
    for (const g of globalFiles) this.#visit(g);
    const relevant = this.#relevant();
    if (globalFiles.some((g) => relevant.has(g))) {
      for (const f of baseDependent) this.#needed.add(f);
      return;
    }
    for (const f of baseDependent) {
      const text = this.#host.text(f);
      if (text === undefined || !extendsOnlyImports(text) || relevant.has(f)) this.#needed.add(f);
    }
  }

  /** Whether a base-dependent file must be parsed (true for any file `decide` was not asked about). */
  needsParse(file: string): boolean {
    return this.#needed.has(file) || !this.#edges.has(file);
  }

  /** Reads every file reachable by imports from `start`, recording edges and seeds. */
  #visit(start: string): void {
    const stack = [start];
    while (stack.length > 0) {
      const file = stack.pop()!;
      if (this.#edges.has(file)) continue;
      const out: string[] = [];
      this.#edges.set(file, out);
      const text = this.#host.text(file);
      if (text === undefined) continue;
      if (this.#host.onItsOwn(text)) this.#seeds.add(file);
      for (const m of text.matchAll(SPECIFIER)) {
        const spec = m[1]!;
        const target = this.#host.resolve(spec, file) ?? this.#host.ambientModule(spec);
        if (target === undefined) continue;
        out.push(target);
        if (!this.#edges.has(target)) stack.push(target);
      }
    }
  }

  /**
   * The files from which a seed can be reached, plus every file on an import cycle (a class chain
   * through it may come back to where it started: an inheritance cycle is reported).
   */
  #relevant(): Set<string> {
    const reverse = new Map<string, string[]>();
    for (const [from, tos] of this.#edges) {
      for (const to of tos) {
        let r = reverse.get(to);
        if (!r) reverse.set(to, (r = []));
        r.push(from);
      }
    }
    const relevant = new Set<string>([...this.#seeds, ...this.#onCycles()]);
    const queue = [...relevant];
    while (queue.length > 0) {
      const f = queue.pop()!;
      for (const from of reverse.get(f) ?? []) {
        if (!relevant.has(from)) {
          relevant.add(from);
          queue.push(from);
        }
      }
    }
    return relevant;
  }

  /** Files in a strongly connected component with a cycle (Tarjan's algorithm, without recursion). */
  #onCycles(): string[] {
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const onStack = new Set<string>();
    const stack: string[] = [];
    const out: string[] = [];
    let counter = 0;
    for (const root of this.#edges.keys()) {
      if (index.has(root)) continue;
      const work: { node: string; next: number }[] = [{ node: root, next: 0 }];
      index.set(root, counter);
      low.set(root, counter++);
      stack.push(root);
      onStack.add(root);
      while (work.length > 0) {
        const top = work[work.length - 1]!;
        const succ = this.#edges.get(top.node) ?? [];
        if (top.next < succ.length) {
          const w = succ[top.next++]!;
          if (!index.has(w)) {
            index.set(w, counter);
            low.set(w, counter++);
            stack.push(w);
            onStack.add(w);
            work.push({ node: w, next: 0 });
          } else if (onStack.has(w)) {
            low.set(top.node, Math.min(low.get(top.node)!, index.get(w)!));
          }
          continue;
        }
        work.pop();
        if (work.length > 0) {
          const parent = work[work.length - 1]!.node;
          low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
        }
        if (low.get(top.node) === index.get(top.node)) {
          const component: string[] = [];
          let w: string;
          do {
            w = stack.pop()!;
            onStack.delete(w);
            component.push(w);
          } while (w !== top.node);
          const selfLoop = succ.includes(top.node);
          if (component.length > 1 || selfLoop) out.push(...component);
        }
      }
    }
    return out;
  }
}
