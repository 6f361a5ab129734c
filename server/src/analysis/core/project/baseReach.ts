// Which base-dependent files a whole-workspace analysis must parse. A file that a dialect's screen lets
// through only because it declares a class with an `extends` clause can hold a server (or an
// inheritance cycle) only through the bases it imports. Most such files in an application extend
// ordinary classes, and parsing them (and their bases) is most of the cost above a plain parse. So
// before parsing, the import graph is read from the texts (module specifiers by a scan, resolved like
// the analysis resolves them), and such a file is parsed only when the chain of its classes' bases
// can reach a file that may declare a server of its own, or lead back to itself (heritageWalk.ts);
// where the texts do not settle a base, when anything that module imports can.
//
// Every doubt parses: an `extends` whose target is not a name the file imports, an import that
// cannot be resolved but an ambient module declares, a global declaration file that could matter.

import { declarationWordPlaces } from "./declarationWords";
import { HeritageWalk } from "./heritageWalk";
import { importClauses } from "./importClauses";
import { isJsonModule } from "./paths";
import { matchesAt } from "./wordMatches";

/** What the pre-pass needs from the workspace. */
export interface BaseReachHost {
  readonly text: (file: string) => string | undefined;
  readonly resolve: (specifier: string, from: string) => string | undefined;
  /** The declaration file of a `declare module "<specifier>"` block, if any. */
  readonly ambientModule: (specifier: string) => string | undefined;
  /** Whether a text may declare something without the help of a base class. */
  readonly onItsOwn: (text: string) => boolean;
  /** `onItsOwn` of a file's current text, when the host keeps it per text version (asked instead). */
  readonly onItsOwnAt?: (file: string) => boolean;
}

