// MCP-Nest (`@rekog/mcp-nest` 2.x): a server is each `new McpStrategy({...})`; what it advertises comes
// from the @Tool/@Resource/@ResourceTemplate/@Prompt methods of the controllers of the Nest
// application the file bootstraps, the strategy's `capabilities` option and the framework's defaults.
// 1.x's `McpModule.forRoot(...)` is not analysed: it is said, by a diagnostic (v1ModuleApi.ts).
import type { Dialect } from "../../core/dialect";
import { analyzeStrategy } from "./analyzeStrategy";
import { MCP_NEST_CODES } from "./codes";
import { mcpNestEditor } from "./editor";
import { findStrategies, MCP_NEST_FLOW, PACKAGE } from "./findStrategies";
import { analyzeV1, v1RootCalls } from "./v1ModuleApi";
import { mcpNestWords } from "./words";

const STRATEGY_WORD = /\bMcpStrategy\b/;

export const mcpNestDialect: Dialect = {
  id: "mcp-nest",
  title: "MCP-Nest (@rekog/mcp-nest)",
  // `McpStrategy` alone too: imported through a barrel of the workspace that re-exports it.
  mayDeclare: (text) => text.includes(PACKAGE) || STRATEGY_WORD.test(text),
  flow: MCP_NEST_FLOW,
  // One more unit, holding no server, in a file that calls MCP-Nest 1.x's McpModule.forRoot and makes no strategy.
  unitCount: (ev, file, summary) => {
    const strategies = findStrategies(ev, file).length;
    return strategies > 0 ? strategies : v1RootCalls(ev, file, summary).length > 0 ? 1 : 0;
  },
  analyze: (run, file, unit) => (findStrategies(run.ev, file).length === 0 ? analyzeV1(run, file) : analyzeStrategy(run, file, unit)),
  codes: MCP_NEST_CODES,
  runsItsSource: true,
  words: mcpNestWords,
  editor: mcpNestEditor,
};
