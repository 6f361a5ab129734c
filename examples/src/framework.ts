// Stand-ins for the decorators of the Conduit runtime (the real ones record metadata that the
// runtime turns into handlers). The base classes Endpoint, Tool, Resource and Prompt come from
// "@conduit/runtime" (vendor/conduit-runtime/index.d.ts), since one module cannot export a
// decorator and a class under the same name. The analyser matches decorators and base classes by
// name, whatever module they are imported from.

type ClassDecorator = (target: abstract new (...args: any[]) => unknown) => void;

export interface ToolOptions { name: string; description: string; inputSchema?: object }
export interface ResourceOptions { uri: string; name?: string; mimeType?: string }
export interface PromptOptions { name: string; description?: string }
export interface EndpointOptions { name: string; version: string; components: Function[] }

const registry = new Map<Function, object>();
const register = (options: object): ClassDecorator => (target) => void registry.set(target, options);

export function Tool(options: ToolOptions): ClassDecorator { return register({ kind: "tool", ...options }); }
export function Resource(options: ResourceOptions): ClassDecorator { return register({ kind: "resource", ...options }); }
export function Prompt(options: PromptOptions): ClassDecorator { return register({ kind: "prompt", ...options }); }
export function Endpoint(options: EndpointOptions): ClassDecorator { return register({ kind: "endpoint", ...options }); }
