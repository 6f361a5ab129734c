// Places a server's value goes, at its construction, where the replay does not follow it: bound to
// no name (`{ server: new McpServer() }`, `withLogging(new McpServer())`), assigned to a variable of
// an enclosing scope that other code reads (`let server; function init() { server = new ... }`), or
// kept in a field that code outside the class reads (`app.server.registerTool(...)`, a getter
// returning it). Each is an open entry: what happens there may add capabilities.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Loc } from "../../core/evaluate/values";
import type { FlowEvent, FlowUnit } from "../../core/model/summary";
import type { SdkSite } from "./findSdkServers";
import { instanceFactoryOf } from "./instanceFactories";
import { parsedSource } from "./containerStores";
import { SK, ts } from "../../core/typescript";
import { accessorNeverUsed } from "./unusedAccessor";
import { exportNamesOf, serverImporters, strayMemberMention, type Elsewhere } from "./factoryCallers";
import { basename } from "../../core/project/paths";
import { entryArrowFactories, servedFromField, type EntryServe } from "./entryFactories";
import { fieldGetters, isGetterCallOnNew, ownGetterReads } from "./fieldGetters";
import { lineFieldReads, type LineClass } from "./subclassLine";
import { positionAt } from "../../core/model/positions";
import { subclassesInFile } from "../../core/classes/subclassesInFile";
import { unboundHolderInstance } from "./unboundInstances";
import { importerInstance, type ImporterInstance } from "./importerInstance";
import { connectOnlyReads } from "./connectOnlyReads";

/** Names of the global object: a property of it is every module's. */
const GLOBAL_OBJECTS: ReadonlySet<string> = new Set(["globalThis", "global", "window", "self"]);

export interface SiteEscape {
  readonly why: string;
  readonly loc: Loc;
}

/**
 * `served` gets the entry points of importing files that serve the server from its class's field;
 * `line`: the class's line of subclasses the replay follows (subclassLine.ts), whose reads of the field are its.
 */
