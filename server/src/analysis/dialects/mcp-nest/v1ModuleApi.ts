// MCP-Nest 1.x: `McpModule.forRoot({ name, version, transport, capabilities })` (or forRootAsync) in a
// module's imports, serving @Tool/@Resource/@Prompt methods of providers. That API is not analysed
// (2.x has no McpModule: `new McpStrategy(...)` is the only server the dialect reads), so a file that
// calls it gets a unit of its own holding no server, only an information diagnostic at each call,
// instead of the silent "No MCP servers found". A file that also constructs an McpStrategy does not:
// the dialect found a server there.
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
import { SUPPORTED_MAJOR } from "./rules";

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

/** The unit of a file calling MCP-Nest 1.x's module API: no server, one diagnostic per call. */
export function analyzeV1(run: DialectRun, file: string): UnitAnalysis {
  const calls = v1RootCalls(run.ev, file);
  const installed = run.installedVersion(file, PACKAGE);
  const major = installed === undefined ? undefined : Number(installed.split(".")[0]);
  const release = installed !== undefined && major !== SUPPORTED_MAJOR ? ` (${PACKAGE} ${installed} is installed here)` : "";
  const diagnostics: AnalysisDiagnostic[] = calls.map((c) =>
    diagnostic("mcp-nest-v1-not-analysed", c.loc,
      `${c.text}() is the module API of MCP-Nest 1.x${release}, which this analysis does not read: only ${PACKAGE} ${SUPPORTED_MAJOR}.x is analysed (new McpStrategy({...}) given to NestFactory.createMicroservice or connectMicroservice), so the capabilities this server advertises are not predicted and it is not listed among the servers.`));
  const first = calls[0];
  return { name: first ? `${first.text}()` : "McpModule", loc: first?.loc ?? { file, span: { start: 0, end: 0 } }, server: undefined, diagnostics };
}
