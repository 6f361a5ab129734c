// What the fastmcp dialect keeps of a server for its editor features.
import type { Loc } from "../../core/evaluate/values";
import type { DialectDetails } from "../../core/model/serverReport";

export interface FastmcpCall {
  readonly method: string;
  readonly loc: Loc;
  /** One sentence: what this call does to the advertised capabilities. */
  readonly effect: string;
}

export interface FastmcpDetails extends DialectDetails {
  readonly kind: "fastmcp";
  readonly version: string | undefined;
  /** The releases whose rules are applied: the version, or the newest range known when it is not known. */
  readonly rules: string;
  readonly construction: Loc;
  readonly calls: readonly FastmcpCall[];
}

export function fastmcpDetailsOf(d: DialectDetails): FastmcpDetails | undefined {
  return d.kind === "fastmcp" ? (d as FastmcpDetails) : undefined;
}
