// MCP-Nest 1.x: `McpModule.forRoot({ name, version, transport, capabilities })` (or forRootAsync),
// serving @Tool/@Resource/@Prompt methods of providers. A call written in a module's imports is a
// server (v1Sites.ts); one the analysis cannot place (held in an exported const, handed to a helper)
// gets a unit of its own holding no server, only an information diagnostic at the call, instead of
// the silent "No MCP servers found".
import type { DialectRun } from "../../core/dialect";
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Loc } from "../../core/evaluate/values";
import type { AnalysisDiagnostic } from "../../core/model/diagnostics";
import type { FileSummary } from "../../core/model/summary";
import type { UnitAnalysis } from "../../core/model/serverReport";
import { parsedSource } from "../../core/summarize/parsedSource";
import { ts } from "../../core/typescript";
import { diagnostic } from "./codes";
import { PACKAGE } from "./packageName";
import { mcpNestExport } from "./reexports";
import { v1Sites, type V1Site } from "./v1Sites";

const ROOT_METHODS = new Set(["forRoot", "forRootAsync"]);
const WORD = /\bMcpModule\b/;

export interface V1Call {
  /** `McpModule.forRoot` as written (the callee). */
  readonly text: string;
  readonly method: string;
  readonly loc: Loc;
}

/** Whether a local name of the file (or `ns.McpModule`) is @rekog/mcp-nest's McpModule. */
function isMcpModule(ev: Evaluator, file: string, e: ts.Expression): boolean {
  if (ts.isIdentifier(e)) return mcpNestExport(ev, file, e.text) === "McpModule";
  if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression)) return mcpNestExport(ev, file, e.expression.text, e.name.text) === "McpModule";
  return false;
}

/** Each `McpModule.forRoot(...)` / `forRootAsync(...)` of the file, McpModule being @rekog/mcp-nest's. */
export function v1RootCalls(ev: Evaluator, file: string, summary: FileSummary | undefined = ev.summary(file)): V1Call[] {
  // Cheap: only a file whose text names McpModule, and imports it from the package (or a barrel), is parsed.
  const text = ev.host.text?.(file);
  if (!summary || text === undefined || !WORD.test(text)) return [];
  const candidate = [...summary.imports.entries()].some(([local, b]) => mcpNestExport(ev, file, local, b.imported === "*" ? "McpModule" : undefined) === "McpModule");
  if (!candidate) return [];
  const sf = parsedSource(ev, file);
  if (!sf) return [];
  const out: V1Call[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && ROOT_METHODS.has(n.expression.name.text) && isMcpModule(ev, file, n.expression.expression)) {
      const callee = n.expression;
      out.push({ text: callee.getText(sf), method: callee.name.text, loc: { file, span: { start: callee.getStart(sf), end: callee.end } } });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** The calls v1Sites.ts does not place in a module's imports (held elsewhere, handed on, exported). */
export function unplacedV1Calls(ev: Evaluator, file: string, summary: FileSummary | undefined = ev.summary(file), sites: readonly V1Site[] = v1Sites(ev, file)): V1Call[] {
  const calls = v1RootCalls(ev, file, summary);
  if (calls.length === 0) return calls;
  const placed = new Set(sites.map((s) => s.loc.span.start));
  return calls.filter((c) => !placed.has(c.loc.span.start));
}

/** The unit of a file calling MCP-Nest 1.x's module API where the analysis cannot place it: no server, one diagnostic per call. */
export function analyzeV1(run: DialectRun, file: string): UnitAnalysis {
  const calls = unplacedV1Calls(run.ev, file);
  const installed = run.installedVersion(file, PACKAGE);
  const release = installed !== undefined ? ` (${PACKAGE} ${installed} is installed here)` : "";
  const diagnostics: AnalysisDiagnostic[] = calls.map((c) =>
    diagnostic("mcp-nest-v1-not-analysed", c.loc,
      `${c.text}() is the module API of MCP-Nest 1.x${release}, used where the analysis cannot tell which module imports it: a 1.x server is read only when McpModule.forRoot({...}) is written in a @Module's imports (or in a const of that file only that list names), so the capabilities this one advertises are not predicted and it is not listed among the servers.`));
  const first = calls[0];
  return { name: first ? `${first.text}()` : "McpModule", loc: first?.loc ?? { file, span: { start: 0, end: 0 } }, server: undefined, diagnostics };
}
