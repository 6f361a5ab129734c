// An exported server registered on by modules that the serving module imports: `import "./tools.js"`
// whose top-level code calls `server.registerTool(...)` (or a helper of a module importing the server
// that does), and `server.connect(...)` in the importer's `main()`. Modules run before the code of the
// modules that import them (esmOrder.ts), so those registrations happen, in that order, before the
// serving module connects: they are replayed first, as certain as code before connect() in one file.
// Only when one importer serves the server (and the server's own module does not), and every other
// importer is among the modules it imports: an importer elsewhere may run at any time, or be the
// program that serves the server without the rest; then all keep being replayed as code that may run.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowUnit } from "../../core/model/summary";
import { evaluatedBefore } from "../../core/project/esmOrder";
import { SERVES } from "./servesCall";
import type { ServerImport } from "./factoryCallers";
import type { SdkSite } from "./findSdkServers";
import type { Replay } from "./replay";
import { firstMention } from "./unitMentions";
import { basename } from "../../core/project/paths";
import { servesAtModuleTop } from "./entryFactories";

const V2_ENTRY = /\bserveStdio\s*\(|\bcreateMcpHandler\s*\(/;

/** Replays, in evaluation order, the modules run before the one that serves the server; returns the importers' module units it ran. */
export function followImportOrder(replay: Replay, ev: Evaluator, site: SdkSite, importers: readonly ServerImport[]): { file: string; unit: FlowUnit }[] {
  const serves = (file: string) => SERVES.test(ev.host.text?.(file) ?? "");
  if (serves(site.file)) return [];
  const serving = [...new Set(importers.filter((i) => serves(i.file)).map((i) => i.file))].sort();
  if (serving.length === 0) return [];
  const entry = serving[0]!;
  // Several programs serving it (`stdio.ts`, `http.ts`): the first one's order stands for all, and a
  // module only some of them load may run or not (programsBefore).
  const others = new Set(serving.slice(1));
  const programs = others.size > 0 ? programsBefore(ev, site.file, serving, importers) : { some: new Map<string, readonly string[]>() };
  if (!programs) return [];
  const some = programs.some;
  // SDK v2's entry points are followed where they are called (entryFactories.ts): the server they
  // are given is connected when a client arrives. Only `serveStdio(() => server)` at the entry's top
  // level is ordered here: every module the entry imports has run by then.
  const entryLocal = importers.find((i) => i.file === entry)?.local;
  if (V2_ENTRY.test(ev.host.text?.(entry) ?? "") && !(entryLocal !== undefined && servesAtModuleTop(ev, entry, entryLocal))) return [];
  const local = new Map<string, string>();
  for (const i of importers) {
    // Two names for the server in one module: not worth the doubt.
    if (local.has(i.file)) return [];
    local.set(i.file, i.local);
  }
  const before = evaluatedBefore(ev, entry, SERVES);

  if (!before) return [];
  // The server's module must run before every importer (in a cycle, an importer may run first and
  // find the server not yet made).
  // A module the program loads with `import()` is no program of its own: it runs when that call does
  // (the replay follows it as code that may run before connect() or after), and the rest keeps its order.
  const loadedLater = dynamicallyImportedBy(ev, new Set([...before, entry]));
  const made = before.indexOf(site.file);
  if (made < 0) return [];
  // (A module the program loads with `import()`, not in that order, runs when that call does.)
  // (One whose top-level code does not touch the server, only its functions, is harmless: they run when called.)
  const early = [...local.keys()].filter((f) => f !== entry && !others.has(f) && !(some.has(f) && !before.includes(f)) && before.indexOf(f) < made && !(before.indexOf(f) < 0 && loadedLater.has(f)) && !(before.includes(f) && !topLevelTouches(replay, ev, f, local.get(f)!)));
  if (early.length > 0) {
    // Those in the order run before it for certain; the others at a time not known.
    for (const file of early) if (before.includes(file)) runsTooEarly(replay, ev, site.file, entry, file, local.get(file)!);
    return [];
  }
  // Only when every importer is in that order: one elsewhere runs at a time not known, and may be
  // the program that serves the server without loading the serving module's imports.
  const ordered = new Set([...before, entry]);
  if ([...local.keys()].some((f) => !ordered.has(f) && !others.has(f) && !some.has(f) && !loadedLater.has(f))) return [];
  for (const [file, name] of local) replay.importedServer.set(file, name);
  const ran: { file: string; unit: FlowUnit }[] = [];
  const onlyElsewhere = [...some.keys()].filter((f) => !before.includes(f)).sort();
  for (const file of [...before, ...onlyElsewhere, entry]) {
    const name = local.get(file);
    if (file === site.file || (name === undefined && !importsFromImporter(ev, file, local))) continue;
    if (ev.summary(file)?.flow === undefined) replay.elsewhere.want?.(file);
    const module = ev.summary(file)?.flow?.units.find((u) => u.kind === "module");
    if (!module) continue;
    const names = new Set(name === undefined ? [] : [name]);
    const loadedBy = some.get(file);
    if (loadedBy) {
      const without = serving.filter((e) => !loadedBy.includes(e)).map((e) => basename(e));
      replay.followLoadedBySome(file, module, names, `registered in ${basename(file)}, which ${loadedBy.map((e) => basename(e)).join(" and ")} ${loadedBy.length === 1 ? "loads" : "load"} and ${without.join(" and ")} ${without.length === 1 ? "does" : "do"} not: only ${loadedBy.length === 1 ? "that program advertises" : "those programs advertise"} it`);
    } else replay.followUnit(file, module, 0, names, false);
    if (name !== undefined) ran.push({ file, unit: module });
  }
  return ran;
}

/**
 * Entry modules that each serve the server, in programs of their own, none loading another, and none
 * doing anything with the server but serve it (`await server.connect(transport)`): each program runs
 * the modules it loads before its own code. `some`: the modules some of the programs load and others
 * do not (what they register may be there or not); undefined when the programs cannot be told apart.
 */
function programsBefore(ev: Evaluator, serverFile: string, entries: readonly string[], importers: readonly ServerImport[]): { readonly some: ReadonlyMap<string, readonly string[]> } | undefined {
  const importing = new Map(importers.map((i) => [i.file, i.local]));
  const loaded: Set<string>[] = [];
  for (const entry of entries) {
    const before = evaluatedBefore(ev, entry, SERVES);

    if (!before || !before.includes(serverFile) || entries.some((e) => before.includes(e))) return undefined;
    // Every module of the program that touches the server, or imports one that does.
    loaded.push(new Set(before.filter((f) => importing.has(f) || importsFromImporter(ev, f, importing))));
    const name = importing.get(entry);
    if (name === undefined || !onlyServes(ev, entry, name)) return undefined;
  }
  const some = new Map<string, string[]>();
  loaded.forEach((files, i) => {
    for (const f of files) if (!loaded.every((l) => l.has(f))) some.set(f, [...(some.get(f) ?? []), entries[i]!]);
  });
  return { some };
}

/** Whether the module's code uses the server `name` only to connect it (or close it): nothing it does registers. */
function onlyServes(ev: Evaluator, file: string, name: string): boolean {
  const serving = (method: string | undefined) => method === "connect" || method === "close";
  for (const unit of ev.summary(file)?.flow?.units ?? []) {
    for (const { event: e } of unit.events) {
      if (e.k === "call" && e.receiver[0] === name && !(e.receiver.length === 1 && serving(e.method))) return false;
      if (e.k === "invoke" && e.args.some((a) => a?.[0] === name)) return false;
      if (e.k === "invoke" && e.callee.k === "get" && e.callee.object.k === "ref" && e.callee.object.name === name && !serving(e.callee.key.k === "static" ? e.callee.key.name : undefined)) return false;
      if ((e.k === "alias" || e.k === "escape" || e.k === "return") && e.source?.[0] === name) return false;
    }
  }
  return true;
}

/** Whether a module imports something from a module that imports the server (a helper that registers on it). */
function importsFromImporter(ev: Evaluator, file: string, importers: ReadonlyMap<string, string>): boolean {
  const summary = ev.summary(file);
  if (!summary) return false;
  for (const binding of summary.imports.values()) {
    const target = ev.host.resolveModule(binding.specifier, file);
    if (target && importers.has(target)) return true;
  }
  return false;
}

/**
 * An importer that the server's own module imports back (`import "./tools/index.js"` at the end of
 * server.ts, whose echo.ts imports `server`): when the program starts from `entry`, it runs before the
 * server's module has made the server, and its top-level use of the binding throws a ReferenceError.
 * Said as a start-up that may fail, at that use; its top-level code is not followed as registering.
 */
function runsTooEarly(replay: Replay, ev: Evaluator, serverFile: string, entry: string, file: string, name: string): void {
  const module = ev.summary(file)?.flow?.units.find((u) => u.kind === "module");
  const use = module ? firstMention(module, new Set([name])) : undefined;
  if (!use || !("span" in use)) return;
  replay.earlyImporters.add(file);
  const why = `${basename(file)} runs before ${basename(serverFile)} has made the server when the program starts from ${basename(entry)} (an import cycle: ${basename(serverFile)} loads it, and it imports the server back), so its use of ${name} at its top level throws a ReferenceError`;
  replay.startupThrows({ file, span: use.span }, why);
}

const DYNAMIC_IMPORT = /\bimport\s*\(\s*(['"])([^'"\n]{1,400})\1\s*\)/g;

/** The modules that `files` load with `import("…")` of a written path. */
function dynamicallyImportedBy(ev: Evaluator, files: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  for (const file of files) {
    const text = ev.host.text?.(file);
    if (text === undefined || !text.includes("import")) continue;
    for (const m of text.matchAll(DYNAMIC_IMPORT)) {
      const target = ev.host.resolveModule(m[2]!, file);
      if (target !== undefined) found.add(target);
    }
  }
  return found;
}

/** Whether the module's own top-level code (with the functions it calls) uses the server `name`. */
function topLevelTouches(replay: Replay, ev: Evaluator, file: string, name: string): boolean {
  const module = ev.summary(file)?.flow?.units.find((u) => u.kind === "module");
  return module === undefined || replay.usesServer(file, module, new Set([name]));
}
