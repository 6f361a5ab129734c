import type { Evaluator } from "../../core/evaluate/evaluator";
import { positionAt } from "../../core/model/positions";
import type { FileSummary, FlowUnit, Span, ValueExpr, NewEvent } from "../../core/model/summary";
import type { SdkVersion } from "./sdkTables";
import { isSdkSpecifier, sdkThroughModules } from "./sdkReexports";
import { serverInfoOf, type ServerInfo } from "./serverInfo";
import { serverSubclassOf, type ServerSubclass } from "./serverSubclasses";
export type { NewEvent } from "../../core/model/summary";


/** One place an SDK server is constructed. */
export interface SdkSite {
  readonly file: string;
  readonly unit: FlowUnit;
  readonly eventIndex: number;
  readonly event: NewEvent;
  readonly version: SdkVersion;
  readonly kind: "mcp" | "low";
  /**
   * What the report calls it: the `serverInfo` name when written as a literal (`weather`), else its
   * binding; unique among the file's servers (`weather (low)` when two share a name).
   */
  readonly name: string;
  /** `server`, `Agent.server`, or the factory's name for `return new McpServer(...)`. */
  readonly binding: string;
  /** The `serverInfo` literal's name and version, when known. */
  readonly info: ServerInfo;
  /** The span a cursor must be in to mean this server: its factory, its class, or its statement. */
  readonly span: Span;
  /** `new NileServer(...)` of a workspace class extending the SDK's server class: that class chain. */
  readonly subclass?: ServerSubclass;
}

/**
 * What an SDK import is: the module and the name it exports. With an evaluator, an import of the
 * workspace's own module that re-exports the SDK (a vendor module, a barrel, a workspace package) is
 * followed to the SDK.
 */
export function sdkImport(summary: FileSummary, localName: string, ev?: Evaluator): { specifier: string; name: string } | undefined {
  const [head, member] = localName.split(".");
  const binding = summary.imports.get(head!) ?? summary.flow?.loaded?.get(head!);
  if (!binding) return undefined;
  if (!isSdkSpecifier(binding.specifier)) {
    if (!ev) return undefined;
    const name = member === undefined ? binding.imported : binding.imported === "*" ? member : undefined;
    return name === undefined ? undefined : sdkThroughModules(ev.host, summary.fileName, binding.specifier, name);
  }
  if (member !== undefined) return binding.imported === "*" ? { specifier: binding.specifier, name: member } : undefined;
  return { specifier: binding.specifier, name: binding.imported };
}

export function versionOf(specifier: string): SdkVersion | undefined {
  if (specifier.startsWith("@modelcontextprotocol/sdk")) return "v1";
  if (specifier.startsWith("@modelcontextprotocol/server") || specifier.startsWith("@modelcontextprotocol/core")) return "v2";
  return undefined;
}

/** The SDK import a callee expression names (`completable`, `sdk.completable`), if any. */
export function sdkNameOf(summary: FileSummary, callee: ValueExpr, ev?: Evaluator): string | undefined {
  if (callee.k === "ref") return sdkImport(summary, callee.name, ev)?.name;
  if (callee.k === "get" && callee.object.k === "ref" && callee.key.k === "static") return sdkImport(summary, `${callee.object.name}.${callee.key.name}`, ev)?.name;
  return undefined;
}

/** Every SDK server constructed in a file (`new McpServer(...)`, `new Server(...)` from the SDK's modules). */
export function findSdkSites(ev: Evaluator, file: string): SdkSite[] {
  const summary = ev.summary(file);
  if (!summary?.flow) return [];
  const sites: SdkSite[] = [];
  for (const unit of summary.flow.units) {
    unit.events.forEach((entry, eventIndex) => {
      const e = entry.event;
      if (e.k !== "new") return;
      const imported = sdkImport(summary, e.ctor, ev);
      const version = imported ? versionOf(imported.specifier) : undefined;
      const sdkClass = imported && version && (imported.name === "McpServer" || imported.name === "Server");
      // Another class of the SDK (a transport) is no workspace subclass: not looked into.
      const subclass = imported ? undefined : serverSubclassOf(ev, file, unit, e);
      if (!sdkClass && !subclass) return;
      const binding = siteName(unit, e);
      const info = subclass ? (subclass.superArgs ? serverInfoOf(ev, subclass.superArgs.file, subclass.superArgs.args[0], subclass.superArgs.scope) : {}) : serverInfoOf(ev, file, e.args[0]);
      sites.push({
        file,
        unit,
        eventIndex,
        event: e,
        version: subclass ? subclass.version : version!,
        kind: subclass ? subclass.kind : imported!.name === "McpServer" ? "mcp" : "low",
        name: info.name ?? binding,
        binding,
        info,
        span: unit.kind === "module" ? e.span : unit.span,
        ...(subclass ? { subclass } : {}),
      });
    });
  }
  return uniqueNames(sites, summary.lineStarts);
}

/**
 * Names the editor and the picker can tell apart: two servers of one file that call themselves the
 * same are qualified by their binding (`weather (low)`), and by their line if that is not enough.
 */
function uniqueNames(sites: SdkSite[], lineStarts: readonly number[]): SdkSite[] {
  const count = (names: readonly string[], n: string) => names.filter((x) => x === n).length;
  const first = sites.map((s) => s.name);
  const second = sites.map((s, i) => (count(first, first[i]!) > 1 && s.name !== s.binding ? `${s.name} (${s.binding})` : s.name));
  return sites.map((s, i) => {
    const name = second[i]!;
    if (count(second, name) === 1) return name === s.name ? s : { ...s, name };
    const line = positionAt(lineStarts, s.event.span.start).line + 1;
    return { ...s, name: `${name} (line ${line})` };
  });
}

function siteName(unit: FlowUnit, e: NewEvent): string {
  const t = e.target;
  if (!t || t[0] === "<return>") return unit.kind === "module" ? "server" : unit.name;
  // A server built in a named function (a v2 factory) is known by that function.
  if (unit.kind === "function" && t[0] !== "this") return unit.name;
  if (t[0] === "this") return unit.className ? `${unit.className}.${t.slice(1).join(".")}` : t.join(".");
  return t.join(".");
}

/** Whether the server's own function returns it (a factory). */
export function returnsServer(site: SdkSite): boolean {
  const target = site.event.target?.join(".");
  return (
    site.unit.kind !== "module" &&
    // `return mcp.server`: the low-level Server inside, which its callers may still give capabilities
    // (registerCapabilities, setRequestHandler) and connect, is the server handed out too.
    site.unit.events.some(({ event }) => event.k === "return" && (event.source?.[0] === "<return>" || (target !== undefined && (event.source?.join(".") === target || event.source?.join(".") === `${target}.server`))))
  );
}
