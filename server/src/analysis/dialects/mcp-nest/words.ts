// How the MCP-Nest dialect's causes read: a decorated method, the strategy's capabilities option, or a
// default the framework (or the SDK server it builds) applies on its own.
import type { CauseWords, DialectWords } from "../../core/dialect";
import type { ProvenanceEntry } from "../../core/model/provenance";
import type { ServerReport } from "../../core/model/serverReport";

function cause(_server: ServerReport, p: ProvenanceEntry): CauseWords {
  if (p.because.startsWith("@")) {
    const label = p.detail ? `${p.because} · ${p.detail}` : p.because;
    const flag = p.path[1] === "listChanged";
    return {
      kind: flag ? "rule" : "registration",
      label,
      brief: label,
      spoken: flag ? `MCP-Nest sets listChanged true for ${p.because} methods` : `added by ${p.because} on ${p.detail ?? "a controller method"}`,
      title: flag ? "McpStrategy.createServer() advertises { listChanged: true } for each primitive with decorated methods" : `MCP-Nest advertises ${p.path[0]} once a bound controller has a ${p.because} method`,
    };
  }
  if (p.because === "capabilities") {
    return { kind: "base", label: "capabilities option", brief: "capabilities option", spoken: "written in the McpStrategy capabilities option", title: "Merged from new McpStrategy({ capabilities })" };
  }
  if (p.because === "default logging") {
    return { kind: "default", label: "MCP-Nest default: logging", brief: "MCP-Nest default", spoken: "MCP-Nest always adds logging unless the capabilities option names it", title: "createServer() adds logging: {} unless 'logging' is a key of the capabilities option" };
  }
  if (p.because === "sdk listChanged default") {
    return { kind: "rule", label: "SDK v2 default: listChanged true unless written", brief: "SDK v2 default", spoken: "the SDK McpServer sets listChanged true for a declared primitive", title: "The SDK v2 McpServer constructor installs a declared primitive's handlers and merges listChanged: existing ?? true" };
  }
  if (p.because === "register before serving") {
    const call = p.detail ?? "strategy.register*()";
    const flag = p.path[1] === "listChanged";
    return flag
      ? { kind: "rule", label: `${call} · listChanged`, brief: "MCP-Nest rule", spoken: `MCP-Nest sets listChanged true for what ${call} adds`, title: "McpStrategy.createServer() advertises { listChanged: true } for each primitive its registry holds" }
      : { kind: "registration", label: call, brief: call, spoken: `added by ${call}, made before any client connects`, title: `${call} runs before Nest is given the strategy, so every session's server is built with it` };
  }
  if (p.because === "sdk v1 eager handlers") {
    return { kind: "rule", label: "SDK v1 default: listChanged true for a declared kind", brief: "SDK v1 default", spoken: "the SDK v1 McpServer constructor sets listChanged true for a kind the options declare", title: `McpServer's constructor (${p.detail ?? "SDK v1 from 1.32.0"}) installs the handlers of each declared kind and registers { listChanged: true } over it` };
  }
  if (p.because === "serverMutator") {
    return { kind: "registration", label: "serverMutator", brief: "serverMutator", spoken: "added by a registration in the serverMutator callback", title: "serverMutator registers on the McpServer MCP-Nest built: McpServer merges { listChanged: existing ?? true }" };
  }
  if (p.because === "serverMutator registerCapabilities") {
    return { kind: "component", label: "serverMutator · registerCapabilities", brief: "registerCapabilities", spoken: "merged by server.server.registerCapabilities in the serverMutator callback", title: "Server.registerCapabilities() spreads each key's object over what MCP-Nest declared" };
  }
  return { kind: "component", label: p.because, brief: p.because, spoken: `set by ${p.because}`, title: p.because };
}

export const mcpNestWords: DialectWords = {
  serverNoun: "MCP-Nest strategy",
  // The generic layers add the version beside the tag.
  tag: () => "MCP-Nest",
  cause,
  recognises: "MCP-Nest servers: new McpStrategy(...) from @rekog/mcp-nest 2.x, with @Tool/@Resource/@ResourceTemplate/@Prompt methods of the application's controllers; McpModule.forRoot(...) of 1.x in a module's imports, with those of its providers",
};
