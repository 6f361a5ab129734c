// `export abstract class Shell { protected server = new FastMCP(..) }`: a module importing the class
// may extend it, and that subclass's constructor and overrides act on the same server (the base's
// own methods call the overrides on `this`). Those subclasses are read like the file's own: what they
// register runs at a time not followed, and where the class is reached in ways not followed, any
// primitive may be added.
import type { FlowUnit } from "../../core/model/summary";
import { subclassesInFile } from "../../core/classes/subclassesInFile";
import { laterUses } from "./laterUses";
import { classOf, scanLater, type Replay, type ReplayHost } from "./replay";
import { exportNamesOf } from "../../core/model/exportNames";

export function followExportedHolder(out: Replay, host: ReplayHost, file: string, holder: string, names: ReadonlySet<string>, visited: ReadonlySet<string>): void {
  const summary = host.summary(file);
  const exported = summary ? exportNamesOf(summary, holder) : [];
  if (exported.length === 0 || !host.importers) return;
  const users = host.importers(file, exported);
  for (const o of users.open) out.unfollowed.push({ reason: `the class holding the server is exported: ${o.why}, and a subclass there may register on it`, loc: o.loc ?? { file, span: { start: 0, end: 0 } }, phase: "before" });
  for (const { file: at, local } of users.found) {
    const units = host.summary(at)?.flow?.units;
    const family = subclassesInFile(host.summary(at), local);
    if (family.size === 0) continue;
    if (!units) {
      out.unfollowed.push({ reason: `${at.slice(at.lastIndexOf("/") + 1)} extends the class holding the server and is not followed`, loc: { file: at, span: { start: 0, end: 0 } }, phase: "before" });
      continue;
    }
    const inFamily = (u: FlowUnit): boolean => family.has(classOf(units, u) ?? "");
    scanLater(out, { file: at, units }, visited, names, inFamily, inFamily);
    laterUses(out, at, units, visited, names, inFamily);
  }
}