// Module specifiers: `from "x"`, `import "x"`, `require("x")`, `import("x")`, and a clause followed
// by the string with `from` left out (`export { A } "x"`), which TypeScript's parser still reads as
// the module specifier: the analysis follows it there, so the pre-pass must too.
const SPECIFIER = /(?:\bfrom|\bimport|\brequire\s*\(|[}*])\s*\(?\s*["']([^"'\n]+)["']/g;
const REQUIRE = /require/;
const IMPORT_EQUALS = /\bimport\s+([A-Za-z_$][\w$]*)\s*=\s*require\s*\(/g;
const EXTENDS_TARGET = /\bextends\b\s*([A-Za-z_$][\w$]*)?/g;
const IDENTIFIER = /[A-Za-z_$][\w$]*/g;

/** The names an import statement of the text binds. */
function importedNames(text: string): Set<string> {
  const names = new Set<string>();
  // Import clauses that bind names: `import A, { B as C } from`, `import * as NS from`, `import type …`.
  for (const found of importClauses(text)) {
    const clause = found.clause.replace(/^type\s+/, "");
    // `{ a as b }` binds b; a bare name, `* as NS` and default bind the last identifier of each part.
    for (const part of clause.replace(/[{}]/g, ",").split(",")) {
      const ids = part.match(IDENTIFIER);
      if (ids && ids.length > 0) names.add(ids[ids.length - 1]!);
    }
  }
  // Only a text that spells `require` can hold one (finding a word is fast, trying a pattern everywhere is not).
  if (REQUIRE.test(text)) for (const m of text.matchAll(IMPORT_EQUALS)) names.add(m[1]!);
  return names;
}

// Names the text declares itself: a class (or anything else) of the same name as an import shadows it.
// Tried only where the text spells a declaration word (declarationWords.ts).
const LOCAL_DECLARATION = /\b(?:class|function\s*\*?|const|let|var|enum|interface|namespace|module)\s+([A-Za-z_$][\w$]*)/y;

/** Whether every `extends` of the text names something the text imports (so no base is local or global). */
function extendsOnlyImports(text: string): boolean {
  const imported = importedNames(text);
  let local: Set<string> | undefined;
  for (const m of text.matchAll(EXTENDS_TARGET)) {
    const target = m[1];
    if (target === undefined || !imported.has(target)) return false;
    // `import { A } from "x"; class A extends A {}`: the base is the local class, not the import.
    local ??= new Set([...matchesAt(text, LOCAL_DECLARATION, declarationWordPlaces(text))].map((d) => d[1]!));
    if (local.has(target)) return false;
  }
  return true;
}

/** How many files (spread over the list) are decided before the pre-pass may give up, and the share needing a parse that makes it. */
const GIVE_UP_AFTER = 40;
const GIVE_UP_SHARE = 0.75;

interface Node {
  readonly seed: boolean;
  readonly out: readonly string[];
}

export class BaseReach {
  readonly #host: BaseReachHost;
  readonly #nodes = new Map<string, Node>();
  /** Files known to reach a seed. */
  readonly #relevant = new Set<string>();
  /** Files whose whole import closure is known to hold no seed. */
  readonly #settled = new Set<string>();
  /** Settled files on an import cycle. */
  readonly #onCycle = new Set<string>();
  /** Files that must be parsed (the answer), filled by `decide`. */
  readonly #needed = new Set<string>();
  #decided = new Set<string>();

  constructor(host: BaseReachHost) {
    this.#host = host;
  }

  /**
   * Decides, for the base-dependent files among `files`, which need a parse. `globalFiles` are the
   * project's global declaration files: any file may reach them by name, without an import.
   */
  decide(baseDependent: readonly string[], globalFiles: () => readonly string[]): void {
    this.#decided = new Set(baseDependent);
    // When most files need a parse anyway (an application where everything imports, transitively, a
    // file with a server word), the search costs more than it saves: then the rest are parsed, as
    // without the pre-pass (which only ever saves parses, so stopping is safe). Whether that is so is
    // judged on files spread over the whole list first, not on its head: files of one folder sit
    // together in it and are alike.
    const stride = Math.max(1, Math.floor(baseDependent.length / GIVE_UP_AFTER));
    const sample = baseDependent.filter((_, i) => i % stride === 0).slice(0, GIVE_UP_AFTER);
    for (const f of sample) this.#decideOne(f);
    const giveUp = sample.length >= GIVE_UP_AFTER && this.#needed.size > sample.length * GIVE_UP_SHARE;
    // Asked only now: listing the global declaration files walks the whole tree, wasted when giving up.
    if (giveUp || globalFiles().some((g) => this.#reachesSeed(g))) {
      for (const f of baseDependent) this.#needed.add(f);
      return;
    }
    for (const f of baseDependent) this.#decideOne(f);
  }

  #decideOne(f: string): void {
    const text = this.#host.text(f);
    if (text === undefined || !extendsOnlyImports(text)) {
      this.#needed.add(f);
      return;
    }
    // The bases first, name by name; where they are not settled by the texts, the search over all
    // imports from there. A file on an import cycle is then parsed (a class chain through it may
    // come back to it: an inheritance cycle is reported). That does not make the files importing it
    // relevant: a class that extends into a loop reports the loop's own diagnostics, which the
    // loop's files report themselves, word for word.
    const verdict = this.#heritage.ofFile(f);
    if (verdict === "relevant" || (verdict === "doubt" && this.#onCycle.has(f))) this.#needed.add(f);
  }

  readonly #heritage = new HeritageWalk({
    text: (f) => this.#host.text(f),
    resolve: (spec, from) => this.#host.resolve(spec, from),
    ambientModule: (spec) => this.#host.ambientModule(spec),
    seed: (f) => this.#seed(f),
    coarse: (f) => this.#reachesSeed(f),
  });

  /** Whether a seed can be reached from `file` by imports (the search `decide` makes, for any file). */
  reaches(file: string): boolean {
    return this.#reachesSeed(file);
  }

  /** Whether a base-dependent file must be parsed (true for any file `decide` was not asked about). */
  needsParse(file: string): boolean {
    return this.#needed.has(file) || !this.#decided.has(file);
  }

  /** Whether `decide` found that a file cannot declare anything (the opposite of `needsParse`). */
  rulesOut(file: string): boolean {
    return !this.needsParse(file);
  }

  /**
   * Whether every answer given so far still holds after the texts of `files` changed: true when each
   * of them was never read, or reads now as it did (the same verdict of its own, the same resolved
   * imports in the same order). The graph is then the same graph, and so is every search over it.
   */
  unchangedBy(files: readonly string[]): boolean {
    for (const file of files) {
      const before = this.#nodes.get(file);
      const seedBefore = this.#seeds.get(file);
      this.#seeds.delete(file);
      if (!before) {
        if (seedBefore !== undefined && this.#seed(file) !== seedBefore) return false;
        continue;
      }
      this.#nodes.delete(file);
      const now = this.#node(file);
      if (now.seed !== before.seed || now.out.length !== before.out.length || now.out.some((t, i) => t !== before.out[i])) return false;
    }
    return true;
  }

  /** A file's own verdict and its resolved imports, read once. */
  #node(file: string): Node {
    let node = this.#nodes.get(file);
    if (node) return node;
    // A JSON module (`import pkg from "../package.json"`) imports nothing and declares nothing, though
    // its text may name every package of the project: it is not read.
    const text = isJsonModule(file) ? undefined : this.#host.text(file);
    const out: string[] = [];
    if (text !== undefined) {
      for (const m of text.matchAll(SPECIFIER)) {
        const spec = m[1]!;
        const target = this.#host.resolve(spec, file) ?? this.#host.ambientModule(spec);
        if (target !== undefined) out.push(target);
      }
    }
    node = { seed: text !== undefined && this.#seed(file, text), out };
    this.#nodes.set(file, node);
    return node;
  }

  /** A file's own verdict, without resolving its imports (the walk along the bases asks it of every module it passes). */
  #seed(file: string, text = this.#host.text(file)): boolean {
    const node = this.#nodes.get(file);
    if (node) return node.seed;
    let seed = this.#seeds.get(file);
    if (seed === undefined) {
      seed = text !== undefined && !isJsonModule(file) && (this.#host.onItsOwnAt ? this.#host.onItsOwnAt(file) : this.#host.onItsOwn(text));
      this.#seeds.set(file, seed);
    }
    return seed;
  }
  readonly #seeds = new Map<string, boolean>();

  /**
   * Whether a seed can be reached from `start` by imports: a depth-first search that stops at the
   * first seed (the files on its path reach it too). When none is found, every file it visited has a
   * closure without seeds, and the cycles among them are recorded: files visited by an earlier
   * search cannot lead back into this one's (they would have been visited then).
   */
  #reachesSeed(start: string): boolean {
    if (this.#relevant.has(start)) return true;
    if (this.#settled.has(start)) return false;
    const visited: string[] = [];
    const inSearch = new Set<string>();
    const stack: { node: string; next: number }[] = [];
    const enter = (file: string): boolean => {
      inSearch.add(file);
      visited.push(file);
      stack.push({ node: file, next: 0 });
      return this.#node(file).seed;
    };
    let found = enter(start);
    while (!found && stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const out = this.#node(top.node).out;
      if (top.next >= out.length) {
        stack.pop();
        continue;
      }
      const w = out[top.next++]!;
      if (this.#relevant.has(w)) found = true;
      else if (!this.#settled.has(w) && !inSearch.has(w)) found = enter(w);
    }
    if (found) {
      for (const s of stack) this.#relevant.add(s.node);
      return true;
    }
    for (const f of visited) this.#settled.add(f);
    for (const f of this.#cyclic(visited, inSearch)) this.#onCycle.add(f);
    return false;
  }

  /** Files of `nodes` in a strongly connected component with a cycle, edges kept within `within` (Tarjan, without recursion). */
  #cyclic(nodes: readonly string[], within: ReadonlySet<string>): string[] {
    const succ = (f: string) => this.#node(f).out.filter((t) => within.has(t));
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const onStack = new Set<string>();
    const stack: string[] = [];
    const out: string[] = [];
    let counter = 0;
    for (const root of nodes) {
      if (index.has(root)) continue;
      const work: { node: string; next: number; succ: string[] }[] = [{ node: root, next: 0, succ: succ(root) }];
      index.set(root, counter);
      low.set(root, counter++);
      stack.push(root);
      onStack.add(root);
      while (work.length > 0) {
        const top = work[work.length - 1]!;
        if (top.next < top.succ.length) {
          const w = top.succ[top.next++]!;
          if (!index.has(w)) {
            index.set(w, counter);
            low.set(w, counter++);
            stack.push(w);
            onStack.add(w);
            work.push({ node: w, next: 0, succ: succ(w) });
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
          if (component.length > 1 || top.succ.includes(top.node)) out.push(...component);
        }
      }
    }
    return out;
  }
}
