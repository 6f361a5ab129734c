// `server.addTool(SearchTool)` builds the tool and runs its validate() right there (mcp-framework's
// MCPServer.addTool, from 0.2.20): an error escapes from that statement, and the server stops before
// it answers anything. (A class the tools/ loader finds is validated too, but the loader catches the
// error and only logs it.) Two checks fail on source the analysis can read: a `z.object({...})`
// schema with a field that has no `.describe(...)` ("Missing descriptions for fields in search"),
// and an MCP App config that validate() refuses (toolApps.ts).
import type { DialectRun } from "../../core/dialect";
import type { Scope } from "../../core/evaluate/values";
import type { ValueExpr } from "../../core/model/summary";
import { appOfClass } from "./toolApps";
import { schemaDescriptions } from "./schemaDescriptions";

/** Why `addTool(<arg>)` throws where it stands (`certain`), or may; undefined when nothing read says so. */
export function addedToolThrows(run: DialectRun, arg: ValueExpr | undefined, scope: Scope): { readonly certain: boolean; readonly reason: string } | undefined {
  const v = arg ? run.ev.evaluate(arg, scope, { calls: false }) : undefined;
  if (v?.t !== "class") return undefined;
  const name = run.ev.summary(v.cls.file)?.classes[v.cls.index]?.name ?? "the tool";
  const fields = schemaDescriptions(run, v.cls);
  if (fields.k === "read" && fields.missing.length > 0) {
    const missing = fields.missing;
    return { certain: true, reason: `${name}'s schema has ${missing.length === 1 ? "a field" : "fields"} without .describe() (${missing.join(", ")}), so it throws "Missing descriptions for fields in …"` };
  }
  const app = appOfClass(run, v.cls);
  if (app?.kind === "throws") return { certain: true, reason: `${app.reason.replace(/: start\(\) throws$/, "")}, so it throws` };
  if (fields.k === "unknown") return { certain: false, reason: `${name}'s schema may have fields without .describe(), on which it throws "Missing descriptions for fields in …": ${fields.why}` };
  return undefined;
}
