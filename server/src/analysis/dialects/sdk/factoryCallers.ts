// Who uses a server, or the function that builds it, from other files of the workspace: the callers
// of an exported factory (`const server = createServer()` in `index.ts`) and the importers of an
// exported server (`import { server } from "./server.js"`). The replay follows what they do with it;
// every use found here that it cannot follow is said, with its place, so nothing is dropped silently.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Memo } from "../../core/dialect";
import type { Loc } from "../../core/evaluate/values";
import type { FileSummary, FlowUnit, Span } from "../../core/model/summary";
import type { DirectoryEntry } from "../../core/project/directoryListing";
import { basename, dirname, normalizePath } from "../../core/project/paths";
import { packageSourceFiles } from "../../core/project/packageSourceFiles";
import { namesPackage, otherCopyImporters, packageNameImporters } from "../../core/project/packageNameImporters";
import { packageEntryFiles } from "./packageEntries";
import { isSmitheryModule } from "./smitheryRuntime";
import { dynamicImportsIn } from "../../core/summarize/dynamicImports";
import { importLookOf } from "./importLook";
import { importQuestions, mayImportBy, type ImportQuestions } from "./importQuestions";
import { entryArrowFactories, entryServing, type EntryServe } from "./entryFactories";
import { calledOnResult, connectedInPlace, MADE_HERE } from "./connectedInPlace";
import { REGISTRATION_METHODS } from "./registrationReads";
import { HARMLESS_MEMBERS } from "./containerStores";
import { SK, ts } from "../../core/typescript";
import { parsedSource } from "../../core/summarize/parsedSource";
import { exportNamesOf } from "../../core/model/exportNames";

export type ListDirectory = (dir: string) => readonly DirectoryEntry[] | undefined;

/** How other files are found (the workspace's folders) and read (with a flow summary on request). */
export interface Elsewhere {
  readonly list?: ListDirectory;
  readonly want?: (file: string) => void;
  /** During a whole-workspace analysis: answers the servers of a file share (see `Memo`). */
  readonly memo?: Memo;
}

/** `const server = createServer()` in another file: the replay continues there with `result`. */
export interface FactoryCall {
  readonly file: string;
  readonly unit: FlowUnit;
  readonly index: number;
  readonly result: string;
  /** `const { server, cleanup } = createServer()`: the fields taken apart (then `result` is empty). */
  readonly fields?: Readonly<Record<string, string>>;
}

/** A file that imports the exported server under `local`. */
export interface ServerImport {
  readonly file: string;
  readonly local: string;
}

/** A use the replay cannot follow, with its place. */
export interface OpenUse {
  readonly why: string;
  readonly loc?: Loc;
}

export interface Users<T> {
  readonly found: readonly T[];
  readonly open: readonly OpenUse[];
  /** The package's entry points that export it: code outside the workspace may call it too. */
  readonly entry?: readonly OpenUse[];
  /** SDK entry points given the factory itself (`serveStdio(createServer)`): they call it and serve its server. */
  readonly served?: readonly EntryServe[];
  /** `await createServer().connect(transport)`: a call whose server is connected right there, nothing else done with it. */
  readonly connected?: readonly ConnectedCall[];
  /** The calls whose result goes where the analysis does not follow it (each also an open use): still calls, with their arguments. */
  readonly unfollowed?: readonly FactoryCall[];
}

/** A factory call whose result is only the receiver of `.connect(...)`, with that connect as a call on the server. */
export interface ConnectedCall {
  readonly file: string;
  readonly unit: FlowUnit;
  readonly index: number;
  readonly conditional: boolean;
  readonly call: ReturnType<typeof connectedInPlace>[number]["call"];
}

/** Tests and their helpers never run in the published server: what they do to it adds nothing there. */
const TEST_FILE = /[._-](?:test|spec|e2e)s?[._][^/]*$|\/(?:__tests__|__mocks__|tests?|e2e)\//;

// The dialect's modules take it from here, with the searches that use it.
export { exportNamesOf };

