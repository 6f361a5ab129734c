// Type declarations of the Conduit runtime for TypeScript (a vendored stand-in: only the shapes the
// examples use). tsconfig.json maps "@conduit/runtime" here.
//
// The analyser reads this file whenever a server inherits from it: in a declaration file, a method
// or a property of function type counts as an implemented handler, unless it is `abstract`.

export type LogLevel = "debug" | "info" | "notice" | "warning" | "error" | "critical" | "alert" | "emergency";

export interface RequestContext {
  readonly requestId: string | number;
  readonly session: { readonly id: string; readonly protocolVersion: string };
  log(level: LogLevel, message: string, data?: unknown): void;
  notify(method: string, params?: unknown): void;
}

export interface TextContent { type: "text"; text: string }
export interface CallToolResult { content: TextContent[]; isError?: boolean }
export interface ToolInfo { name: string; description?: string; inputSchema: object }
export interface ListToolsResult { tools: ToolInfo[]; nextCursor?: string }
export interface ResourceInfo { uri: string; name: string; mimeType?: string }
export interface ListResourcesResult { resources: ResourceInfo[]; nextCursor?: string }
export interface ResourceTemplateInfo { uriTemplate: string; name: string; mimeType?: string }
export interface ListResourceTemplatesResult { resourceTemplates: ResourceTemplateInfo[] }
export interface ReadResourceResult { contents: { uri: string; mimeType?: string; text: string }[] }
export interface PromptInfo { name: string; description?: string }
export interface ListPromptsResult { prompts: PromptInfo[] }
export interface GetPromptResult { description?: string; messages: { role: "user" | "assistant"; content: TextContent }[] }
export interface CompletionRef { type: "ref/prompt" | "ref/resource"; name?: string; uri?: string }
export interface CompletionArgument { name: string; value: string }
export interface CompleteResult { completion: { values: string[]; total?: number; hasMore?: boolean } }

/**
 * Base class for hand-written servers. It lists the tools registered in `this.tools` and completes
 * arguments from registered completers; subclasses must implement `handleCallTool`.
 */
export declare abstract class ConduitServer {
  protected readonly tools: Map<string, ToolInfo>;
  handleListTools(ctx: RequestContext, cursor?: string): Promise<ListToolsResult>;
  handleComplete: (ctx: RequestContext, ref: CompletionRef, argument: CompletionArgument) => Promise<CompleteResult>;
  abstract handleCallTool(ctx: RequestContext, name: string, args: Record<string, unknown>): Promise<CallToolResult>;
}

/** Base class of Endpoints: the runtime generates the list/call/read/get handlers from `static components`. */
export declare class Endpoint {
  protected readonly endpointName: string;
}

/** Component base classes: a subclass is a tool, resource or prompt of an Endpoint. */
export declare abstract class Tool<P = Record<string, unknown>> {
  abstract execute(params: P, ctx: RequestContext): Promise<CallToolResult>;
}
export declare abstract class Resource {
  abstract read(uri: string, ctx: RequestContext): Promise<ReadResourceResult>;
}
export declare abstract class Prompt<A = Record<string, string>> {
  abstract render(args: A, ctx: RequestContext): Promise<GetPromptResult>;
}

/** Reads a setting of the deployment (environment first, then the config file). */
export declare function env(name: string): string | undefined;
/** Reads a file next to the deployment's config. */
export declare function readConfigFile(path: string): string;
/** Installs forwarding handlers for every MCP request on `target`. */
export declare function installForwarders(target: object, upstreamUrl: string): void;
