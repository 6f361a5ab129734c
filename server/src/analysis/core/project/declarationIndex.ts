import type { FileSummary } from "../model/summary";
import { isDeclarationFileName } from "../summarize/parseFile";
import type { DirectoryEntry } from "./directoryListing";

/** Folders never searched for declaration files: installed packages, history, hidden tool folders. */
const SKIPPED = (name: string) => name === "node_modules" || name.startsWith(".");
/** Most folders one search visits: a bound on pathological trees, far above real projects. */
const MAX_FOLDERS = 20_000;

interface Entries {
  /** Module name → the declaration file whose `declare module` block declares it. */
  readonly modules: Map<string, string>;
  /** Global name → the declaration file that declares it for everyone. */
  readonly globals: Map<string, string>;
  readonly files: readonly string[];
}

/**
 * The project's own declaration files, indexed by what they declare for every file: the modules of
 * `declare module "x" { … }` blocks, and global declarations (a `.d.ts` file without imports or
 * exports, or a `declare global { … }` block). An import TypeScript cannot resolve to a file, or a
 * name no file declares, is looked up here (spec §2: inheritance is followed into declaration files).
 *
 * Built on first use by walking the roots (`node_modules` and hidden folders skipped, symbolic links
 * not followed, so a loop cannot hold it up) through the workspace's folder listings, which the search
 * for a server's importers reads too, so one walk serves both; thrown away when a declaration file
 * changes, appears or goes. Every lookup reads the indexed files' summaries, so a cached result
 * depends on all of them.
 */
export class DeclarationIndex {
  readonly #list: (dir: string) => readonly DirectoryEntry[] | undefined;
  readonly #roots: readonly string[];
  readonly #summary: (file: string) => FileSummary | undefined;
  #entries: Entries | undefined;

  constructor(list: (dir: string) => readonly DirectoryEntry[] | undefined, roots: readonly string[], summary: (file: string) => FileSummary | undefined) {
    this.#list = list;
    this.#roots = roots;
    this.#summary = summary;
  }

  /** The declaration file with a `declare module "<specifier>"` block, if any. */
  moduleFile(specifier: string): string | undefined {
    return this.#read().modules.get(specifier);
  }

  /** The declaration file that declares `name` globally, if any. */
  globalFile(name: string): string | undefined {
    return this.#read().globals.get(name);
  }

  /** The declaration files that declare global names (any file may use them without an import). */
  globalFiles(): string[] {
    return [...new Set(this.#read().globals.values())];
  }

  invalidate(): void {
    this.#entries = undefined;
  }

  #read(): Entries {
    this.#entries ??= this.#build();
    // Each lookup depends on every indexed file: a new `declare module` anywhere may change its answer.
    for (const f of this.#entries.files) this.#summary(f);
    return this.#entries;
  }

  #build(): Entries {
    const modules = new Map<string, string>();
    const globals = new Map<string, string>();
    const files = this.#declarationFiles();
    for (const file of files) {
      const s = this.#summary(file);
      for (const name of s?.ambientModules?.keys() ?? []) if (!modules.has(name)) modules.set(name, file);
      for (const name of s?.globals?.keys() ?? []) if (!globals.has(name)) globals.set(name, file);
    }
    return { modules, globals, files };
  }

  #declarationFiles(): string[] {
    const found: string[] = [];
    const seen = new Set<string>();
    const queue = [...this.#roots];
    while (queue.length > 0 && seen.size < MAX_FOLDERS) {
      const dir = queue.shift()!;
      if (seen.has(dir)) continue;
      seen.add(dir);
      // Sorted by name; a folder that cannot be listed (or holds too many entries) is passed over.
      for (const e of this.#list(dir) ?? []) {
        if (e.isSymlink) continue;
        if (e.isDirectory && !SKIPPED(e.name)) queue.push(e.path);
        else if (e.isFile && isDeclarationFileName(e.path)) found.push(e.path);
      }
    }
    return found.sort();
  }
}
