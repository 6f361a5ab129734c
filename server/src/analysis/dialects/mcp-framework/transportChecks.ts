// MCPServer's constructor checks its transports (from 0.2.20, with the `transports` option): both
// `transport` and `transports` given, more than one stdio transport, or two HTTP-based transports on
// one port (sse and http-stream both default to 8080) throw, so the server stops at start-up; and
// `transports: []` starts nothing, so no client is answered. Read from the config as evaluated.
import type { Value } from "../../core/evaluate/values";

/** The default port of both HTTP-based transports in mcp-framework 0.2.20–0.2.22. */
const DEFAULT_PORT = 8080;

const entry = (v: Value | undefined, key: string): Value | undefined => (v?.t === "obj" ? v.entries.get(key)?.value : undefined);
const literal = (v: Value | undefined): unknown => (v?.t === "prim" ? v.value : undefined);

/**
 * Why the config stops the server (`thrown`: the error MCPServer's constructor throws, as it words it),
 * or leaves it with no transport; undefined when nothing is known wrong.
 */
export function transportProblem(transport: Value | undefined, transports: Value | undefined): { readonly reason: string; readonly thrown?: string } | undefined {
  if (transport?.t === "obj" && transports?.t === "arr") return { reason: "MCPServer's constructor throws: `transport` and `transports` are both given", thrown: "Cannot specify both `transport` and `transports` in MCPServerConfig" };
  // Decided at run time (`transport: process.env.HTTP ? { … } : undefined`): when it is an object, both are given.
  if (transport?.t === "dyn" && transports?.t === "arr") return { reason: `MCPServer's constructor throws ("Cannot specify both \`transport\` and \`transports\`") whenever \`transport\` (${short(transport.text)}) is given at run time, since \`transports\` is too` };
  if (transport?.t === "obj") return runTimePort(transport);
  if (transports?.t !== "arr") return undefined;
  if (transports.items.length === 0 && transports.itemLocs.length === 0) return { reason: "`transports: []` starts no transport, so nothing answers a client" };
  const types = transports.items.map((i) => literal(entry(i, "type")));
  if (types.filter((t) => t === "stdio").length > 1) return { reason: "MCPServer's constructor throws: only one stdio transport is allowed", thrown: "Only one stdio transport is allowed (stdin/stdout is a process-level singleton)" };
  const ports = new Map<unknown, string>();
  for (let k = 0; k < transports.items.length; k++) {
    const type = types[k];
    if (type === "stdio") continue;
    if (typeof type !== "string") return undefined;
    const given = entry(entry(transports.items[k], "options"), "port");
    const port = given === undefined ? DEFAULT_PORT : literal(given);
    if (port === undefined) {
      // A port only the environment gives: NaN when unset, or the same as another transport's.
      const unset = runTimePort(transports.items[k]!);
      if (unset) return unset;
      if (given?.t === "dyn" && transports.items.length > 1) return { reason: `MCPServer's constructor throws ("Port conflict") when the port of ${type}, ${short(given.text)}, is at run time the same as another HTTP transport's` };
      continue;
    }
    if (ports.has(port)) return { reason: `MCPServer's constructor throws: ${ports.get(port)} and ${type} are both on port ${String(port)}`, thrown: `Port conflict: both ${ports.get(port)} and ${type} are configured on port ${String(port)}` };
    ports.set(port, type);
  }
  return undefined;
}

const short = (text: string): string => `\`${text.replace(/\s+/g, " ").slice(0, 60)}\``;

/**
 * An HTTP transport's port read from the environment with no fallback (`Number(process.env.PORT)`):
 * NaN when the variable is unset, and node's listen() throws ERR_SOCKET_BAD_PORT as start() opens it.
 */
function runTimePort(config: Value): { readonly reason: string } | undefined {
  const type = literal(entry(config, "type"));
  const given = entry(entry(config, "options"), "port");
  if ((type !== "http-stream" && type !== "sse") || given?.t !== "dyn") return undefined;
  if (!/\bprocess\s*\.\s*env\b/.test(given.text) || /\?\?|\|\|/.test(given.text)) return undefined;
  return { reason: `the port of the ${type} transport, ${short(given.text)}, is NaN when the variable is unset, and start() then throws (node's listen(): ERR_SOCKET_BAD_PORT)` };
}
