// What other files of the workspace do with a server: the callers of the exported function that
// returns it, and the importers of an exported server. Each is replayed like code of the server's
// own file; a use that cannot be followed is an open entry at its place.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FileSummary, FlowUnit } from "../../core/model/summary";
import { exportNamesOf, factoryCallers, instanceMethodCallers, serverImporters, type FactoryCall, type OpenUse } from "./factoryCallers";
import { instanceFactoryOf, type InstanceFactory } from "./instanceFactories";
import { returnsServer, type SdkSite } from "./findSdkServers";
import { returnedKey } from "./returnedObjects";
import type { Replay } from "./replay";
import { markOpen } from "./sdkState";
import { returnsOnlyConnected } from "./callerHandsOn";
import { calledBySmitheryRuntime } from "./smitheryRuntime";
import { resultIgnoredEverywhere } from "./ignoredResults";
import { staticGetterOf, type StaticGetter } from "./staticGetters";
import { followImportOrder } from "./followImportOrder";
import { servedAtTopLevel, servesAtModuleTop } from "./entryFactories";
import { serversMade } from "./serversMade";
import { runsOnlyAsOwnProgram } from "./ownPrograms";
import { basename } from "../../core/project/paths";
import { holderInstancesOf } from "./siteEscapes";
import { importerInstance, type ImporterInstance } from "./importerInstance";
import { conditionalBeyondArm } from "./chosenArm";

