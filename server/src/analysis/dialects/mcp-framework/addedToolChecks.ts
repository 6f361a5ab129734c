// `server.addTool(SearchTool)` builds the tool and runs its validate() right there (mcp-framework's
// MCPServer.addTool, from 0.2.20): an error escapes from that statement, and the server stops before
// it answers anything. (A class the tools/ loader finds is validated too, but the loader catches the
// error and only logs it.) Two checks fail on source the analysis can read: a `z.object({...})`
// schema with a field that has no `.describe(...)` ("Missing descriptions for fields in search"),
// and an MCP App config that validate() refuses (toolApps.ts).
import type { DialectRun } from "../../core/dialect";
import type { ClassRef, Scope } from "../../core/evaluate/values";
import type { ValueExpr } from "../../core/model/summary";
import { parseFile } from "../../core/summarize/parseFile";
import { ts } from "../../core/typescript";
import { appOfClass, findClass } from "./toolApps";

/** Why `addTool(<arg>)` throws where it stands; undefined when nothing read says so. */
export function addedToolThrows(run: DialectRun, arg: ValueExpr | undefined, scope: Scope): string | undefined {
  const v = arg ? run.ev.evaluate(arg, scope, { calls: false }) : undefined;
  if (v?.t !== "class") return undefined;
  const missing = fieldsWithoutDescription(run, v.cls);
  const name = run.ev.summary(v.cls.file)?.classes[v.cls.index]?.name ?? "the tool";
  if (missing.length > 0) return `${name}'s schema has ${missing.length === 1 ? "a field" : "fields"} without .describe() (${missing.join(", ")}), so it throws "Missing descriptions for fields in …"`;
  const app = appOfClass(run, v.cls);
  return app?.kind === "throws" ? `${app.reason.replace(/: start\(\) throws$/, "")}, so it throws` : undefined;
}

/** The fields of the class's own `schema = z.object({ ... })` written as zod calls without `.describe(` or `.meta(`. */
function fieldsWithoutDescription(run: DialectRun, ref: ClassRef): string[] {
  const cls = run.ev.summary(ref.file)?.classes[ref.index];
  const text = run.fileText(ref.file);
  if (!cls || text === undefined || !/\bschema\b/.test(text.slice(cls.span.start, cls.span.end))) return [];
  const sf = parseFile(ref.file, text);
  const node = findClass(sf, cls.span.start);
  const member = node?.members.find((m): m is ts.PropertyDeclaration => ts.isPropertyDeclaration(m) && ts.isIdentifier(m.name) && m.name.text === "schema");
  let init = member?.initializer;
  while (init && (ts.isParenthesizedExpression(init) || ts.isAsExpression(init) || ts.isSatisfiesExpression(init))) init = init.expression;
  if (!init || !ts.isCallExpression(init) || !/^z\s*\.\s*object$/.test(init.expression.getText(sf)) || init.arguments.length !== 1) return [];
  const shape = init.arguments[0]!;
  if (!ts.isObjectLiteralExpression(shape)) return [];
  const missing: string[] = [];
  for (const p of shape.properties) {
    if (!ts.isPropertyAssignment(p) || !(ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) continue;
    const written = p.initializer.getText(sf);
    // Only a zod chain written in place is read: a name or a helper may hold a description.
    if (/^z\s*\./.test(written) && !/\.\s*(?:describe|meta)\s*\(/.test(written)) missing.push(p.name.text);
  }
  return missing;
}
