// addTool/addPrompt/addResource calls on the server outside the body that builds it, which run at a
// time the analysis does not follow: in another method of the class holding it (`this.server`), or
// in the modules importing an exported server. Each makes its key unknown (never absent), at its place.
import type { DialectRun } from "../../core/dialect";
import type { Loc } from "../../core/evaluate/values";
import type { FlowUnit } from "../../core/model/summary";
import { exportedServerUsers, packageReaderOf } from "../../core/project/exportedServerUsers";
import { flowOnDemand } from "../../core/summarize/flowOnDemand";
import { subclassesInFile } from "../../core/classes/subclassesInFile";
import { PACKAGE, SERVER_METHODS, type ServerSite } from "./sites";
import { exportNamesOf } from "../../core/model/exportNames";

const ADDERS: Readonly<Record<string, "tools" | "prompts" | "resources">> = { addTool: "tools", addPrompt: "prompts", addResource: "resources" };
const ALL = ["tools", "prompts", "resources"] as const;

export interface AddedElsewhere {
  readonly key: "tools" | "prompts" | "resources";
  readonly reason: string;
  readonly loc: Loc;
}

export function addedElsewhere(run: DialectRun, file: string, site: ServerSite): AddedElsewhere[] {
  const target = site.event.target;
  if (!target) return [];
  const units = run.ev.summary(file)?.flow?.units ?? [];
  const out: AddedElsewhere[] = [];
  if (target[0] === "this") {
    const holder = classOf(units, site.unit);
    const name = target.join(".");
    // A subclass's constructor and overrides use the same field (`super(); this.server.addTool(..)`).
    const family = holder === undefined ? new Set<string>() : new Set([holder, ...subclassesInFile(run.ev.summary(file), holder)]);
    for (const u of units) {
      if (!family.has(classOf(units, u) ?? "") || within(units, u, site.unit.id)) continue;
      for (const { event } of u.events) {
        if (event.k === "call" && event.receiver.join(".") === name && ADDERS[event.method]) {
          out.push({ key: ADDERS[event.method]!, reason: `${event.method}() is called in ${u.name}, another part of the class holding the server or of a subclass, at a time the analysis does not follow`, loc: { file, span: event.methodSpan } });
        }
      }
    }
    return out;
  }
  const summary = run.ev.summary(file);
  if (site.unit.kind !== "module" || target.length !== 1 || !summary) return out;
  const names = exportNamesOf(summary, target[0]);
  if (names.length === 0) return out;
  const demand = flowOnDemand(run.ev, { specifier: (s) => s === PACKAGE, methods: SERVER_METHODS });
  const summaryOf = (f: string) => {
    demand.want(f);
    return demand.ev.summary(f);
  };
  const users = exportedServerUsers(
    packageReaderOf(run, summaryOf),
    file,
    names,
  );
  for (const o of users.open) for (const key of ALL) out.push({ key, reason: `the server is exported: ${o.why}`, loc: o.loc ?? { file, span: site.event.span } });
  for (const { file: at, local } of users.found) {
    for (const u of summaryOf(at)?.flow?.units ?? []) {
      for (const { event } of u.events) {
        if (event.k === "call" && event.receiver.join(".") === local && ADDERS[event.method]) {
          out.push({ key: ADDERS[event.method]!, reason: `${event.method}() is called on the exported server in a module importing it, whose order against start() the analysis does not follow`, loc: { file: at, span: event.methodSpan } });
        }
      }
    }
  }
  return out;
}

export function classOf(units: readonly FlowUnit[], u: FlowUnit): string | undefined {
  for (let cur: FlowUnit | undefined = u; cur; cur = cur.parent === null ? undefined : units[cur.parent]) if (cur.className) return cur.className;
  return undefined;
}

function within(units: readonly FlowUnit[], u: FlowUnit, ancestor: number): boolean {
  for (let cur: FlowUnit | undefined = u; cur; cur = cur.parent === null ? undefined : units[cur.parent]) if (cur.id === ancestor) return true;
  return false;
}
