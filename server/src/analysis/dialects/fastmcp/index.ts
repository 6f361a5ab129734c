// fastmcp (npm `fastmcp`): `new FastMCP({...})`, then `addTool`/`addResource`/`addResourceTemplate`/
// `addPrompt` (and their plural and remove* forms), then `start()` or `connect()`, which creates the
// session whose capabilities a client sees. The rules are keyed by the installed fastmcp release.
import type { Dialect } from "../../core/dialect";
import { analyzeFastmcpServer } from "./analyze";
import { FASTMCP_CODES } from "./codes";
import { fastmcpEditor } from "./editor";
import { findFastmcpSites } from "./findServers";
import { fastmcpFlow } from "./flow";
import { fastmcpWords } from "./words";

export const fastmcpDialect: Dialect = {
  id: "fastmcp",
  title: "the fastmcp framework",
  // FastMCP named anywhere: it may come through the workspace's own module re-exporting fastmcp; or
  // an entry of the package that makes one (`fromOpenAPI` of fastmcp/openapi).
  // Both patterns name the package literally: a plain search for it skips most texts far faster than the pattern.
  mayDeclare: (text) =>
    (text.includes("fastmcp") && /from\s+["']fastmcp(?:\/[\w./-]*)?["']|require\(\s*["']fastmcp(?:\/[\w./-]*)?["']\s*\)/.test(text)) || (text.includes("FastMCP") && /\bFastMCP\b/.test(text)),
  flow: fastmcpFlow,
  unitCount: (ev, _file, summary) => findFastmcpSites(summary, ev.host).length,
  analyze(run, file, unit) {
    const site = findFastmcpSites(run.ev.summary(file), run.ev.host, run.ev)[unit]!;
    return analyzeFastmcpServer(run, site);
  },
  codes: FASTMCP_CODES,
  runsItsSource: true,
  words: fastmcpWords,
  editor: fastmcpEditor,
};
