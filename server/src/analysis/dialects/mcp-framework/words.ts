import type { DialectWords } from "../../core/dialect";

export const words: DialectWords = {
  serverNoun: "mcp-framework server",
  // The generic layers add the version beside the tag.
  tag: () => "mcp-framework",
  cause: (_server, p) => {
    const label = p.detail ?? p.because;
    if (p.because.endsWith("/")) return { kind: "component", label, brief: label, spoken: `found by the ${p.because} loader in ${label}`, title: `mcp-framework's loader finds ${label} and advertises ${p.path.join(".")}` };
    if (p.because.startsWith("add")) return { kind: "registration", label, brief: label, spoken: `added by ${label}`, title: `${label} registers it before start()` };
    if (p.because === "rule") return { kind: "rule", label: "framework rule", brief: "framework rule", spoken: `set by mcp-framework ${label}`, title: `mcp-framework advertises ${p.path.join(".")} ${label}` };
    return { kind: "default", label, brief: label, spoken: `set by ${label}`, title: `the MCPServer config's ${label}` };
  },
  recognises: "mcp-framework servers: new MCPServer(...) from mcp-framework, with the tools/, prompts/ and resources/ folders its loaders scan",
};