export function followElsewhere(replay: Replay, ev: Evaluator, site: SdkSite): void {
  const summary = ev.summary(site.file);
  if (!summary) return;
  const target = site.event.target;
  // `this.server = new McpServer(...)` as the instance is made, and the one module importing the class
  // makes the only instance: `app.server` there is this server.
  const atConstruction = site.unit.kind === "field" || site.unit.name === `${site.unit.className}.constructor`;
  if (atConstruction && target?.length === 2 && target[0] === "this" && site.unit.className !== undefined) {
    const instance = importerInstance(ev, replay.elsewhere, site.file, site.unit.className, target[1]!);
    if (instance) followImporterInstance(replay, ev, instance);
  }
  // A private factory method's callers are in its own class: the replay follows them itself. A
  // static one of an exported class is called as `C.method()`, in any file.
  if (site.unit.kind === "method") {
    const getter = returnsServer(site) ? staticGetterOf(ev, site) : undefined;
    if (getter) return followStaticGetter(replay, ev, site, getter);
    const made = returnsServer(site) ? instanceFactoryOf(ev, site) : undefined;
    if (made) followInstanceFactory(replay, ev, site, made);
    return;
  }
  const key = returnedKey(site);
  if (site.unit.kind === "function" && (returnsServer(site) || key !== undefined)) {
    const names = exportNamesOf(summary, site.unit.name);
    if (names.length === 0) return;
    const users = factoryCallers(ev, replay.elsewhere, site.file, names, site.unit.name, replay.followedCallers);
    const open: OpenUse[] = [...users.open];
    // Each call is a server of its own: with several, what one caller adds is not on the others.
    const connected = users.connected ?? [];
    const made = users.found.length + connected.length + users.open.length + serversMade(summary.flow?.units ?? [], site.unit.name);
    const many = made > 1 ? `${site.unit.name}() is called more than once` : undefined;
    for (const call of users.found) {
      // The server itself is returned, or inside an object under `key`: the name the caller gives it.
      const name = key === undefined ? call.result || undefined : call.fields ? (Object.prototype.hasOwnProperty.call(call.fields, key) ? call.fields[key]! : null) : undefined;
      if (name === null) continue;
      if (name === undefined) {
        open.push({ why: `the value ${site.unit.name}() returns is used where the analysis does not follow it`, loc: { file: call.file, span: call.unit.events[call.index]!.event.span } });
        continue;
      }
      if (key !== undefined) replay.objectCallersFollowed++;
      replay.followInstance(`${call.file}#${call.unit.id}:${call.index}`, many, () => open.push(...followCall(replay, ev, { ...call, result: name }, many !== undefined)));
    }
    // `await createServer().connect(transport)`: that server is connected there, and nothing else is done with it.
    for (const c of key === undefined ? connected : []) replay.connectMade(c.file, c.unit, c.call, c.conditional || many !== undefined, many && `${c.file}#${c.unit.id}:${c.index}`, many);
    if (key !== undefined) for (const c of connected) open.push({ why: `${site.unit.name}() returns an object rather than the server, and .connect() is called on it`, loc: { file: c.file, span: c.call.span } });
    // An SDK entry point given the factory itself connects the server it returns, and does nothing else with it.
    replay.servedBy.push(...(key === undefined ? users.served ?? [] : []));
    if (key !== undefined) for (const s of users.served ?? []) open.push({ why: `${s.via} is given ${site.unit.name}, which returns an object rather than the server`, loc: s.loc });
    // Handed out only once connected: nothing its callers do can add a capability any more.
    if (!returnsOnlyConnected(site.unit, site.eventIndex + 1, site.event.target)) say(replay, `the server is returned by ${site.unit.name}()`, open);
    if (users.found.length + connected.length + replay.servedBy.length > 0 && open.length === 0) replay.followedCallers = true;
    return;
  }
  // `export class App { static server = new McpServer(...) }`: importers of the class reach it as `App.server`.
  if (site.unit.kind === "module" && target?.length === 2 && target[0] !== "this") {
    const names = exportNamesOf(summary, target[0]!);
    if (names.length > 0) followImporters(replay, ev, site, names, target[1]!);
    return;
  }
  // `export const app = new App()` of a class keeping the server in a field: importers reach it as `app.server`.
  if (site.unit.kind === "field" && target?.length === 2 && target[0] === "this" && site.unit.className !== undefined) {
    for (const inst of holderInstancesOf(ev, site.file, summary.flow?.units ?? [], site.unit.className, target[1]!)) {
      const names = inst.unit.kind === "module" ? exportNamesOf(summary, inst.name) : [];
      if (names.length > 0) followImporters(replay, ev, site, names, target[1]!);
    }
    return;
  }
  // `export const server = new McpServer(...)`: what the files importing it do happens to it too.
  if (site.unit.kind !== "module" || (target && target.length !== 1)) return;
  if (target) followGetters(replay, ev, site, summary, target[0]!);
  const names = target ? exportNamesOf(summary, target[0]!) : isDefaultExport(summary, site) ? ["default"] : [];
  if (names.length === 0) return;
  followImporters(replay, ev, site, names);
}

/**
 * The files importing the server exported as `names` (or the binding holding it under `member`:
 * `app.server`, `App.server`): what they do happens to it too, in the order the program runs them
 * where that is known.
 */
