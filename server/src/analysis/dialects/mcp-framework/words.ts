import type { DialectWords } from "../../core/dialect";

export const words: DialectWords = {
  serverNoun: "mcp-framework server",
  // The generic layers add the version beside the tag.
  tag: () => "mcp-framework",
  cause: (server, p) => {
    const label = p.detail ?? p.because;
    const release = server.frameworkVersion && server.frameworkVersion !== "unknown" ? `mcp-framework ${server.frameworkVersion}` : "mcp-framework";
    if (p.because.endsWith("/")) return { kind: "component", label, brief: label, spoken: `found by the ${p.because} loader in ${label}`, title: `mcp-framework's loader finds ${label} and advertises ${p.path.join(".")}` };
    if (p.because.startsWith("add")) return { kind: "registration", label, brief: label, spoken: `added by ${label}`, title: `${label} registers it before start()` };
    // Named after the release whose rule it is, with the rule itself (fastmcp's causes read the same way).
    if (p.because === "rule") return { kind: "rule", label: `${release} rule`, brief: `${release} rule: ${label}`, spoken: `set by ${release}, ${label}`, title: `${release} advertises ${p.path.join(".")} ${label}` };
    return { kind: "default", label, brief: label, spoken: `set by ${label}`, title: `the MCPServer config's ${label}` };
  },
  recognises: "mcp-framework servers: new MCPServer(...) from mcp-framework, with the tools/, prompts/ and resources/ folders its loaders scan",
};