export function siteEscapes(ev: Evaluator, site: SdkSite, elsewhere: Elsewhere, served: EntryServe[], line?: readonly LineClass[]): SiteEscape[] {
  const { event, file, unit } = site;
  const loc: Loc = { file, span: event.span };
  if (event.lost) return [{ why: `the server is ${event.lost}, and what is done with it there is not followed`, loc }];
  const target = event.target;
  if (!target) return [];
  const units = ev.summary(file)?.flow?.units ?? [];
  if (target.length === 1 && !event.declared && unit.kind !== "module" && target[0] !== "<return>") {
    const name = target[0]!;
    if (unit.params.includes(name) || unit.locals?.includes(name)) return [];
    const reader = units.find((u) => !within(units, u, unit) && !u.params.includes(name) && !u.locals?.includes(name) && u.events.some(({ event: e }) => reads(e, name)));
    if (reader) return [{ why: `the server is assigned to ${name}, a variable outside ${called(ev, file, unit)}, and what ${reader.kind === "module" ? "the top level" : called(ev, file, reader)} does with it is not followed`, loc }];
    // `export let server; export function init() { server = new McpServer(...) }`: the modules that import it read it.
    const summary = ev.summary(file);
    const exported = summary ? exportNamesOf(summary, name) : [];
    if (exported.length === 0) return [];
    const importers = serverImporters(ev, elsewhere, file, exported);
    const at = importers.found[0]?.file ?? importers.open[0]?.loc?.file;
    return at !== undefined ? [{ why: `the server is assigned to ${name}, which ${basename(file)} exports, and what ${at === file ? "the modules importing it do" : `${basename(at)} does`} with it is not followed`, loc }] : [];
  }
  // `ctx.server = new McpServer(...)` with `ctx` imported or exported, `Holder.server = …`, `globalThis.mcp = …`:
  // the server is kept where other modules reach it.
  if (target.length >= 2 && target[0] !== "this" && target[0] !== "<return>") {
    const head = target[0]!;
    const summary = ev.summary(file);
    // A static of a class of this file (`Holder.instance`, `XeroMcpServer.instance`): the getters that
    // hand it out and the reads of the field in importers are followed where they are (staticGetters).
    const ownClass = summary?.classes.some((c) => c.name === head && c.topLevel) === true;
    const local = ownClass || unit.params.includes(head) || unit.locals?.includes(head);
    // (An exported object written with the server in it, `export const container = { server: … }`, is
    // followed as `container.server` in the modules importing it: memberHolders.)
    const decl = summary?.decls.get(head);
    const writtenInDeclaration = decl !== undefined && "span" in decl && decl.span.start <= event.span.start && event.span.end <= decl.span.end;
    const exportedHolder = !writtenInDeclaration && summary !== undefined && exportNamesOf(summary, head).length > 0;
    const shared = GLOBAL_OBJECTS.has(head) ? "the global object" : local || !summary ? undefined : summary.imports.has(head) ? `${head}, which ${basename(file)} imports` : exportedHolder ? `${head}, which ${basename(file)} exports` : undefined;
    if (shared) return [{ why: `the server is kept in ${target.join(".")} (${shared}), where other modules may reach it, and what they do with it is not followed`, loc }];
  }
  if (target.length === 2 && target[0] === "this" && unit.className !== undefined) {
    const field = target[1]!;
    // (`return this.mcp.server`, the low-level Server inside, hands the server out too.)
    const getter = units.find((u) => u.className === unit.className && u.events.some(({ event: e }) => e.k === "return" && (e.source?.length === 2 || (e.source?.length === 3 && e.source[2] === "server")) && e.source[0] === "this" && e.source[1] === field));
    // The method that makes it returns it, and nothing else reaches the field: its callers are followed (followElsewhere.ts).
    if (getter === unit && instanceFactoryOf(ev, site)) return [];
    // `serveStdio(() => new App().getServer())` with a getter that only returns the field: the entry point is given the server.
    const summary = ev.summary(file);
    const getters = getter ? fieldGetters(units, unit.className, field) : new Set<string>();
    const viaEntries = getter && summary ? entryArrowFactories(ev, file, summary).filter((f) => isGetterCallOnNew(f.result, unit.className!, getters)).map((f) => f.serve.nameSpan) : [];
    // `this.server` in the class's own code, with `server` a getter of the field: followed by the replay.
    const member = getter?.name.slice(getter.name.lastIndexOf(".") + 1);
    const classSpan = summary?.classes.find((c) => c.name === unit.className)?.span;
    const ownReads = member && getters.has(member) && classSpan ? ownGetterReads(ev.host.text?.(file) ?? "", classSpan, member) : [];
    if (getter && !(getter !== unit && accessorNeverUsed(ev, elsewhere, file, unit.className, getter, [...viaEntries, ...ownReads], line))) return [{ why: `the server is returned by ${getter.name}, and what is done with it there is not followed`, loc }];
    const text = ev.host.text?.(file) ?? "";
    const holders = holderClassesOf(ev, file, unit.className, field);
    const instances = holders.flatMap((name) => instancesOf(units, name));
    const followed = new Set(instances.map((x) => x.name));
    // `const app = new App(); setup(app)`: the instance (and its server) goes where it is not followed.
    // Not for a private field: code that gets the instance reaches the server only through the
    // class's methods, which the replay runs (as maybe run, when this file does not settle it).
    if (!isPrivateField(ev, file, unit.className, field)) {
      const gone = handedOnAt(instances);
      if (gone) return [{ why: `the ${unit.className} instance ${gone.name} holding the server is handed on, and what is done with its server there is not followed`, loc: { file, span: gone.span } }];
      // `return new App()`, `const { server } = new App()`, `App.instance = new App()`: no name of the file keeps it.
      const unbound = unboundHolderInstance(ev, file, holders);
      if (unbound) return [{ why: `an instance of ${unit.className} holding the server is ${unbound.goes}, and what is done with its server there is not followed`, loc: { file, span: unbound.span } }];
      // `export const app = new App()` and a method other than the constructor (`app.init()`) making the
      // server: the modules importing the instance read its field. (One made at construction is followed there.)
      const atConstruction = unit.kind === "field" || unit.name.endsWith(".constructor");
      for (const inst of atConstruction ? [] : instances) {
        const exported = inst.unit.kind === "module" && summary ? exportNamesOf(summary, inst.name) : [];
        if (exported.length === 0) continue;
        const read = readInImportersOf(ev, elsewhere, file, exported, field, [], (where) => `the server is read as ${inst.name}.${field} in ${where}, and what is done with it there is not followed`, undefined, true);
        if (read) return [read];
      }
    }
    const outside = readOutsideThis(text, field, unit.className, followed);
    if (outside !== undefined) return [{ why: `the server is read as ${unit.className}.${field} outside its class, and what is done with it there is not followed`, loc: { file, span: { start: outside, end: outside + field.length + 1 } } }];
    if (!isPrivateField(ev, file, unit.className, field)) {
      // (SDK v1 only: its connect() serves initialize whatever the transport, so a connect the replay
      // does not apply says nothing it would need; v2 decides the eras it serves by the transport.)
      const elsewhereRead = readInImporters(ev, elsewhere, file, unit.className, field, served, line, site.version === "v1");
      if (elsewhereRead) return [elsewhereRead];
    }
  }
  return [];
}

