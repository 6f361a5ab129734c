// The official MCP TypeScript SDK: v1 (`@modelcontextprotocol/sdk`) and v2 (`@modelcontextprotocol/server`).
// A server is each `new McpServer(...)` / `new Server(...)`; what it advertises is replayed from what
// the program does with it, in order.
import type { Dialect } from "../../core/dialect";
import { analyzeSdkServer } from "./analyzeSdkServer";
import { SDK_CODES } from "./codes";
import { sdkEditor } from "./editor";
import { findSdkSites } from "./findSdkServers";
import { sdkWords } from "./words";

/** Module specifiers of the official SDK, v1 and v2. */
const isSdkSpecifier = (specifier: string): boolean => specifier.startsWith("@modelcontextprotocol/");

/** Methods whose calls are replayed; other calls on a server cannot change what it advertises. */
const SDK_METHODS = new Set([
  "registerTool", "tool", "registerResource", "resource", "registerPrompt", "prompt",
  "setRequestHandler", "registerCapabilities", "connect", "close",
  "sendToolListChanged", "sendResourceListChanged", "sendPromptListChanged", "sendResourceUpdated",
  "sendLoggingMessage", "notification",
]);

export const sdkDialect: Dialect = {
  id: "sdk",
  title: "the official MCP TypeScript SDK",
  mayDeclare: (text) => text.includes("@modelcontextprotocol/"),
  flow: { specifier: isSdkSpecifier, methods: SDK_METHODS },
  unitCount: (ev, file) => findSdkSites(ev, file).length,
  analyze(run, file, unit) {
    const site = findSdkSites(run.ev, file)[unit]!;
    const { server, diagnostics } = analyzeSdkServer(run.ev, site);
    return { name: server.name, loc: server.loc, server, diagnostics };
  },
  codes: SDK_CODES,
  words: sdkWords,
  editor: sdkEditor,
};