function followImporters(replay: Replay, ev: Evaluator, site: SdkSite, names: readonly string[], member?: string): void {
  const imported = serverImporters(ev, replay.elsewhere, site.file, names);
  const all = member === undefined ? imported : { ...imported, found: imported.found.map((i) => ({ ...i, local: `${i.local}.${member}` })) };
  // A module nothing here loads runs as a program of its own, or is loaded by means not seen (a
  // preload, a test): it may add to the server or not, but is not ordered against the serving module.
  // Unless it serves the server itself at its top level (`serveStdio(() => server)`): then it is the
  // server's program, and is followed like any importer.
  const own = all.found.filter((i) => runsOnlyAsOwnProgram(ev, replay.elsewhere, i.file) && !servesAtModuleTop(ev, i.file, i.local));
  const users = { ...all, found: all.found.filter((i) => !own.includes(i)) };
  const open: OpenUse[] = [...users.open];
  const ownWhy = (file: string) => `registered only in ${basename(file)}, which no module of the package loads: it runs as a program of its own, or is loaded by means not seen here (a preload, a test)`;
  for (const { file, local } of own) {
    const module = ev.summary(file)?.flow?.units.find((u) => u.kind === "module");
    if (module) replay.followUntimed(file, module, new Set([local]), ownWhy(file));
  }
  for (const { file, local } of own) {
    const named = new Set([local]);
    for (const unit of ev.summary(file)?.flow?.units ?? []) if (unit.kind === "function" && !unit.params.includes(local) && replay.usesServer(file, unit, named)) replay.followUntimed(file, unit, named, ownWhy(file));
  }
  for (const { file, unit } of followImportOrder(replay, ev, site, users.found)) open.push(...handedOn(ev, replay, file, unit, "that module"));
  for (const { file, local } of users.found) {
    const named = new Set([local]);
    const units = ev.summary(file)?.flow?.units ?? [];
    for (const unit of units) {
      if (unit.kind === "closure" || unit.params.includes(local)) continue;
      // The module that serves it (`serveStdio(() => server)` at its top level) runs its code first;
      // it may name the server nowhere else than in that arrow.
      const serving = replay.state.connected ? undefined : servedAtTopLevel(ev, file, ev.summary(file)!, unit, local);
      if (!serving && !replay.usesServer(file, unit, named)) continue;
      // It runs before the server is made (an import cycle): its top-level code throws instead.
      if (unit.kind === "module" && replay.earlyImporters.has(file)) continue;
      if (serving) replay.servedBy.push(serving);
      // Otherwise when an importer runs, and whether before connect(), depends on the program's import
      // order: its top level may run before or after (what it registers once connected throws); a
      // function of it runs when called, which is followed like any code that may run.
      if (serving) replay.followUnit(file, unit, 0, named, false);
      else if (unit.kind === "module") replay.followLoadedAnytime(file, unit, named);
      else replay.followUnit(file, unit, 0, named, true, true);
      open.push(...handedOn(ev, replay, file, unit, `${unit.kind === "module" ? "that module" : `${unit.name}()`}`));
    }
  }
  say(replay, "the server is exported", open);
}

/**
 * The importer's top level from its `new App()` on runs as the server's own code would, once; its
 * functions using `app.server` may run or not, like those of an importer of an exported server.
 */
function followImporterInstance(replay: Replay, ev: Evaluator, instance: ImporterInstance): void {
  const named = new Set([instance.path]);
  const name = instance.path.slice(0, instance.path.indexOf("."));
  replay.followUnit(instance.file, instance.unit, instance.index + 1, named, false);
  for (const unit of ev.summary(instance.file)?.flow?.units ?? []) {
    if (unit.kind === "closure" || unit.kind === "module" || unit.params.includes(name) || !replay.usesServer(instance.file, unit, named)) continue;
    replay.followUnit(instance.file, unit, 0, named, true, true);
  }
}

/**
 * `export function getServer() { return server; }`, `export const getServer = () => server` of a
 * module-level server: every call gives this same server, so what its callers do happens to it, in
 * this file and (exported) in the files that import the function. An SDK entry point given the
 * function itself (`serveStdio(getServer)`) serves it; any use not followed is said.
 */
