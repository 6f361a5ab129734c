// The files of a package that import a server exported by its module (`export const server =
// new FastMCP(..)`; `import { server } from "./server.js"` elsewhere), for the framework dialects. Static named imports are
// followed; anything else that reaches the module (a namespace import, a re-export, a dynamic import)
// is said with its place, so what such code adds is never dropped silently.
import type { DialectRun } from "../dialect";
import type { Loc } from "../evaluate/values";
import type { FileSummary } from "../model/summary";
import type { DirectoryEntry } from "./directoryListing";
import { basename, dirname } from "./paths";
import { packageSourceFiles } from "./packageSourceFiles";
import { namesPackage, otherCopyImporters, packageNameImporters } from "./packageNameImporters";

/** Where an exported server is imported by name, and the uses that cannot be followed, with their places. */
export interface ServerUsers {
  readonly found: readonly { readonly file: string; readonly local: string }[];
  readonly open: readonly { readonly why: string; readonly loc?: Loc }[];
}

export interface PackageReader {
  readonly list?: (dir: string) => readonly DirectoryEntry[] | undefined;
  readonly withinWorkspace: (path: string) => boolean;
  readonly text: (file: string) => string | undefined;
  /** The file's summary, with a flow. */
  readonly summary: (file: string) => FileSummary | undefined;
  /** The file's summary as it is, for its imports and exports (a flow left out is not made for that). */
  readonly importsOf?: (file: string) => FileSummary | undefined;
  readonly resolve: (specifier: string, from: string) => string | undefined;
  /** During a whole-workspace analysis: the package's files, listed once. */
  readonly memo?: <T>(key: string, compute: () => T) => T;
}

/** A dialect run's package reader, with `summary` for the files it reads (a flow made on demand, as a rule). */
export function packageReaderOf(run: DialectRun, summary: (file: string) => FileSummary | undefined): PackageReader {
  return {
    ...(run.listDirectory ? { list: run.listDirectory } : {}),
    ...(run.memo ? { memo: run.memo } : {}),
    withinWorkspace: run.withinWorkspace,
    text: (f) => run.ev.host.text?.(f),
    summary,
    importsOf: (f) => run.ev.host.summary(f),
    resolve: (s, from) => run.ev.host.resolveModule(s, from),
  };
}

/** Tests never run in the published server: what they do to it adds nothing there. */
const TEST_FILE = /[._-](?:test|spec|e2e)s?[._][^/]*$|\/(?:__tests__|__mocks__|tests?|e2e)\//;

/** How many modules re-exporting the server are followed to their own importers. */
const MAX_REEXPORTERS = 16;

export function exportedServerUsers(reader: PackageReader, file: string, names: readonly string[]): ServerUsers {
  const here: Loc = { file, span: { start: 0, end: 0 } };
  const root = packageRoot(reader, dirname(file));
  const files = root ? listedFiles(reader, root) : undefined;
  if (!root || !files) return { found: [], open: [{ why: "the files that may import it could not all be listed", loc: here }] };
  // The workspace's other packages that import this one by its name load the same module; once one
  // does, a relative path from them into the package's folder is looked for as well.
  const byName = reader.list ? packageNameImporters(reader.list, reader.text, root, reader.memo) : undefined;
  const quoting = new Set(byName?.files ?? []);
  if (!byName || (quoting.size === 0 && !byName.unlisted)) return moduleUsers(reader, root, files, file, names);
  const users = moduleUsers(reader, root, [...files, ...byName.others], file, names, { name: byName.name, quoting });
  const open = [...users.open, ...(byName.unlisted ? [{ why: byName.unlisted, loc: here }] : [])];
  // A dual package loaded both ways is two modules: an importer of the other way is on another copy.
  const others = otherCopyImporters(reader.list!, reader.text, root, file, byName.name, users.viaName);
  if (others.length === 0) return { ...users, open };
  const apart = new Set(others.map((o) => o.file));
  return { ...users, found: users.found.filter((f) => !apart.has(f.file)), open: [...open, ...others.map((o) => ({ why: o.why, loc: o.at }))] };
}

/** The package's source files, listed once per whole-workspace analysis; undefined when they cannot all be listed. */
export function listedFiles(reader: PackageReader, root: string): readonly string[] | undefined {
  const list = reader.list;
  if (!list) return undefined;
  return reader.memo ? reader.memo(`fastmcp-package-files\u0000${root}`, () => packageSourceFiles(list, root)) : packageSourceFiles(list, root);
}

/**
 * Among `files` (under `root`), the importers of `names` exported by `file`, directly or through
 * modules re-exporting them; `namespaces` are the names of namespace imports of those modules.
 */
