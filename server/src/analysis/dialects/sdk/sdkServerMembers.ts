// Every member the SDK's server classes declare (Protocol, Server and McpServer of
// @modelcontextprotocol/sdk 0.6.0, 1.0.1, 1.5.0, 1.10.2, 1.15.1, 1.20.0, 1.25.3, 1.29.0 and 1.32.2, and of
// @modelcontextprotocol/server and core 2.0.0 and 2.4.0, read from their declaration files), with the
// names the language itself reads on any object. An own property of a server named otherwise is one the
// SDK never reads: giving it a value cannot change what the server does. sdk-server-members.test.ts
// checks the installed releases against this list.
export const SDK_SERVER_MEMBERS: ReadonlySet<string> = new Set([
  "LOG_LEVEL_SEVERITY", "_assertOutboundRequestInEra", "_assertPushApiInServedEra", "_boundFromTransport",
  "_cacheHints", "_capabilities", "_cleanupTaskProgressHandler", "_cleanupTimeout", "_clearTaskQueue",
  "_clientCapabilities", "_clientVersion", "_completionHandlerInitialized", "_createRegisteredPrompt",
  "_createRegisteredResource", "_createRegisteredResourceTemplate", "_createRegisteredTool",
  "_customSchemaRequestMethods", "_enqueueTaskMessage", "_envelopeOutbound", "_experimental",
  "_getRequestHandler", "_inputRequestCapabilityView", "_inputRequiredServing", "_instructions",
  "_invokeInputRequiredCapableHandler", "_jsonSchemaValidator", "_legacyInputRequiredShim", "_legacyShim",
  "_loggingLevels", "_maxToolInputElements", "_negotiatedProtocolVersion", "_negotiatedWireCodec",
  "_notificationHandlers", "_notificationViaCodec", "_oncancel", "_onclose", "_ondiscover", "_onerror",
  "_oninitialize", "_onnotification", "_onprogress", "_onrequest", "_onresponse", "_options",
  "_outboundMetaEnvelope", "_outboundServerInfo", "_pendingDebouncedNotifications", "_progressHandlers",
  "_promptHandlersInitialized", "_registerLoggingHandler", "_registeredPrompts",
  "_registeredResourceTemplates", "_registeredResources", "_registeredTools",
  "_requestHandlerAbortControllers", "_requestHandlers", "_requestMessageId", "_requestResolvers",
  "_requestStateVerify", "_requestWithSchema", "_requestWithSchemaViaCodec", "_resetTimeout",
  "_resolveNonCompleteResult", "_resolveOutboundCodec", "_resourceHandlersInitialized", "_responseHandlers",
  "_sendElicitationLeg", "_servedModernEra", "_serverInfo", "_setupTimeout", "_shouldDropInbound",
  "_supportedProtocolVersions", "_taskMessageQueue", "_taskProgressTokens", "_taskStore", "_timeoutInfo",
  "_toolHandlersInitialized", "_toolInputSchemaJson", "_transport", "_verifyRequestState",
  "_waitForTaskUpdate", "_wireCodec", "_wrapHandler", "assertCanSetRequestHandler",
  "assertCapabilityForMethod", "assertNotificationCapability", "assertRequestHandlerCapability",
  "assertTaskCapability", "assertTaskHandlerCapability", "buildContext", "cancelTask", "close", "connect",
  "createElicitationCompletionNotifier", "createMessage", "createToolError", "elicitInput",
  "executeToolHandler", "experimental", "fallbackNotificationHandler", "fallbackRequestHandler",
  "getCapabilities", "getClientCapabilities", "getClientVersion", "getNegotiatedProtocolVersion", "getTask",
  "getTaskResult", "handleAutomaticTaskPolling", "handlePromptCompletion", "handleResourceCompletion",
  "isConnected", "isMessageIgnored", "listRoots", "listTasks", "notification", "onclose", "onerror",
  "oninitialized", "ping", "projectCallToolResult", "prompt", "registerCapabilities", "registerPrompt",
  "registerResource", "registerTool", "removeNotificationHandler", "removeRequestHandler", "request",
  "requestStream", "requestTaskStore", "resolveScopeChallenge", "resource", "sendLoggingMessage",
  "sendPromptListChanged", "sendResourceListChanged", "sendResourceUpdated", "sendToolListChanged", "server",
  "setCompletionRequestHandler", "setNotificationHandler", "setPromptRequestHandlers", "setRequestHandler",
  "setResourceRequestHandlers", "setToolRequestHandlers", "tool", "toolInputSchemaJson", "transport",
  "validateToolInput", "validateToolOutput",
  // Read by the language on any object: `await server`, string and number conversion, JSON, inspection.
  "then", "constructor", "toString", "toLocaleString", "valueOf", "toJSON", "__proto__", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable",
]);