/**
 * `assistant.mcp.connect(...)`, `serveStdio(() => new App().server)` in a file importing the class:
 * code there reaches the field, and what it does with the server is not followed. Any importer that
 * names the field in code (or cannot be read) is such a place.
 */
/** `connectOnly`: a fresh instance's server read out and only connected or closed (connectOnlyReads.ts) is no such place. */
function readInImporters(ev: Evaluator, elsewhere: Elsewhere, file: string, className: string, field: string, served: EntryServe[], line: readonly LineClass[] | undefined, connectOnly: boolean): SiteEscape | undefined {
  const why = (where: string) => `the server is read as ${className}.${field} in ${where}, and what is done with it there is not followed`;
  const serving: EntryServe[] = [];
  // `const app = new App(); await app.server.connect(...)` in the one importer: followed there (followElsewhere.ts).
  const instance = line ? undefined : importerInstance(ev, elsewhere, file, className, field);
  // The class itself, and with a line of subclasses each of them: instances of those hold the field too.
  for (const cls of line ? [...line].reverse() : [{ file, name: className }]) {
    const summary = ev.summary(cls.file);
    const names = summary ? exportNamesOf(summary, cls.name) : [];
    if (names.length === 0) continue;
    const read = readInImportersOf(ev, elsewhere, cls.file, names, field, serving, why, line, cls.file !== file || cls.name !== className, instance, connectOnly);
    if (read) return read;
  }
  served.push(...serving);
  return undefined;
}

/**
 * `membersOnly`: importers of a subclass, where only a read of the member (`app.server`) counts, not a name spelled the same.
 * `instance`: the importer's one instance whose field reads the replay follows.
 */
function readInImportersOf(ev: Evaluator, elsewhere: Elsewhere, file: string, names: readonly string[], field: string, serving: EntryServe[], why: (where: string) => string, line: readonly LineClass[] | undefined, membersOnly: boolean, instance?: ImporterInstance, connectOnly = false): SiteEscape | undefined {
  const importers = serverImporters(ev, elsewhere, file, names);
  for (const { file: at, local } of importers.found) {
    const text = ev.host.text?.(at);
    const importer = ev.summary(at);
    // `serveStdio(() => new App().server)`: the entry point serves it, and nothing else touches it there.
    const entries = importer ? servedFromField(ev, at, importer, local, field) : [];
    // `this.server` in a subclass of the line (subclassLine.ts): followed where its methods run.
    const followed = line ? lineFieldReads(ev, at, line, field) : [];
    const sf = connectOnly ? parsedSource(ev, at) : undefined;
    const fresh = sf ? connectOnlyReads(sf, local, field) ?? [] : [];
    const explained = [...entries.map((e) => e.nameSpan), ...followed, ...(instance?.file === at ? instance.reads : []), ...fresh];
    const start = text === undefined ? 0 : membersOnly ? memberRead(ev, at, field, explained) : strayMemberMention(text, field, explained);
    if (start !== undefined) return { why: why(basename(at)), loc: { file: at, span: { start, end: start + field.length } } };
    serving.push(...entries);
  }
  const open = importers.open[0];
  return open ? { why: `${why("a file importing the class")} (${open.why})`, loc: open.loc ?? { file, span: { start: 0, end: 0 } } } : undefined;
}

