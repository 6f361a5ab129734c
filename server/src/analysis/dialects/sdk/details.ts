import type { Loc } from "../../core/evaluate/values";
import type { DialectDetails } from "../../core/model/serverReport";
import type { SdkSite } from "./findSdkServers";
import type { Replay } from "./replay";
import type { SdkState } from "./sdkState";
import type { SdkVersion } from "./sdkTables";
import type { ServedEras } from "./analyzeSdkServer";

/** One call that gave the server some of its capabilities, with the keys it set. */
export interface SdkContribution {
  /** `registerTool`, `constructor`, `registerCapabilities`, `completable` … */
  readonly because: string;
  readonly loc: Loc;
  readonly keys: readonly string[];
  readonly detail?: string;
}

/** What the SDK dialect keeps of a server for its editor features. */
export interface SdkDetails extends DialectDetails {
  readonly kind: "sdk";
  readonly version: SdkVersion;
  /** `mcp`: McpServer (registers for you); `low`: the low-level Server. */
  readonly serverClass: "mcp" | "low";
  /** How the server is served (`createMcpHandler`, `serveStdio`, `connect()`), and where. */
  readonly servedVia: string;
  readonly entry?: Loc;
  /** Each place that set keys, in order. */
  readonly contributions: readonly SdkContribution[];
}

export function sdkDetails(site: SdkSite, _replay: Replay, state: SdkState, eras: ServedEras): SdkDetails {
  const byPlace = new Map<string, { because: string; loc: Loc; keys: string[]; detail?: string }>();
  for (const [path, cause] of state.causes) {
    if (!cause.loc) continue;
    const key = `${cause.loc.file}\u0000${cause.loc.span.start}\u0000${cause.because}`;
    let entry = byPlace.get(key);
    if (!entry) byPlace.set(key, (entry = { because: cause.because, loc: cause.loc, keys: [], ...(cause.detail ? { detail: cause.detail } : {}) }));
    entry.keys.push(path);
  }
  return {
    kind: "sdk",
    version: site.version,
    serverClass: site.kind,
    servedVia: eras.via,
    ...(eras.loc ? { entry: eras.loc } : {}),
    contributions: [...byPlace.values()],
  };
}

export function sdkDetailsOf(details: DialectDetails): SdkDetails | undefined {
  return details.kind === "sdk" ? (details as SdkDetails) : undefined;
}