/**
 * Every call of the factory exported from `file` as `names`, in the files of its package. A call whose
 * result is not bound to a name, and any other mention of the factory, is an open use; so is its
 * export from the package's entry point when nothing in the package calls it.
 */
/** Methods of the server a call on a getter's result may make (`getServer().registerTool(...)`): the registrations, connect, the senders. */
const SERVER_CALLS: ReadonlySet<string> = new Set([...REGISTRATION_METHODS, ...HARMLESS_MEMBERS]);

/** The one call on a factory's fresh result that is followed as a call on its server. */
const CONNECT: ReadonlySet<string> = new Set(["connect"]);

/**
 * `sameServer`: the function hands out one server every time (a getter), so a call on its result is a
 * call on that server. `memberServes`: `member` is a static factory of the class (a fresh server each
 * call) that an SDK entry point may be given as `() => C.member()`, or as `C.member` when true.
 */
export function factoryCallers(ev: Evaluator, elsewhere: Elsewhere, file: string, names: readonly string[], factory: string, calledInItsFile: boolean, member?: string, sameServer = false, memberServes?: { readonly byReference: boolean }): Users<FactoryCall> {
  const found0 = importersOf(ev, elsewhere, file, names);
  if ("open" in found0) return { found: [], open: [found0.open] };
  // Smithery's runtime calls its module's default export, and only connects what it returns.
  const search = names.every((n) => n === "default") && isSmitheryModule(ev, file) ? { ...found0, entryOpen: found0.entryOpen.filter((o) => o.loc?.file !== file) } : found0;
  const found: FactoryCall[] = [];
  const served: EntryServe[] = [];
  const connected: ConnectedCall[] = [];
  const unfollowed: FactoryCall[] = [];
  const open: OpenUse[] = [...search.namespaceOpen];
  for (const { file: at, locals, explained } of search.importers) {
    const summary = summaryWithFlow(ev, elsewhere, at);
    const text = ev.host.text?.(at) ?? "";
    const units = summary?.flow?.units;
    if (!summary || !units) {
      open.push({ why: `${factory}() is used in a file the analysis does not follow`, loc: { file: at, span: explained[0] ?? { start: 0, end: 0 } } });
      continue;
    }
    const spans = [...explained];
    // `serveStdio(() => buildServer(options))`: the factory called in the arrow the entry point takes.
    const wrapped = new Set<number>();
    for (const unit of units) {
      unit.events.forEach(({ event }, index) => {
        // A function factory handed by name to an SDK v2 entry point (`serveStdio(buildServer)`).
        const serving = member === undefined ? entryServing(ev, at, summary, event, locals) : memberServes ? entryServing(ev, at, summary, event, locals, { name: member, ...memberServes }) : undefined;
        if (serving) {
          spans.push(serving.nameSpan);
          served.push({ ...serving, unit });
          wrapped.add(serving.nameSpan.start);
          return;
        }
        if (event.k !== "invoke" || wrapped.has(event.callee.span.start)) return;
        // `member`: the export is a class, and its static method is the factory (`C.member()`).
        const c = event.callee;
        const named = member === undefined ? (c.k === "ref" && locals.has(c.name) ? c.span : undefined) : c.k === "get" && c.key.k === "static" && c.key.name === member && c.object.k === "ref" && locals.has(c.object.name) ? c.object.span : undefined;
        if (named === undefined) return;
        spans.push(named);
        const inPlace = sameServer ? calledOnResult(unit, index, MADE_HERE, SERVER_CALLS) : member === undefined && c.k === "ref" ? connectedInPlace(unit, c.name, MADE_HERE).find((x) => x.index === index + 1) : undefined;
        if (event.result) found.push({ file: at, unit, index, result: event.result });
        else if (event.resultFields) found.push({ file: at, unit, index, result: "", fields: event.resultFields });
        else if (inPlace && (inPlace.call.method !== "connect" || !sameServer)) connected.push({ file: at, unit, ...inPlace });
        // `getInstance().connect(t)`: when it comes in the program against what other modules register
        // on the same server is not read here, so the connect stays a use not followed.
        else {
          unfollowed.push({ file: at, unit, index, result: "" });
          open.push({ why: `the server ${factory}() returns is used where the analysis does not follow it`, loc: { file: at, span: event.span } });
        }
      });
    }
    // `import { createServer as createHttpServer } from "node:http"`: another module's name, not the factory.
    const stray = strayMention(text, locals, [...spans, ...otherImports(summary, locals)]);
    if (stray !== undefined) open.push({ why: `${factory} is used in a way the analysis does not follow`, loc: { file: at, span: { start: stray, end: stray + 1 } } });
  }
  // No caller in the workspace: code outside it may be the one that calls it.
  if (found.length === 0 && served.length === 0 && connected.length === 0 && open.length === 0 && !calledInItsFile) open.push(...search.entryOpen);
  return { found, open, entry: search.entryOpen, served, connected, unfollowed };
}

