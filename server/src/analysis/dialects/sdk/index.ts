// The official MCP TypeScript SDK: v1 (`@modelcontextprotocol/sdk`) and v2 (`@modelcontextprotocol/server`).
// A server is each `new McpServer(...)` / `new Server(...)`; what it advertises is replayed from what
// the program does with it, in order.
import { awaitedStaticCall } from "./literalCalls";
import type { Dialect, Memo } from "../../core/dialect";
import type { Evaluator } from "../../core/evaluate/evaluator";
import { analyzeSdkServer } from "./analyzeSdkServer";
import { asPreOptionsServer, sdkBeforeOptions } from "./preOptionsSdk";
import { preOptionsRelease, sdkReleaseOf } from "./sdkRelease";
import { SDK_CODES } from "./codes";
import { sdkEditor } from "./editor";
import { findSdkSites } from "./findSdkServers";
import { isSdkSpecifier } from "./sdkReexports";
import { sdkWords } from "./words";
import { flowOnDemand } from "../../core/summarize/flowOnDemand";
import type { FlowSpec } from "../../core/summarize/flowSummary";
import { zodMainOf } from "./zodFlavours";
import { SDK_METHODS } from "./sdkTables";



/**
 * Names that make a file relevant wherever they are imported from: the SDK's server classes reached
 * through the workspace's own module (`./vendor/sdk.js`, a barrel, a workspace package).
 */
const REEXPORTED_NAMES: ReadonlySet<string> = new Set(["McpServer", "Server"]);
const REEXPORTED_NAMES_TEXT = /\bMcpServer\b|\bnew\s+Server\s*\(/;

const SDK_FLOW: FlowSpec = { specifier: isSdkSpecifier, hints: ["@modelcontextprotocol/"], methods: SDK_METHODS, names: REEXPORTED_NAMES };

export const sdkDialect: Dialect = {
  id: "sdk",
  title: "the official MCP TypeScript SDK",
  // Both names hold "Server": the plain search rules out most texts faster than the pattern does.
  mayDeclare: (text) => text.includes("@modelcontextprotocol/") || (text.includes("Server") && REEXPORTED_NAMES_TEXT.test(text)),
  flow: SDK_FLOW,
  unitCount: (ev, file, _summary, memo) => sitesOf(ev, file, memo).length,
  analyze(run, file, unit) {
    const site = sitesOf(run.ev, file, run.memo)[unit]!;
    // Files elsewhere that call the server's factory are summarised with a flow when found.
    const demand = flowOnDemand(run.ev, SDK_FLOW);
    const old = site.version === "v1" ? sdkBeforeOptions(run, file) : undefined;
    // SDK 0.4.0 has the low-level Server only, with its own rules; its McpServer import fails to load.
    const release = old !== undefined && site.kind === "low" ? preOptionsRelease(old) : site.version === "v1" ? sdkReleaseOf(run, file) : undefined;
    const zodMain = site.version === "v1" ? () => zodMainOf(run, file) : undefined;
    const analysed = analyzeSdkServer(demand.ev, site, { ...(run.listDirectory ? { list: run.listDirectory } : {}), want: demand.want, ...(run.memo ? { memo: run.memo } : {}) }, release, zodMain);
    const { server, diagnostics } = old !== undefined && site.kind !== "low" ? asPreOptionsServer(analysed.server, old) : analysed;
    return { name: server.name, loc: server.loc, server, diagnostics };
  },
  codes: SDK_CODES,
  runsItsSource: true,
  awaitedCall: awaitedStaticCall,
  words: sdkWords,
  editor: sdkEditor,
};

/**
 * The file's servers, found once per whole-workspace analysis rather than once per server (each of a
 * file's servers is a unit that asks). Both askers pass an evaluator nothing has used yet.
 */
function sitesOf(ev: Evaluator, file: string, memo: Memo | undefined) {
  return memo ? memo(`sdk-sites\u0000${file}`, () => findSdkSites(ev, file)) : findSdkSites(ev, file);
}