export function moduleUsers(reader: PackageReader, root: string, files: readonly string[], file: string, names: readonly string[], byName?: { readonly name: string; readonly quoting: ReadonlySet<string> }): ServerUsers & { readonly namespaces: readonly { readonly file: string; readonly local: string }[]; readonly viaName: ReadonlyMap<string, Loc> } {
  const namespaces: { file: string; local: string }[] = [];
  // The files importing it by the package's name, with the first such import.
  const viaName = new Map<string, Loc>();
  const found: { file: string; local: string }[] = [];
  const open: { why: string; loc?: Loc }[] = [];
  // The module itself, then each module re-exporting the server (a barrel): their importers get the same server.
  const queue: { target: string; names: readonly string[] }[] = [{ target: file, names }];
  const seen = new Set<string>([file]);
  while (queue.length > 0) {
    const { target, names: exported } = queue.shift()!;
    const path = modulePathPattern(target);
    for (const at of files) {
      if (at === target || TEST_FILE.test(at.slice(root.length))) continue;
      const text = reader.text(at);
      if (!text || (!byName?.quoting.has(at) && !path.test(text))) continue;
      // Whether it imports the module is read from the summary as it is: a file that mentions the
      // module's name without importing it does not need its flow made.
      const summary = (reader.importsOf ?? reader.summary)(at);
      if (!summary) continue;
      let reached = false;
      for (const [local, binding] of summary.imports) {
        if (reader.resolve(binding.specifier, at) !== target) continue;
        reached = true;
        const loc = { file: at, span: binding.span };
        if (byName && namesPackage(binding.specifier, byName.name) && !viaName.has(at)) viaName.set(at, loc);
        // `import server = require("./server")` of a module written `export = server`: the value itself.
        const imported = binding.imported === "*" && reader.summary(target)?.exportEquals ? "default" : binding.imported;
        if (imported === "*") {
          open.push({ why: "it is imported as a namespace, which the analysis does not follow", loc });
          namespaces.push({ file: at, local });
        }
        else if (exported.includes(imported)) found.push({ file: at, local });
      }
      const again: string[] = [];
      let namespaced = false;
      for (const [name, entry] of summary.exports) {
        if (entry.k === "local" || reader.resolve(entry.specifier, at) !== target) continue;
        reached = true;
        if (entry.k === "from" && exported.includes(entry.imported)) again.push(name);
        else if (entry.k === "namespace") namespaced = true;
      }
      for (const spec of summary.starExports) {
        if (reader.resolve(spec, at) !== target) continue;
        reached = true;
        again.push(...exported);
      }
      const reexported = { file: at, span: { start: 0, end: 0 } };
      if (namespaced) open.push({ why: `${basename(at)} re-exports it inside a namespace, and what its importers add is not followed`, loc: reexported });
      if (again.length > 0 && !seen.has(at)) {
        if (seen.size > MAX_REEXPORTERS) open.push({ why: `${basename(at)} re-exports it, and what its importers add is not followed`, loc: reexported });
        else {
          seen.add(at);
          queue.push({ target: at, names: again });
        }
      }
      const dynamic = /\bimport\s*\(|\brequire\s*\(/.exec(text);
      if (!reached && dynamic) open.push({ why: `${basename(at)} may load it with import() or require()`, loc: { file: at, span: { start: dynamic.index, end: dynamic.index + dynamic[0].length } } });
    }
  }
  return { found, open, namespaces, viaName };
}

/** The nearest folder with a package.json, inside the workspace. */
export function packageRoot(reader: PackageReader, from: string): string | undefined {
  for (let dir = from; reader.withinWorkspace(dir); dir = dirname(dir)) {
    if (reader.list?.(dir)?.some((e) => e.isFile && e.name === "package.json")) return dir;
    if (dirname(dir) === dir) break;
  }
  return undefined;
}

/** What an import of a module names: its file name without extension, or its folder's for an index. */
function moduleStem(file: string): string {
  const stem = basename(file).replace(/\.[^.]+$/, "");
  return stem === "index" ? basename(dirname(file)) : stem;
}

/**
 * A quoted path that may name the module: its stem (with a script's extension, or `.json` for a JSON
 * module), and for an index its folder, `./index.js`, `.` or `..`.
 */
function modulePathPattern(file: string): RegExp {
  const escaped = moduleStem(file).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const names = basename(file).startsWith("index.") ? `(?:${escaped}|index)` : escaped;
  // A package.json `imports` alias (`"#server"`) may name any module: its import is resolved to tell.
  return new RegExp(`["'\`][^"'\`\\n]*(?:/${names}(?:\\.[cm]?[jt]sx?|\\.json)?|\\.\\.?/?)["'\`]|["'\`]#[^"'\`\\n]+["'\`]`);
}