/**
 * Every call of a method that builds and returns the server (`build()` of an exported class C) on an
 * instance made right there: `new C().build()`, or `const app = new C()` then `app.build()` in the
 * same function. The class's own file counts too. An instance handed on, exported or used in a
 * function of its own, any other mention of the method's name or of the class, is an open use.
 */
export function instanceMethodCallers(ev: Evaluator, elsewhere: Elsewhere, file: string, className: string, method: string, declared: readonly Span[]): Users<FactoryCall> {
  const summary = ev.summary(file);
  const names = summary ? exportNamesOf(summary, className) : [];
  const search: Search = names.length > 0 ? importersOf(ev, elsewhere, file, names) : { importers: [], entryOpen: [], namespaceOpen: [] };
  if ("open" in search) return { found: [], open: [search.open] };
  const label = `${className}.${method}`;
  const found: FactoryCall[] = [];
  const served: EntryServe[] = [];
  const connected: ConnectedCall[] = [];
  const open: OpenUse[] = [...search.namespaceOpen];
  const own: Importer = { file, locals: new Set([className]), explained: [...declared] };
  for (const { file: at, locals, explained } of [own, ...search.importers]) {
    const atSummary = summaryWithFlow(ev, elsewhere, at);
    const units = atSummary?.flow?.units;
    if (!atSummary || !units) {
      open.push({ why: `${className} is used in a file the analysis does not follow`, loc: { file: at, span: explained[0] ?? { start: 0, end: 0 } } });
      continue;
    }
    const classSpans = [...explained];
    const methodSpans: Span[] = at === file ? [...declared] : [];
    // The SDK entry points' arrow factories of the file, read when a call's result is not bound.
    let arrows: ReturnType<typeof entryArrowFactories> | undefined;
    // Instances made at the top level are seen by every function of the file that does not hide the name.
    const moduleInstances = new Set<string>();
    for (const unit of units) {
      // At the top level its own instances; in a function, its own and the top level's it does not hide.
      const instances = unit.kind === "module" ? moduleInstances : new Set([...moduleInstances].filter((n) => !unit.params.includes(n) && !unit.locals?.includes(n)));
      const handed = (p: readonly string[] | null | undefined) => p?.length === 1 && instances.has(p[0]!);
      unit.events.forEach(({ event }, index) => {
        if (event.k === "new" && locals.has(event.ctor)) {
          classSpans.push(event.span);
          // `new App(config).build()`: the method call on it is read below, where it is an invoke.
          if (event.target === null && calledAsMade(unit, event.span)) return;
          const name = event.target?.length === 1 && event.declared ? event.target[0]! : undefined;
          if (name !== undefined && exportNamesOf(atSummary, name).length === 0) instances.add(name);
          else open.push({ why: `a ${className} is kept where the analysis does not follow what calls ${method}() on it`, loc: { file: at, span: event.span } });
          return;
        }
        if (event.k !== "invoke") return;
        const c = event.callee;
        const inst = c.k === "get" && c.key.k === "static" && c.key.name === method ? c.object : undefined;
        const onInstance = inst?.k === "ref" && instances.has(inst.name);
        const onNew = inst?.k === "new" && inst.callee.k === "ref" && locals.has(inst.callee.name);
        if (!onInstance && !onNew) return;
        if (onNew) classSpans.push(inst.span);
        methodSpans.push((c as { key: { span: Span } }).key.span);
        // `serveStdio(() => new App(config).build())`: the entry point serves what the call returns.
        const serving = event.result ? undefined : (arrows ??= entryArrowFactories(ev, at, atSummary)).find((f) => f.result.k === "call" && f.result.span.start === event.span.start && f.result.span.end === event.span.end);
        // `await factory.create().connect(transport)`: that server is connected there, and nothing else is done with it.
        const inPlace = event.result || serving ? undefined : calledOnResult(unit, index, MADE_HERE, CONNECT);
        if (event.result) found.push({ file: at, unit, index, result: event.result });
        else if (serving) served.push(serving.serve);
        else if (inPlace) connected.push({ file: at, unit, ...inPlace });
        else open.push({ why: `the server ${label}() returns is used where the analysis does not follow it`, loc: { file: at, span: event.span } });
      });
      // The instance handed on: whatever gets it may call the method again.
      for (const { event } of unit.events) {
        if ((event.k === "invoke" && event.args.some(handed)) || ((event.k === "alias" || event.k === "escape" || event.k === "return") && handed(event.source))) {
          open.push({ why: `the ${className} instance is handed on, and what calls ${method}() on it there is not followed`, loc: { file: at, span: event.span } });
        }
      }
    }
    const text = ev.host.text?.(at) ?? "";
    const strayClass = [...locals].map((l) => strayMemberMention(text, l, classSpans)).find((at) => at !== undefined);
    if (strayClass !== undefined) open.push({ why: `${className} is used in a way the analysis does not follow`, loc: { file: at, span: { start: strayClass, end: strayClass + 1 } } });
    const strayMethod = strayMemberMention(text, method, [...methodSpans, ...otherImports(atSummary, locals), ...packageMemberSpans(ev, at, atSummary, text, method)]);
    if (strayMethod !== undefined) open.push({ why: `${method} is named where the analysis does not follow it`, loc: { file: at, span: { start: strayMethod, end: strayMethod + 1 } } });
  }
  if (found.length === 0 && served.length === 0 && connected.length === 0 && open.length === 0) open.push(...search.entryOpen);
  return { found, open, entry: search.entryOpen, served, connected };
}

