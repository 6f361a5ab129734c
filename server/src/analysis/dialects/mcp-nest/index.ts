// MCP-Nest (`@rekog/mcp-nest` 2.x): a server is each `new McpStrategy({...})`; what it advertises comes
// from the @Tool/@Resource/@ResourceTemplate/@Prompt methods of the controllers of the Nest
// application the file bootstraps, the strategy's `capabilities` option and the framework's defaults.
import type { Dialect } from "../../core/dialect";
import { analyzeStrategy } from "./analyzeStrategy";
import { MCP_NEST_CODES } from "./codes";
import { mcpNestEditor } from "./editor";
import { findStrategies, MCP_NEST_FLOW, PACKAGE } from "./findStrategies";
import { mcpNestWords } from "./words";

const STRATEGY_WORD = /\bMcpStrategy\b/;

export const mcpNestDialect: Dialect = {
  id: "mcp-nest",
  title: "MCP-Nest (@rekog/mcp-nest)",
  // `McpStrategy` alone too: imported through a barrel of the workspace that re-exports it.
  mayDeclare: (text) => text.includes(PACKAGE) || STRATEGY_WORD.test(text),
  flow: MCP_NEST_FLOW,
  unitCount: (ev, file) => findStrategies(ev, file).length,
  analyze: (run, file, unit) => analyzeStrategy(run, file, unit),
  codes: MCP_NEST_CODES,
  runsItsSource: true,
  words: mcpNestWords,
  editor: mcpNestEditor,
};