function followGetters(replay: Replay, ev: Evaluator, site: SdkSite, summary: FileSummary, local: string): void {
  const units = summary.flow?.units ?? [];
  for (const fn of units) {
    if (fn.kind !== "function" || fn.params.includes(local) || fn.locals?.includes(local)) continue;
    if (!fn.events.some(({ event }) => event.k === "return" && event.source?.length === 1 && event.source[0] === local)) continue;
    const label = `${fn.name}()`;
    const open: OpenUse[] = [];
    units.forEach((unit) =>
      unit.events.forEach(({ event }, index) => {
        if (event.k !== "invoke" || event.callee.k !== "ref" || event.callee.name !== fn.name) return;
        if (event.result) open.push(...followCall(replay, ev, { file: site.file, unit, index, result: event.result }));
        else open.push({ why: `the value ${label} returns is used where the analysis does not follow it`, loc: { file: site.file, span: event.span } });
      }),
    );
    const names = exportNamesOf(summary, fn.name);
    if (names.length > 0) {
      const users = factoryCallers(ev, replay.elsewhere, site.file, names, fn.name, true, undefined, true);
      open.push(...users.open);
      for (const call of users.found) {
        if (call.result) open.push(...followCall(replay, ev, call));
        else open.push({ why: `the value ${label} returns is used where the analysis does not follow it`, loc: { file: call.file, span: call.unit.events[call.index]!.event.span } });
      }
      replay.servedBy.push(...(users.served ?? []));
      for (const c of users.connected ?? []) replay.connectMade(c.file, c.unit, c.call, c.conditional, undefined, undefined);
    }
    say(replay, `the server is returned by ${label}`, open);
  }
}

/** `const server = C.get()` in the class's file and in the files importing the class. */
function followStaticGetter(replay: Replay, ev: Evaluator, site: SdkSite, getter: StaticGetter): void {
  const units = ev.summary(site.file)?.flow?.units ?? [];
  const label = `${getter.className}.${getter.method}`;
  // A static factory (a fresh server each call) may be handed to an SDK entry point, which serves what
  // it returns; a getter's one shared server is not followed there (every request would get it).
  const serves = getter.fresh ? { byReference: getter.thisFree } : undefined;
  const users = factoryCallers(ev, replay.elsewhere, site.file, getter.exported, label, getter.ownCalls.length > 0, getter.method, !getter.fresh, serves);
  const open: OpenUse[] = [...users.open];
  const served = users.served ?? [];
  // A factory's calls each build a server of their own: with several, what one caller adds is not on the others.
  const made = getter.ownCalls.length + users.found.length + (users.connected?.length ?? 0) + served.length + users.open.length;
  const many = getter.fresh && made > 1 ? `${label}() is called more than once` : undefined;
  // `C.getInstance().registerTool(...)`: a call on the one server the getter hands out.
  for (const c of users.connected ?? []) replay.connectMade(c.file, c.unit, c.call, c.conditional || many !== undefined, many && `${c.file}#${c.unit.id}:${c.index}`, many);
  const follow = (call: FactoryCall) => replay.followInstance(`${call.file}#${call.unit.id}:${call.index}`, many, () => open.push(...followCall(replay, ev, call, many !== undefined)));
  for (const own of getter.ownCalls) follow({ file: site.file, unit: units[own.unitIndex]!, index: own.index, result: own.result });
  for (const call of users.found) {
    if (!call.result) {
      open.push({ why: `the value ${label}() returns is used where the analysis does not follow it`, loc: { file: call.file, span: call.unit.events[call.index]!.event.span } });
      continue;
    }
    follow(call);
  }
  // An SDK entry point given `() => C.create()` (or `C.create`) connects what it returns, and does nothing else with it.
  replay.servedBy.push(...served);
  if (!returnsOnlyConnected(site.unit, site.eventIndex + 1, site.event.target)) say(replay, `the server is returned by ${label}()`, open);
  if (users.found.length + (users.connected?.length ?? 0) + getter.ownCalls.length + served.length > 0 && open.length === 0) replay.followedCallers = true;
}

