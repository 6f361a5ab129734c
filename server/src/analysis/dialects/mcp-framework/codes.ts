import { diagnosticMaker } from "../../core/model/diagnostics";

export const CODES = {
  "mcp-framework-no-tools": { severity: "error", summary: "start() throws: no tool is found, and tools/list needs the tools capability" },
  "mcp-framework-dirname-in-esm": { severity: "error", summary: "basePath uses __dirname in an ES module: a ReferenceError as the module loads, so the server never starts" },
  "mcp-framework-transport-conflict": { severity: "error", summary: "MCPServer's constructor throws on its transports (both transport and transports, two stdio transports, two HTTP transports on one port): the server is never made" },
  "mcp-framework-file-excluded": { severity: "warning", summary: "a file in a loader folder is skipped by the loader's exclusion patterns" },
  "mcp-framework-excluded-from-source": { severity: "information", summary: "the file is loaded when compiled, but skipped when the server runs from its .ts sources" },
  "mcp-framework-subscribe-not-advertised": { severity: "warning", summary: "a resource's subscribe() is served but resources.subscribe is never advertised" },
  "mcp-framework-log-dropped": { severity: "warning", summary: "sendLog() (or a tool's this.log()) without logging: true is silently dropped" },
  "mcp-framework-started-twice": { severity: "error", summary: "start() called again while the server runs: it rejects with \"Server is already running\", and the process ends" },
  "mcp-framework-add-after-start": { severity: "warning", summary: "addTool/addPrompt/addResource after start() is lost or throws" },
  "mcp-framework-version-unverified": { severity: "information", summary: "the installed mcp-framework is not a version whose rules were verified" },
} as const;

export type McpFrameworkCode = keyof typeof CODES;
export const diagnostic = diagnosticMaker(CODES);