/** Every import of the server exported from `file` as `names`, in the files of its package. */
export function serverImporters(ev: Evaluator, elsewhere: Elsewhere, file: string, names: readonly string[]): Users<ServerImport> {
  const search = importersOf(ev, elsewhere, file, names, true);
  if ("open" in search) return { found: [], open: [search.open] };
  const found: ServerImport[] = [];
  const open: OpenUse[] = [...search.namespaceOpen];
  for (const { file: at, locals, explained } of search.importers) {
    if (!summaryWithFlow(ev, elsewhere, at)?.flow) {
      open.push({ why: "the server is imported by a file the analysis does not follow", loc: { file: at, span: explained[0] ?? { start: 0, end: 0 } } });
      continue;
    }
    for (const local of locals) found.push({ file: at, local });
  }
  // An exported server nothing here imports is not changed by the program that runs it: whatever
  // imports it from outside is another program.
  return { found, open, entry: search.entryOpen };
}

/** A file's summary, with a flow even when it does not import the SDK. */
function summaryWithFlow(ev: Evaluator, elsewhere: Elsewhere, file: string): FileSummary | undefined {
  const summary = ev.summary(file);
  if (!summary || summary.flow || !elsewhere.want) return summary;
  elsewhere.want(file);
  return ev.summary(file);
}

interface Importer {
  readonly file: string;
  /** The names the file knows the export by. */
  readonly locals: Set<string>;
  /** Where those names are written in import declarations (mentions that are not uses). */
  readonly explained: { start: number; end: number }[];
}

type Search = { readonly importers: readonly Importer[]; readonly entryOpen: readonly OpenUse[]; readonly namespaceOpen: readonly OpenUse[] } | { readonly open: OpenUse };

