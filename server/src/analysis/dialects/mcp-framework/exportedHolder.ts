// `export abstract class Shell { protected server = new MCPServer(..) }`: a module importing the class
// may extend it, and that subclass's constructor and overrides add to the same server. What they add
// makes its key unknown (never absent); where the class is reached in ways not followed, any key may be.
import type { DialectRun } from "../../core/dialect";
import { subclassesInFile } from "../../core/classes/subclassesInFile";
import { exportedServerUsers, packageReaderOf } from "../../core/project/exportedServerUsers";
import { flowOnDemand } from "../../core/summarize/flowOnDemand";
import { classOf, type AddedElsewhere } from "./addedElsewhere";
import { PACKAGE, SERVER_METHODS, type ServerSite } from "./sites";
import { exportNamesOf } from "../../core/model/exportNames";

const ADDERS: Readonly<Record<string, "tools" | "prompts" | "resources">> = { addTool: "tools", addPrompt: "prompts", addResource: "resources" };
const ALL = ["tools", "prompts", "resources"] as const;

export function exportedHolder(run: DialectRun, file: string, site: ServerSite): AddedElsewhere[] {
  const target = site.event.target;
  if (!target || target[0] !== "this") return [];
  const summary = run.ev.summary(file);
  const holder = classOf(summary?.flow?.units ?? [], site.unit);
  const exported = summary && holder ? exportNamesOf(summary, holder) : [];
  if (exported.length === 0) return [];
  const demand = flowOnDemand(run.ev, { specifier: (s) => s === PACKAGE, methods: SERVER_METHODS });
  const summaryOf = (f: string) => {
    demand.want(f);
    return demand.ev.summary(f);
  };
  const users = exportedServerUsers(
    packageReaderOf(run, summaryOf),
    file,
    exported,
  );
  const out: AddedElsewhere[] = [];
  for (const o of users.open) for (const key of ALL) out.push({ key, reason: `the class holding the server is exported: ${o.why}, and a subclass there may add to it`, loc: o.loc ?? { file, span: site.event.span } });
  const name = target.join(".");
  for (const { file: at, local } of users.found) {
    const family = subclassesInFile(summaryOf(at), local);
    if (family.size === 0) continue;
    const units = summaryOf(at)?.flow?.units ?? [];
    for (const u of units) {
      if (!family.has(classOf(units, u) ?? "")) continue;
      for (const { event } of u.events) {
        const named = (p: readonly string[] | null | undefined) => p !== null && p !== undefined && p.join(".") === name;
        if (event.k === "call" && named(event.receiver) && ADDERS[event.method]) {
          out.push({ key: ADDERS[event.method]!, reason: `${event.method}() is called in ${u.name}, a subclass of the class holding the server, at a time the analysis does not follow`, loc: { file: at, span: event.methodSpan } });
        } else if ((event.k === "alias" && named(event.source)) || (event.k === "escape" && named(event.source)) || (event.k === "invoke" && event.args.some((a) => named(a)))) {
          for (const key of ALL) out.push({ key, reason: `the server is handed on in ${u.name}, a subclass of the class holding it, and what is added through it there is not followed`, loc: { file: at, span: event.span } });
        }
      }
    }
  }
  return out;
}