/** Where an instance of the class holding the server is first handed on (an argument, a store, a return). */
function handedOnAt(instances: ReturnType<typeof instancesOf>): { name: string; span: { start: number; end: number } } | undefined {
  for (const inst of instances) {
    const gone = inst.unit.events.slice(inst.index + 1).find(({ event: e }) => handsOn(e, inst.name));
    if (gone) return { name: inst.name, span: gone.event.span };
  }
  return undefined;
}

/**
 * An instance of the class that holds the server in a private field is handed on: whatever gets it
 * may call any of the class's methods, so none of them counts as never called.
 */
export function privateHolderHandedOn(ev: Evaluator, site: SdkSite): boolean {
  const { unit, file, event } = site;
  const target = event.target;
  if (!target || target.length !== 2 || target[0] !== "this" || unit.className === undefined) return false;
  if (!isPrivateField(ev, file, unit.className, target[1]!)) return false;
  return handedOnAt(instancesOf(ev.summary(file)?.flow?.units ?? [], unit.className)) !== undefined;
}

/** Whether an event hands the bare name on: an argument, a store, an alias, a return. */
function handsOn(e: FlowEvent, name: string): boolean {
  const bare = (p: readonly string[] | null | undefined) => p?.length === 1 && p[0] === name;
  if (e.k === "invoke") return e.args.some(bare);
  if (e.k === "alias" || e.k === "escape") return bare(e.source);
  if (e.k === "return") return bare(e.source);
  return false;
}

/** Whether a unit is `outer` or written inside it. */
function within(units: readonly FlowUnit[], u: FlowUnit, outer: FlowUnit): boolean {
  for (let p: FlowUnit | undefined = u, hops = 0; p && hops < 64; p = p.parent === null ? undefined : units[p.parent], hops++) if (p === outer) return true;
  return false;
}

/** Whether an event uses `name` in a way that may register on it (closing it cannot). */
function reads(e: FlowEvent, name: string): boolean {
  switch (e.k) {
    case "call":
      return e.receiver[0] === name && !(e.receiver.length === 1 && e.method === "close");
    case "invoke":
      return e.args.some((a) => a?.[0] === name) || (e.callee.k === "get" && headName(e.callee.object) === name);
    case "alias":
    case "escape":
      return e.source[0] === name;
    case "return":
      return e.source?.[0] === name;
    default:
      return false;
  }
}

function headName(e: { k: string }): string | undefined {
  let cur = e as { k: string; object?: { k: string }; name?: string };
  for (let hops = 0; cur.k === "get" && cur.object && hops < 16; hops++) cur = cur.object as typeof cur;
  return cur.k === "ref" ? cur.name : undefined;
}

/**
 * Where `x.field` / `x["field"]` of an instance of the class is read and not followed, if anywhere:
 * `new App().server.registerTool(...)` (unless it is just handed out, `() => new App().server`), or
 * a name typed as the class (`function setup(app: App) { app.server... }`). Other `x.server` reads
 * (`config.server.verbose`) are other objects'. Only in a file that builds the class.
 */
