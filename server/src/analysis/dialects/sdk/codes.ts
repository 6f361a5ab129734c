import { diagnosticMaker, type CodeInfo } from "../../core/model/diagnostics";

/** The SDK dialect's diagnostic codes (@modelcontextprotocol/sdk 1.x, @modelcontextprotocol/server 2.x). */
export const SDK_CODES = {
  "capabilities-dynamic": { severity: "information", summary: "part of the capabilities cannot be known statically" },
  "sdk-handler-undeclared": { severity: "error", summary: "a request handler registered without its capability (throws at start-up, or never called)" },
  "sdk-handler-missing": { severity: "warning", summary: "a capability declared with no handler: clients get -32601" },
  "sdk-notification-flag": { severity: "warning", summary: "a list_changed/updated notification without the capability flag clients need" },
  "sdk-logging-dropped": { severity: "warning", summary: "log messages sent without the logging capability" },
  "sdk-logging-setlevel": { severity: "warning", summary: "v1: logging added by registerCapabilities installs no logging/setLevel" },
  "sdk-completable-optional": { severity: "warning", summary: "completable around an optional schema completes nothing (v1 and v2)" },
  "sdk-handler-conflict": { severity: "error", summary: "a request handler set by hand that McpServer's own registrations then refuse: the SDK throws" },
  "sdk-register-after-connect": { severity: "error", summary: "a registration after connect(): the SDK throws" },
  "sdk-duplicate-registration": { severity: "error", summary: "a tool, prompt, resource or template registered twice under one name: the SDK throws" },
  "sdk-completable-reused": { severity: "error", summary: "completable() on a schema already made completable: it marks the schema itself, and throws the second time" },
  "sdk-tool-schema-rejected": { severity: "error", summary: "a tool or prompt schema the SDK refuses at registration (JSON Schema, z.object() in v1 tool(), Zod 3 and 4 fields mixed in v1, Zod 3 fields in v2): the server does not start" },
  "sdk-uri-template-invalid": { severity: "error", summary: "a resource template whose URI the SDK cannot parse (a { no } closes): new ResourceTemplate throws" },
  "sdk-revision-keys": { severity: "information", summary: "a key the era's protocol revision does not define" },
  "sdk-extension-id": { severity: "warning", summary: "an extension id that breaks the naming rules" },
  "sdk-tasks-legacy-shape": { severity: "warning", summary: "the 2025-11-25 tasks capability, replaced by the tasks extension" },
  "sdk-connect-per-request": { severity: "warning", summary: "connect() of one server in a handler run per request: from the second request on, the SDK refuses it" },
  "sdk-factory-shared-instance": { severity: "warning", summary: "SDK v2: createMcpHandler given a factory that returns one shared server: later initialize requests answer -32601, overlapping requests get HTTP 500" },
  "sdk-stateless-transport-reused": { severity: "warning", summary: "one stateless Streamable HTTP transport handed every request: from the second request on, the SDK throws" },
  "sdk-method-missing": { severity: "error", summary: "a McpServer method the loaded SDK lacks (v1's tool()/prompt()/resource() on v2, registerTool before 1.11.4): a TypeError where it runs" },
  "sdk-startup-rejected": { severity: "error", summary: "a start-up call the SDK rejects (a notification before connect(), a second connect()) with nothing taking the rejection: the program stops" },
  "sdk-guard-always-throws": { severity: "error", summary: "a throw (or exit) under a test of the server that the SDK release decides (instanceof a class of the other SDK major, typeof a method the release lacks): it always runs, and the server does not start" },
  "sdk-set-handler-refused": { severity: "error", summary: "SDK v2's setRequestHandler given a v1 request schema, or a method outside the protocol without its schemas, or setNotificationHandler given a notification schema: a TypeError where it runs" },
  "sdk-nonspec-key": { severity: "warning", summary: "an unknown key inside tools, resources or prompts" },
} as const satisfies Record<string, CodeInfo>;

export type SdkCode = keyof typeof SDK_CODES;

export const diagnostic = diagnosticMaker(SDK_CODES);