/** `new App().build()`, `const app = new App(); const server = app.build()`, in any file of the package. */
function followInstanceFactory(replay: Replay, ev: Evaluator, site: SdkSite, made: InstanceFactory): void {
  const label = `${made.className}.${made.method}`;
  const users = instanceMethodCallers(ev, replay.elsewhere, site.file, made.className, made.method, made.declared);
  // A class of this file only, whose method no call here binds (`serveStdio(() => app.build())`): the
  // serving code is read elsewhere (the entry point's method factory), as before this search.
  const summary = ev.summary(site.file);
  if (users.found.length === 0 && summary && exportNamesOf(summary, made.className).length === 0) return;
  const open: OpenUse[] = [...users.open];
  const served = users.served ?? [];
  const connected = users.connected ?? [];
  // Each call builds a server of its own: with several, what one caller adds is not on the others.
  const many = users.found.length + served.length + connected.length + users.open.length > 1 ? `${label}() is called more than once` : undefined;
  for (const call of users.found) {
    replay.followInstance(`${call.file}#${call.unit.id}:${call.index}`, many, () => open.push(...followCall(replay, ev, call, many !== undefined)));
  }
  // `await factory.create().connect(transport)`: that server is connected there, and nothing else is done with it.
  for (const c of connected) replay.connectMade(c.file, c.unit, c.call, c.conditional || many !== undefined, many && `${c.file}#${c.unit.id}:${c.index}`, many);
  // An SDK entry point given `() => new App().build()` connects what it returns, and does nothing else with it.
  replay.servedBy.push(...served);
  if (!returnsOnlyConnected(site.unit, site.eventIndex + 1, site.event.target)) say(replay, `the server is returned by ${label}()`, open);
  if (users.found.length + served.length + connected.length > 0 && open.length === 0) replay.followedCallers = true;
}

/** `const server = createServer()` elsewhere: what follows the call, and the file's functions using that name. */
function followCall(replay: Replay, ev: Evaluator, call: FactoryCall, oneOfMany = false): OpenUse[] {
  const { file, unit, index, result } = call;
  const named = new Set([result]);
  // Already replayed with that name (a method of the server's class, run as one of its members).
  if (replay.namesIn(file, unit).has(result)) return handedOn(ev, replay, file, unit, `${unit.name}()`);
  const entry = unit.events[index];
  replay.followUnit(file, unit, index + 1, named, oneOfMany || (entry !== undefined && conditionalBeyondArm(ev, file, entry)));
  const open = handedOn(ev, replay, file, unit, unit.kind === "module" ? "that module" : `${unit.name}()`);
  if (unit.kind !== "module") return open;
  for (const other of ev.summary(file)?.flow?.units ?? []) {
    if (other.kind !== "function" || other.params.includes(result) || !replay.usesServer(file, other, named)) continue;
    replay.followUnit(file, other, 0, named, true, true);
    open.push(...handedOn(ev, replay, file, other, `${other.name}()`));
  }
  return open;
}

/** The server handed on again by a unit that was followed: returned, or exported from its module. */
function handedOn(ev: Evaluator, replay: Replay, file: string, unit: FlowUnit, who: string): OpenUse[] {
  const names = replay.namesIn(file, unit);
  const out: OpenUse[] = [];
  for (const { event } of unit.events) {
    if (event.k === "return" && event.source && names.has(event.source[0]!) && !resultIgnoredEverywhere(ev, file, unit) && !calledBySmitheryRuntime(ev, file, unit)) {
      out.push({ why: `${who} returns it, and what its callers add is not followed`, loc: { file, span: event.span } });
    }
  }
  const summary = ev.summary(file);
  if (unit.kind === "module" && summary) {
    for (const n of names) {
      if (exportNamesOf(summary, n).length > 0) out.push({ why: `${file.slice(file.lastIndexOf("/") + 1)} exports it, and what its importers add is not followed`, loc: { file, span: unit.span } });
    }
  }
  return out;
}

function say(replay: Replay, what: string, open: readonly OpenUse[]): void {
  for (const o of open) {
    markOpen(replay.state, `${what}: ${o.why}`, o.loc);
    replay.callersOpen = true;
  }
}

/** `export default new McpServer(...)`: the construction is the module's default export itself. */
function isDefaultExport(summary: FileSummary, site: SdkSite): boolean {
  const entry = summary.exports.get("default");
  const decl = summary.decls.get("default");
  if (entry?.k !== "local" || entry.local !== "default" || decl?.k !== "const") return false;
  return decl.init.span.start <= site.event.span.start && site.event.span.end <= decl.init.span.end;
}
