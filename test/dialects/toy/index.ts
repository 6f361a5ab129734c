// A toy dialect that lives only in the tests: servers of an imaginary framework `@example/mcp-lite`,
// written `const lite = new LiteServer({ name: "notes" })` and `lite.tool("add", …)`, which advertise
// `tools: {}` once a tool is added (both eras), and warn about `lite.notifyToolsChanged()`, which the
// framework sends without advertising `listChanged`. It exists to show that a dialect is one folder
// on the `Dialect` interface: the engine, the editor features and the CLI need nothing else.
import type { Dialect } from "../../../server/src/analysis/core/dialect";
import type { JsonObject, Loc } from "../../../server/src/analysis/core/evaluate/values";
import { diagnosticMaker, type AnalysisDiagnostic } from "../../../server/src/analysis/core/model/diagnostics";
import type { ServerReport } from "../../../server/src/analysis/core/model/serverReport";
import type { FlowEvent, FlowUnit } from "../../../server/src/analysis/core/model/summary";

const CODES = {
  "lite-unadvertised-notification": { severity: "warning", summary: "notifyToolsChanged without tools.listChanged" },
} as const;
const diagnostic = diagnosticMaker(CODES);

type NewEvent = Extract<FlowEvent, { k: "new" }>;

function sites(units: readonly FlowUnit[]): { unit: FlowUnit; event: NewEvent }[] {
  const out: { unit: FlowUnit; event: NewEvent }[] = [];
  for (const unit of units) for (const { event } of unit.events) if (event.k === "new" && event.ctor === "LiteServer") out.push({ unit, event });
  return out;
}

export const toyDialect: Dialect = {
  id: "mcp-lite",
  title: "the @example/mcp-lite framework",
  mayDeclare: (text) => text.includes("@example/mcp-lite"),
  flow: { specifier: (s) => s === "@example/mcp-lite", methods: new Set(["tool", "notifyToolsChanged"]) },
  unitCount: (_ev, _file, summary) => sites(summary.flow?.units ?? []).length,
  analyze(run, file, index) {
    const units = run.ev.summary(file)!.flow!.units;
    const { unit, event } = sites(units)[index]!;
    const name = event.target?.join(".") ?? "lite";
    const loc: Loc = { file, span: event.nameSpan };
    const calls = unit.events.flatMap(({ event: e }) => (e.k === "call" && e.receiver.join(".") === name ? [e] : []));
    const tools = calls.filter((c) => c.method === "tool");
    const caps: JsonObject = tools.length > 0 ? { tools: {} } : {};
    const diagnostics: AnalysisDiagnostic[] = calls
      .filter((c) => c.method === "notifyToolsChanged")
      .map((c) => diagnostic("lite-unadvertised-notification", { file, span: c.methodSpan }, "mcp-lite sends notifications/tools/list_changed here, but never advertises tools.listChanged: clients ignore it.", { server: { name, loc } }));
    const server: ServerReport = {
      name,
      loc,
      span: unit.span,
      dialectId: "mcp-lite",
      dialect: "mcp-lite",
      frameworkVersion: run.installedVersion(file, "@example/mcp-lite") ?? "unknown",
      exact: true,
      tasksExtension: false,
      legacy: caps,
      modern: caps,
      unknown: [],
      provenance: tools.length > 0 ? [{ era: "both", path: ["tools"], because: "tool", loc: { file, span: tools[0]!.methodSpan } }] : [],
      missing: [],
      details: { kind: "mcp-lite" },
    };
    return { name, loc, server, diagnostics };
  },
  codes: CODES,
  words: {
    serverNoun: "lite server",
    tag: () => "mcp-lite",
    cause: (_server, p) => ({ kind: "registration", label: `lite.${p.because}()`, brief: `lite.${p.because}()`, spoken: `added by lite.${p.because}()`, title: "mcp-lite advertises tools once one is added" }),
    recognises: "mcp-lite servers: new LiteServer(...) from @example/mcp-lite",
  },
  editor: {
    hover(ctx, server, offset) {
      const call = ctx.summary?.flow?.units.flatMap((u) => u.events).find(({ event: e }) => e.k === "call" && e.method === "tool" && offset >= e.methodSpan.start && offset <= e.methodSpan.end);
      if (!call || call.event.k !== "call") return undefined;
      return { span: call.event.methodSpan, markdown: `**lite.tool()** adds \`tools\` to ${server.name} in both eras` };
    },
  },
};