/**
 * The files of the package that import `names` from `file`, directly, through re-exports (barrels), or
 * with `const { name } = await import("./file.js")`. A package entry point that exports it (itself or
 * through a barrel) is an open use: code outside the workspace may import it.
 */
/**
 * `members`: a namespace import (`import * as core from "./server.js"`) used only as `core.<name>`
 * names the export as that member (`core.server`); otherwise a namespace import is not followed.
 */
function importersOf(ev: Evaluator, { list, memo }: Elsewhere, file: string, names: readonly string[], members = false): Search {
  const here: Loc = { file, span: { start: 0, end: 0 } };
  if (!list) return { open: { why: "the files that import it are not listed here", loc: here } };
  const root = packageRoot(list, dirname(file));
  const own = root ? packageFiles(list, root) : undefined;
  if (!root || !own) return { open: { why: "the files that may import it could not all be listed", loc: here } };
  // The workspace's other packages that import this one by its name load the same module; once one
  // does, a relative path from them into the package's folder is looked for as well.
  const byName = packageNameImporters(list, (f) => ev.host.text?.(f), root, memo);
  const quoting = new Set(byName?.files ?? []);
  const pkg = quoting.size > 0 ? [...own, ...byName!.others] : own;
  const namesPkg = (specifier: string) => byName !== undefined && namesPackage(specifier, byName.name);
  // Modules that export it (the file, then barrels re-exporting it) → the names they export it as.
  const targets = new Map<string, Set<string>>([[file, new Set(names)]]);
  const importers = new Map<string, Importer>();
  // The files importing it by the package's name, with the first such import.
  const viaName = new Map<string, Span>();
  const texts = new Map<string, string | undefined>();
  const textOf = (f: string) => {
    if (!texts.has(f)) texts.set(f, ev.host.text?.(f));
    return texts.get(f);
  };
  // The cheap look's questions for the targets as they are (forgotten whenever one is added).
  let questions: ImportQuestions | undefined;
  const add = (at: string, name: string): boolean => {
    const added = addTarget(targets, at, name);
    if (added) questions = undefined;
    return added;
  };
  for (let round = 0, grew = true; grew && round < 6; round++) {
    grew = false;
    // Only imports that may name a target are resolved: a named one by its name, others by their path.
    const named = new Set([...targets.values()].flatMap((n) => [...n]));
    const stems = new Set([...targets.keys()].map(moduleStem));
    const mayName = (specifier: string, imported: string) => (imported !== "*" && imported !== "default" ? named.has(imported) : pathMayName(specifier, stems) || namesPkg(specifier));
    for (const at of pkg) {
      if (at === file) continue;
      const look = importLookOf(ev, at);
      if (!look || (!quoting.has(at) && !mayImportBy((questions ??= importQuestionsOf(targets)), look, () => textOf(at)))) continue;
      const summary = ev.summary(at);
      if (!summary) continue;
      for (const [local, binding] of summary.imports) {
        if (!mayName(binding.specifier, binding.imported)) continue;
        const target = ev.host.resolveModule(binding.specifier, at);
        const exported = target ? targets.get(target) : undefined;
        if (!exported || (binding.imported !== "*" && !exported.has(binding.imported))) continue;
        // `import create = require("./server")` of a module written `export = createServer`: the function itself.
        const whole = binding.imported === "*" && exported.has("default") && ev.summary(target!)?.exportEquals === true;
        // `import * as mod`: its members are not followed one by one.
        const importer = importerOf(importers, at);
        if (binding.imported !== "*" || whole) importer.locals.add(local);
        else if (members && onlyMembersRead(ev, at, local)) for (const n of exported) importer.locals.add(`${local}.${n}`);
        else importer.locals.add(`${local}.*`);
        importer.explained.push(binding.span);
        if (namesPkg(binding.specifier) && !viaName.has(at)) viaName.set(at, binding.span);
      }
      for (const [exported, entry] of summary.exports) {
        if (entry.k !== "from" || !mayName(entry.specifier, entry.imported)) continue;
        const target = ev.host.resolveModule(entry.specifier, at);
        if (target && targets.get(target)?.has(entry.imported)) grew = add(at, exported) || grew;
      }
      for (const spec of summary.starExports) {
        if (!pathMayName(spec, stems) && !namesPkg(spec)) continue;
        const target = ev.host.resolveModule(spec, at);
        for (const n of target ? targets.get(target) ?? [] : []) if (n !== "default") grew = add(at, n) || grew;
      }
      // A local re-export of an import (`import { x } from "./a"; export { x }`) is a barrel too.
      for (const local of importers.get(at)?.locals ?? []) {
        for (const n of exportNamesOf(summary, local)) grew = add(at, n) || grew;
      }
      for (const { local, span } of dynamicImports(ev, at, textOf(at) ?? "", targets)) {
        const importer = importerOf(importers, at);
        importer.locals.add(local);
        importer.explained.push(span);
      }
    }
  }
  const entries = packageEntryFiles(ev, root);
  const entryOpen: OpenUse[] = [...targets.keys()]
    .filter((t) => entries.has(t))
    .map((t) => ({ why: "it is exported from the package's entry point, so code outside the workspace may use it", loc: { file: t, span: { start: 0, end: 0 } } }));
  // Namespace imports are not followed member by member.
  const open: OpenUse[] = byName?.unlisted ? [{ why: byName.unlisted, loc: here }] : [];
  // A dual package loaded both ways is two modules: an importer of the other way is on another copy.
  if (byName) {
    for (const other of otherCopyImporters(list, (f) => ev.host.text?.(f), root, file, byName.name, viaName)) {
      importers.delete(other.file);
      open.push({ why: other.why, loc: { file: other.file, span: other.at } });
    }
  }
  for (const importer of importers.values()) {
    for (const local of [...importer.locals]) {
      if (!local.endsWith(".*")) continue;
      importer.locals.delete(local);
      open.push({ why: "it is imported as a namespace, which the analysis does not follow", loc: { file: importer.file, span: importer.explained[0] ?? { start: 0, end: 0 } } });
    }
  }
  return { importers: [...importers.values()].filter((i) => i.locals.size > 0), entryOpen, namespaceOpen: open };
}

