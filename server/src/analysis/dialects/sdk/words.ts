// How the SDK dialect's causes read: the constructor's options, a registration call, a merge with
// registerCapabilities, or a default the SDK applies on its own.
import type { CauseWords, DialectWords } from "../../core/dialect";
import type { ProvenanceEntry } from "../../core/model/provenance";
import type { ServerReport } from "../../core/model/serverReport";
import { sdkDetailsOf } from "./details";

const REGISTRATIONS = new Set(["registerTool", "tool", "registerResource", "resource", "registerPrompt", "prompt", "registerToolTask"]);

function cause(server: ServerReport, p: ProvenanceEntry): CauseWords {
  const w = words(server, p);
  return { ...w, brief: w.label };
}

function words(server: ServerReport, p: ProvenanceEntry): Omit<CauseWords, "brief"> {
  const version = sdkDetailsOf(server.details)?.version ?? "v2";
  const flag = p.path.length === 2 && p.path[1] === "listChanged";
  if (p.because === "constructor") {
    return { kind: "base", label: "constructor options", spoken: "declared in the constructor options", title: "Declared in the capabilities passed to the constructor" };
  }
  if (p.because === "registerCapabilities") {
    return { kind: "base", label: "registerCapabilities", spoken: "merged in by registerCapabilities", title: "Merged into the capabilities by registerCapabilities()" };
  }
  if (p.because === "eagerInstall" || (REGISTRATIONS.has(p.because) && flag)) {
    const label = version === "v1" ? "SDK v1 default: listChanged forced true" : "SDK v2 default: listChanged true unless written";
    const what = p.because === "eagerInstall" ? "a primitive declared in the constructor" : `the first ${p.because}`;
    return {
      kind: "rule",
      label: flag ? label : `McpServer installs ${p.path[0]} handlers`,
      spoken: flag ? `${label}, at ${what}` : `McpServer installs the ${p.path[0]} handlers for ${what}`,
      title: version === "v1" ? "SDK v1 merges listChanged: true when it installs a primitive's handlers, even over an explicit false" : "SDK v2 sets listChanged at the first registration, keeping a value the options wrote",
    };
  }
  if (REGISTRATIONS.has(p.because)) {
    return { kind: "registration", label: p.because, spoken: `added by ${p.because}`, title: `McpServer advertises ${p.path[0]} once something is registered with ${p.because}` };
  }
  if (p.because === "completable" || p.because === "resourceTemplate.complete") {
    const label = p.because === "completable" ? "completable()" : "ResourceTemplate complete";
    return { kind: "registration", label: p.detail ? `${label} · ${p.detail}` : label, spoken: `added by ${label}${p.detail ? `, ${p.detail}` : ""}`, title: "McpServer advertises completions when something can be completed" };
  }
  // Any other call of the server's story (none today): named as written, never as a class or component.
  return { kind: "registration", label: p.detail ? `${p.because} · ${p.detail}` : p.because, spoken: `set by ${p.because}`, title: `Set by ${p.because}` };
}

export const sdkWords: DialectWords = {
  serverNoun: "SDK server",
  tag: (server) => (server.dialect === "sdk-v1" ? "SDK v1" : "SDK v2"),
  cause,
  recognises: "SDK servers: new McpServer(...) or new Server(...) from @modelcontextprotocol/sdk or @modelcontextprotocol/server",
};
