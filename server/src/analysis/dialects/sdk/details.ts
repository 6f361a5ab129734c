import type { Loc } from "../../core/evaluate/values";
import type { DialectDetails } from "../../core/model/serverReport";
import { entryName, type EntryFacts } from "./entryPoint";
import type { SdkSite } from "./findSdkServers";
import type { ReplayResult } from "./replay";
import type { ServerInfo } from "./serverInfo";
import type { SdkVersion } from "./sdkTables";
import type { SdkStep } from "./steps";

/** What the SDK dialect keeps of a server for its editor features. */
export interface SdkDetails extends DialectDetails {
  readonly kind: "sdk";
  readonly version: SdkVersion;
  /** `mcp`: McpServer (registers for you); `low`: the low-level Server. */
  readonly serverClass: "mcp" | "low";
  /** The `serverInfo` written in the constructor, when it is literal. */
  readonly info: ServerInfo;
  /** The variable, field or factory that holds the server (`server`, `Agent.server`, `createServer`). */
  readonly binding: string;
  /** What the construction is assigned to as written (`server`, `this.server`); none for `return new McpServer(...)`. */
  readonly target?: string;
  /** The `new McpServer(...)` expression, and the part of it that names the class (`new McpServer`). */
  readonly construction: Loc;
  readonly constructorName: Loc;
  /** The factory function's name, when the server is built in a function that returns it. */
  readonly factory?: Loc;
  /** The entry point in words (`connect(StdioServerTransport)`, `createMcpHandler`), and where it is called. */
  readonly servedVia: string;
  readonly entry?: Loc;
  /** Each registration, merge, handler and completable argument, in the order they ran. */
  readonly steps: readonly SdkStep[];
}

export function sdkDetails(site: SdkSite, replay: ReplayResult, facts: EntryFacts): SdkDetails {
  const ctorEnd = site.event.args[0]?.span.start ?? site.event.span.end;
  // `new McpServer(`: from `new` to the parenthesis, the part a hover means the server by.
  const constructorName: Loc = { file: site.file, span: { start: site.event.span.start, end: Math.max(site.event.span.start, ctorEnd - 1) } };
  const target = site.event.target && site.event.target[0] !== "<return>" ? site.event.target.join(".") : undefined;
  return {
    kind: "sdk",
    version: site.version,
    serverClass: site.kind,
    info: site.info,
    binding: site.binding,
    ...(target ? { target } : {}),
    construction: facts.construction,
    constructorName,
    ...(facts.factory ? { factory: facts.factory } : {}),
    servedVia: entryName(facts),
    ...(facts.loc ? { entry: facts.loc } : {}),
    steps: replay.steps,
  };
}

export function sdkDetailsOf(details: DialectDetails): SdkDetails | undefined {
  return details.kind === "sdk" ? (details as SdkDetails) : undefined;
}