/** Whether every mention of the namespace `ns` in the file's code (not its import) reads a member of it (`ns.server`). */
function onlyMembersRead(ev: Evaluator, file: string, ns: string): boolean {
  const sf = parsedSource(ev, file);
  if (!sf) return false;
  let ok = true;
  const visit = (n: ts.Node): void => {
    if (!ok || ts.isImportDeclaration(n)) return;
    if (ts.isIdentifier(n) && n.text === ns) {
      const p = n.parent;
      const member = ts.isPropertyAccessExpression(p) && p.expression === n;
      // `x.core`, `{ core: 1 }`: another thing's name, not a mention of the namespace.
      const otherName = (ts.isPropertyAccessExpression(p) && p.name === n) || (ts.isPropertyAssignment(p) && p.name === n) || ts.isTypeReferenceNode(p) || ts.isQualifiedName(p);
      if (!member && !otherName) ok = false;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return ok;
}

function importerOf(importers: Map<string, Importer>, file: string): Importer {
  let importer = importers.get(file);
  if (!importer) importers.set(file, (importer = { file, locals: new Set(), explained: [] }));
  return importer;
}

function addTarget(targets: Map<string, Set<string>>, file: string, name: string): boolean {
  let names = targets.get(file);
  if (!names) targets.set(file, (names = new Set()));
  if (names.has(name)) return false;
  names.add(name);
  return true;
}

/**
 * A package's source files outside tests, found once for every server of the package while its folder
 * listings stay the same. The workspace keeps every listing until files are created or deleted, and
 * then forgets them all at once: a root folder's listing that is the very array seen before means
 * every folder below is listed as it was then. (A host that lists afresh each time gets a new array,
 * so the files are found again.)
 */
function packageFiles(list: ListDirectory, root: string): readonly string[] | undefined {
  const listing = list(root);
  const kept = listing && packageFilesByListing.get(listing);
  if (kept) return kept;
  const files = packageSourceFiles(list, root)?.filter((at) => !TEST_FILE.test(at.slice(root.length)));
  if (listing && files) packageFilesByListing.set(listing, files);
  return files;
}
const packageFilesByListing = new WeakMap<readonly DirectoryEntry[], readonly string[]>();

/**
 * A cheap look at a text: it names an exported name, or the module's file in a quoted path (a
 * default import, or a barrel's `export * from "./server.js"`). The questions are worked out once per
 * state of `targets` (importQuestions.ts), not once per text.
 */
function importQuestionsOf(targets: ReadonlyMap<string, ReadonlySet<string>>): ImportQuestions {
  // A name matters only inside an import or export clause (`import { server } from`, a barrel's
  // `export { server } from`): a bare mention (`server` is in most files) imports nothing.
  // An index is also imported as its folder (`from ".."`, `from "./"`), or by its own name
  // (`import createServer from "./index.js"`, where only the path can tell a default import).
  const files = [...targets.keys()];
  return importQuestions(
    [...targets.values()].flatMap((names) => [...names]),
    files.map(moduleStem),
    files.some((file) => basename(file).startsWith("index.")),
  );
}
const EXTENSION = /\.[cm]?[jt]sx?$/;

/** Whether an import path may name a module known by one of these stems (its file, or its folder for an index). */
function pathMayName(specifier: string, stems: ReadonlySet<string>): boolean {
  if (specifier.startsWith("#")) return true;
  const segments = specifier.split("/").filter(Boolean);
  if (segments.length > 0) segments[segments.length - 1] = segments.at(-1)!.replace(EXTENSION, "");
  if (segments.at(-1) === "index") segments.pop();
  const last = segments.at(-1) ?? ".";
  return last === "." || last === ".." || stems.has(last);
}

/** What an import of a module names: its file name without extension, or its folder's for an index. */
function moduleStem(file: string): string {
  const stem = basename(file).replace(/\.[^.]+$/, "");
  return stem === "index" ? basename(dirname(file)) : stem;
}

/** `const { createServer } = await import("./createServer.js")`: the names it binds, and where. */
function dynamicImports(ev: Evaluator, file: string, text: string, targets: ReadonlyMap<string, ReadonlySet<string>>): { local: string; span: { start: number; end: number } }[] {
  return dynamicImportsIn(text).filter((d) => {
    const target = ev.host.resolveModule(d.specifier, file);
    return target !== undefined && targets.get(target)?.has(d.imported) === true;
  });
}

/** Where the file's imports of other bindings are written: a name spelled there is another module's. */
function otherImports(summary: FileSummary, locals: ReadonlySet<string>): Span[] {
  return [...summary.imports].filter(([local]) => !locals.has(local)).map(([, b]) => b.span);
}

/** Node's modules whose members share names with server factories (`createServer`), imported without `node:`. */
const NODE_BUILTINS: ReadonlySet<string> = new Set(["http", "https", "http2", "net", "tls", "dgram", "fs", "path", "os", "url", "events", "stream", "child_process", "crypto", "util", "zlib", "dns", "readline", "cluster", "worker_threads", "repl", "vm"]);

/**
 * `http.createServer(...)` where `http` is imported from a package (a Node built-in, a dependency):
 * that module's member, never the workspace class's method of the same name.
 */
function packageMemberSpans(ev: Evaluator, file: string, summary: FileSummary, text: string, method: string): Span[] {
  if (!text.includes(method)) return [];
  // Only a module known to be a package's: an alias that does not resolve (`@/app`) may be the workspace's.
  const fromPackage = (local: string): boolean => {
    const binding = summary.imports.get(local);
    if (!binding) return false;
    if (binding.specifier.startsWith("node:") || NODE_BUILTINS.has(binding.specifier)) return true;
    return ev.host.resolveModule(binding.specifier, file)?.includes("/node_modules/") === true;
  };
  const out: Span[] = [];
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  // `object` is an identifier that starts a chain (`http` in `http.createServer`, not `x.http`).
  let object: string | undefined;
  let before: ts.SyntaxKind = SK.Unknown;
  for (let t = scanner.scan(); t !== SK.EndOfFileToken; before = t, t = scanner.scan()) {
    const afterDot = before === SK.DotToken;
    if (t === SK.Identifier && afterDot && object !== undefined && scanner.getTokenValue() === method && fromPackage(object)) out.push({ start: scanner.getTokenStart(), end: scanner.getTokenEnd() });
    if (t === SK.Identifier) object = afterDot || before === SK.QuestionDotToken ? undefined : scanner.getTokenValue();
    else if (t !== SK.DotToken) object = undefined;
  }
  return out;
}

/** The first mention of one of the names outside the explained places (a use not followed). */
function strayMention(text: string, locals: ReadonlySet<string>, explained: readonly { start: number; end: number }[]): number | undefined {
  if (![...locals].some((l) => text.includes(l))) return undefined;
  // Read as tokens: a comment naming the factory is no use of it.
  const tokens: { kind: ts.SyntaxKind; start: number; value: string }[] = [];
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  for (let t = scanner.scan(); t !== SK.EndOfFileToken; t = scanner.scan()) tokens.push({ kind: t, start: scanner.getTokenStart(), value: t === SK.Identifier ? scanner.getTokenValue() : "" });
  for (let i = 0; i < tokens.length; i++) {
    const { kind, start, value } = tokens[i]!;
    if (kind !== SK.Identifier || !locals.has(value)) continue;
    const before = tokens[i - 1]?.kind;
    // `x.name` is another object's property.
    if (before === SK.DotToken || before === SK.QuestionDotToken) continue;
    // `{ createServer: createHttp }`, `{ a, name: 1 }`: a property's key, not this binding.
    if ((before === SK.OpenBraceToken || before === SK.CommaToken) && tokens[i + 1]?.kind === SK.ColonToken) continue;
    if (!explained.some((s) => start >= s.start && start < s.end)) return start;
  }
  return undefined;
}

/**
 * The first place code names `name` (`build`, `x.build`, `x["build"]`, `{ build }`) outside the
 * explained places: an identifier or a string spelling it. Comments do not count, nor an object
 * literal's key written `build: …`.
 */
export function strayMemberMention(text: string, name: string, explained: readonly Span[]): number | undefined {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  let before: ts.SyntaxKind = SK.Unknown;
  for (let t = scanner.scan(); t !== SK.EndOfFileToken; before = t, t = scanner.scan()) {
    const spelled = (t === SK.Identifier || t === SK.StringLiteral || t === SK.NoSubstitutionTemplateLiteral || t === SK.PrivateIdentifier) && scanner.getTokenValue().replace(/^#/, "") === name;
    if (!spelled) continue;
    const at = scanner.getTokenStart();
    if (explained.some((s) => at >= s.start && at < s.end)) continue;
    if (t === SK.Identifier && (before === SK.OpenBraceToken || before === SK.CommaToken) && /^\s*:(?!:)/.test(text.slice(scanner.getTokenEnd(), scanner.getTokenEnd() + 40))) continue;
    return at;
  }
  return undefined;
}

/** The nearest folder above with a package.json, as long as the workspace lets it be listed. */
export function packageRoot(list: ListDirectory, dir: string): string | undefined {
  let last: string | undefined;
  for (let d = normalizePath(dir), hops = 0; hops < 32; hops++) {
    const entries = list(d);
    if (!entries) return last;
    last = d;
    if (entries.some((e) => e.isFile && e.name === "package.json")) return d;
    const up = dirname(d);
    if (up === d) return last;
    d = up;
  }
  return last;
}

/** Whether the object built at `span` is the receiver of a method call (`new App().build()`). */
function calledAsMade(unit: FlowUnit, span: Span): boolean {
  return unit.events.some(({ event: e }) => e.k === "invoke" && e.callee.k === "get" && e.callee.object.k === "new" && e.callee.object.span.start === span.start && e.callee.object.span.end === span.end);
}
