// What the official SDK does, as tables (ts-mcp-ecosystem.md §2): which request method each v1 schema
// constant names, and which capability `setRequestHandler` requires for each method.

export type SdkVersion = "v1" | "v2";

/** v1 request-schema constants and the method each one names (the codemod's schemaToMethodMap). */
export const SCHEMA_METHODS: Readonly<Record<string, string>> = {
  InitializeRequestSchema: "initialize",
  PingRequestSchema: "ping",
  ListToolsRequestSchema: "tools/list",
  CallToolRequestSchema: "tools/call",
  ListPromptsRequestSchema: "prompts/list",
  GetPromptRequestSchema: "prompts/get",
  ListResourcesRequestSchema: "resources/list",
  ReadResourceRequestSchema: "resources/read",
  ListResourceTemplatesRequestSchema: "resources/templates/list",
  SubscribeRequestSchema: "resources/subscribe",
  UnsubscribeRequestSchema: "resources/unsubscribe",
  SetLevelRequestSchema: "logging/setLevel",
  CompleteRequestSchema: "completion/complete",
  GetTaskRequestSchema: "tasks/get",
  GetTaskPayloadRequestSchema: "tasks/result",
  ListTasksRequestSchema: "tasks/list",
  CancelTaskRequestSchema: "tasks/cancel",
};

/**
 * The capability `setRequestHandler` asserts before installing a handler (`assertRequestHandlerCapability`):
 * a missing one throws at registration. `resources/subscribe` and `unsubscribe` are not checked.
 */
export function requiredCapability(method: string, version: SdkVersion): string | undefined {
  if (method === "completion/complete") return "completions";
  if (method === "logging/setLevel") return "logging";
  if (method === "prompts/get" || method === "prompts/list") return "prompts";
  if (method === "resources/list" || method === "resources/templates/list" || method === "resources/read") return "resources";
  if (method === "tools/call" || method === "tools/list") return "tools";
  if (version === "v1" && method.startsWith("tasks/")) return "tasks";
  return undefined;
}

/**
 * SDK 0.4.0's `Server.getCapabilities()`: the capability each of these handlers makes it advertise,
 * as `{}`, when initialize is answered (the release reads no declared capabilities).
 */
/**
 * The request methods SDK v2's codecs know (2025-11-25's and 2026-07-28's, read in 2.4.0): only these
 * take `setRequestHandler(method, handler)`; any other throws a TypeError unless schemas are passed.
 */
export const V2_SPEC_REQUESTS: ReadonlySet<string> = new Set([
  "ping", "initialize", "completion/complete", "logging/setLevel", "prompts/get", "prompts/list",
  "resources/list", "resources/templates/list", "resources/read", "resources/subscribe", "resources/unsubscribe",
  "tools/call", "tools/list", "tasks/get", "tasks/result", "tasks/list", "tasks/cancel",
  "sampling/createMessage", "elicitation/create", "roots/list", "server/discover", "subscriptions/listen",
]);

export const PRE_OPTIONS_KEYS: Readonly<Record<string, string>> = {
  "prompts/list": "prompts",
  "resources/list": "resources",
  "tools/list": "tools",
  "logging/setLevel": "logging",
};

/** The request a capability obliges the server to answer (declared without it: -32601). */
export const ANSWERS: Readonly<Record<string, readonly string[]>> = {
  tools: ["tools/list"],
  resources: ["resources/list", "resources/templates/list", "resources/read"],
  prompts: ["prompts/list"],
  completions: ["completion/complete"],
  logging: ["logging/setLevel"],
};

/** Notification methods and the capability flag a client needs to act on them. */
export const NOTIFICATION_FLAGS: Readonly<Record<string, { key: string; flag: string; notification: string }>> = {
  sendToolListChanged: { key: "tools", flag: "listChanged", notification: "notifications/tools/list_changed" },
  sendResourceListChanged: { key: "resources", flag: "listChanged", notification: "notifications/resources/list_changed" },
  sendPromptListChanged: { key: "prompts", flag: "listChanged", notification: "notifications/prompts/list_changed" },
  sendResourceUpdated: { key: "resources", flag: "subscribe", notification: "notifications/resources/updated" },
};

/** Extension ids the 2026-07-28 ecosystem defines under the reserved prefix. */
export const KNOWN_EXTENSIONS = new Set(["io.modelcontextprotocol/tasks", "io.modelcontextprotocol/ui", "io.modelcontextprotocol/skills"]);

/**
 * An extension id: `vendor-prefix/name`, the prefix being dot-separated labels as in `_meta` keys (a
 * reversed domain name is recommended, not required: `acme/progress` is well-formed).
 */
export const EXTENSION_ID = /^(?:[a-zA-Z](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?(?:\.[a-zA-Z](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)*\/)[a-zA-Z0-9](?:[a-zA-Z0-9._-]*[a-zA-Z0-9])?$/;

/** The sub-keys each primitive capability defines in every revision. */
export const SPEC_SUBKEYS: Readonly<Record<string, readonly string[]>> = {
  tools: ["listChanged"],
  prompts: ["listChanged"],
  resources: ["listChanged", "subscribe"],
};

/**
 * Variable names of a URI template as the SDK's UriTemplate names them: `x://{id}/{+path}{?q,page}` →
 * id, path, q, page. It drops the operator (`+ # . / ? &`) and the first `*`, but keeps a prefix
 * modifier: `{sha:7}` is the variable `sha:7`, which a completer keyed `sha` does not complete.
 */
export function templateVariables(uri: string): string[] {
  const names: string[] = [];
  for (const m of uri.matchAll(/\{([^}]*)\}/g)) {
    for (const part of m[1]!.replace(/^[+#./?&]/, "").split(",")) {
      const name = part.replace("*", "").trim();
      if (name) names.push(name);
    }
  }
  return names;
}

/** Methods whose calls are replayed; other calls on a server cannot change what it advertises. */
export const SDK_METHODS = new Set([
  "registerTool", "tool", "registerResource", "resource", "registerPrompt", "prompt", "registerToolTask",
  "setRequestHandler", "setNotificationHandler", "registerCapabilities", "connect", "close",
  "sendToolListChanged", "sendResourceListChanged", "sendPromptListChanged", "sendResourceUpdated",
  "sendLoggingMessage", "notification", "getCapabilities",
]);
