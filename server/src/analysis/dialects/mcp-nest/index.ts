// MCP-Nest (`@rekog/mcp-nest` 2.x): a server is each `new McpStrategy({...})`; what it advertises comes
// from the @Tool/@Resource/@ResourceTemplate/@Prompt methods of the controllers of the Nest
// application the file bootstraps, the strategy's `capabilities` option and the framework's defaults.
// 1.x: each `McpModule.forRoot(...)` in a module's imports is a server too (v1Sites.ts, v1Server.ts);
// a call the analysis cannot place is said, by a diagnostic (v1ModuleApi.ts).
import type { Dialect } from "../../core/dialect";
import { analyzeStrategy } from "./analyzeStrategy";
import { MCP_NEST_CODES } from "./codes";
import { mcpNestEditor } from "./editor";
import { findStrategies, MCP_NEST_FLOW, PACKAGE } from "./findStrategies";
import { analyzeV1, unplacedV1Calls } from "./v1ModuleApi";
import { analyzeV1Server } from "./v1Server";
import { v1Sites } from "./v1Sites";
import { mcpNestWords } from "./words";

const SERVER_WORD = /\bMcp(?:Strategy|Module)\b/;

export const mcpNestDialect: Dialect = {
  id: "mcp-nest",
  title: "MCP-Nest (@rekog/mcp-nest)",
  // `McpStrategy` (2.x) or `McpModule` (1.x) alone too: imported through a barrel of the workspace that re-exports it.
  // `includes` first: a plain search skips most texts far faster than the pattern's scan for `\b`.
  mayDeclare: (text) => text.includes(PACKAGE) || (text.includes("Mcp") && SERVER_WORD.test(text)),
  flow: MCP_NEST_FLOW,
  // The strategies, then the 1.x servers (McpModule.forRoot in a module's imports), then one more unit,
  // holding no server, for 1.x calls the analysis cannot place (a diagnostic says so).
  unitCount: (ev, file, summary) => {
    const strategies = findStrategies(ev, file).length;
    const sites = v1Sites(ev, file);
    return strategies + sites.length + (unplacedV1Calls(ev, file, summary, sites).length > 0 ? 1 : 0);
  },
  analyze: (run, file, unit) => {
    const strategies = findStrategies(run.ev, file).length;
    if (unit < strategies) return analyzeStrategy(run, file, unit);
    const sites = v1Sites(run.ev, file);
    const site = sites[unit - strategies];
    return site ? analyzeV1Server(run, site) : analyzeV1(run, file);
  },
  codes: MCP_NEST_CODES,
  runsItsSource: true,
  words: mcpNestWords,
  editor: mcpNestEditor,
};
