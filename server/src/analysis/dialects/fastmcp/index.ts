// fastmcp (npm `fastmcp`): `new FastMCP({...})`, then `addTool`/`addResource`/`addResourceTemplate`/
// `addPrompt` (and their plural and remove* forms), then `start()` or `connect()`, which creates the
// session whose capabilities a client sees. The rules are keyed by the installed fastmcp release.
import type { Dialect } from "../../core/dialect";
import { analyzeFastmcpServer } from "./analyze";
import { FASTMCP_CODES } from "./codes";
import { fastmcpEditor } from "./editor";
import { findFastmcpSites, isFastmcpSpecifier } from "./findServers";
import { REGISTRATIONS, REMOVALS, STARTS } from "./rules";
import { fastmcpWords } from "./words";

const METHODS = new Set([...Object.keys(REGISTRATIONS), ...Object.keys(REMOVALS), ...STARTS]);

export const fastmcpDialect: Dialect = {
  id: "fastmcp",
  title: "the fastmcp framework",
  mayDeclare: (text) => /from\s+["']fastmcp["']|require\(\s*["']fastmcp["']\s*\)/.test(text),
  flow: { specifier: isFastmcpSpecifier, methods: METHODS },
  unitCount: (_ev, _file, summary) => findFastmcpSites(summary).length,
  analyze(run, file, unit) {
    const site = findFastmcpSites(run.ev.summary(file))[unit]!;
    return analyzeFastmcpServer(run, site);
  },
  codes: FASTMCP_CODES,
  words: fastmcpWords,
  editor: fastmcpEditor,
};
