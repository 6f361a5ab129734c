// How the fastmcp dialect's causes read: a registration (addTool, addResource, ...) or a rule of the
// installed fastmcp release (logging and completions always, listChanged/subscribe with any resource).
import type { CauseWords, DialectWords } from "../../core/dialect";
import type { ProvenanceEntry } from "../../core/model/provenance";
import type { ServerReport } from "../../core/model/serverReport";
import { fastmcpDetailsOf } from "./details";

function cause(server: ServerReport, p: ProvenanceEntry): CauseWords {
  // The release whose rule it is: the version, or the newest rules known when the version is not.
  const version = fastmcpDetailsOf(server.details)?.rules ?? server.frameworkVersion ?? "unknown";
  if (p.because === "rule") {
    const label = `fastmcp ${version} rule`;
    // The table column says which rule ("fastmcp 4.20.16 always advertises logging"), as the JSON does.
    return { kind: "rule", label, brief: p.detail ?? label, spoken: p.detail ?? `set by a rule of fastmcp ${version}`, title: p.detail ?? label };
  }
  const label = `${p.because}()`;
  return { kind: "registration", label, brief: label, spoken: `added by ${label}`, title: `fastmcp advertises ${p.path[0]} when the session is created with at least one registered` };
}

export const fastmcpWords: DialectWords = {
  serverNoun: "fastmcp server",
  // The report prints the applied version beside the tag already.
  tag: () => "fastmcp",
  cause,
  recognises: "fastmcp servers: new FastMCP({...}) from fastmcp, with addTool/addResource/addResourceTemplate/addPrompt",
};