function readOutsideThis(text: string, field: string, className: string, followed: ReadonlySet<string>): number | undefined {
  const esc = (s: string) => s.replace(/[$]/g, "\\$");
  const cls = esc(className);
  if (!new RegExp(`\\bnew\\s+${cls}(?![\\w$])`).test(text)) return undefined;
  const re = new RegExp(`\\??\\.\\s*${esc(field)}(?![\\w$])|\\[\\s*["'\`]${esc(field)}["'\`]\\s*\\]`, "g");
  const built = new RegExp(`\\bnew\\s+${cls}\\s*\\([^()]*\\)\\s*$`);
  for (const m of text.matchAll(re)) {
    const before = text.slice(Math.max(0, m.index! - 200), m.index!).trimEnd();
    if (built.test(before)) {
      // `() => new Service().server`: handed out whole (the entry point's factory), nothing registers on it here.
      if (/^\s*(?:[;,)}\]]|$)/m.test(text.slice(m.index! + m[0].length, m.index! + m[0].length + 20))) continue;
      return m.index;
    }
    const head = /(?<![\w$.])([A-Za-z_$][\w$]*)$/.exec(before)?.[1];
    if (head === undefined || head === "this" || followed.has(head)) continue;
    const h = esc(head);
    if (new RegExp(`(?<![\\w$.])${h}\\s*[?!]?\\s*:\\s*${cls}(?![\\w$])|(?<![\\w$.])${h}\\s*=\\s*(?:await\\s+)?new\\s+${cls}(?![\\w$])`).test(text)) return m.index;
  }
  return undefined;
}

/** `const agent = new Agent()` in the file: the instances of the class a name holds, and where. */
export function instancesOf(units: readonly FlowUnit[], className: string): { name: string; unit: FlowUnit; index: number; conditional: boolean }[] {
  const out: { name: string; unit: FlowUnit; index: number; conditional: boolean }[] = [];
  for (const unit of units) {
    unit.events.forEach(({ event, conditional }, index) => {
      if (event.k === "new" && event.ctor === className && event.target?.length === 1) out.push({ name: event.target[0]!, unit, index, conditional });
    });
  }
  return out;
}

/**
 * Instances of the class holding the server in `field`, and of its subclasses in the file that do not
 * declare that field again (`class App extends Core {}`; `new App().server` is the base's server).
 */
export function holderInstancesOf(ev: Evaluator, file: string, units: readonly FlowUnit[], className: string, field: string): ReturnType<typeof instancesOf> {
  return holderClassesOf(ev, file, className, field).flatMap((name) => instancesOf(units, name));
}

/** The class holding the server in `field`, and its subclasses in the file that do not declare that field again. */
export function holderClassesOf(ev: Evaluator, file: string, className: string, field: string): string[] {
  const summary = ev.summary(file);
  const subclasses = [...subclassesInFile(summary, className)].filter((name) => !summary?.classes.some((c) => c.name === name && c.members.some((m) => m.name === field)));
  return [className, ...subclasses];
}

/** Whether the class declares the field `private` (or as `#field`): no code outside its methods reads it. */
function isPrivateField(ev: Evaluator, file: string, className: string, field: string): boolean {
  if (field.startsWith("#")) return true;
  const sf = parsedSource(ev, file);
  const cls = sf?.statements.find((st): st is ts.ClassDeclaration => ts.isClassDeclaration(st) && st.name?.text === className);
  const decl = cls?.members.find((m): m is ts.PropertyDeclaration => ts.isPropertyDeclaration(m) && ts.isIdentifier(m.name) && m.name.text === field);
  return decl !== undefined && (ts.getModifiers(decl)?.some((m) => m.kind === SK.PrivateKeyword) ?? false);
}

/** The first `x.field` or `x["field"]` of the file outside `explained`, if any. */
function memberRead(ev: Evaluator, file: string, field: string, explained: readonly { start: number; end: number }[]): number | undefined {
  const sf = parsedSource(ev, file);
  if (!sf) return 0;
  let found: number | undefined;
  const visit = (n: ts.Node): void => {
    if (found !== undefined) return;
    const name = ts.isPropertyAccessExpression(n) ? n.name : ts.isElementAccessExpression(n) && ts.isStringLiteralLike(n.argumentExpression) ? n.argumentExpression : undefined;
    if (name && name.text === field) {
      const at = name.getStart(sf);
      if (!explained.some((s) => at >= s.start && at < s.end)) found = at;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

/** A unit as people call it: its name, or "the callback at line 81" for a function written in place. */
function called(ev: Evaluator, file: string, unit: FlowUnit): string {
  if (unit.kind !== "closure") return unit.name;
  const lineStarts = ev.summary(file)?.lineStarts ?? [0];
  return `the callback at line ${positionAt(lineStarts, unit.span.start).line + 1}`;
}
