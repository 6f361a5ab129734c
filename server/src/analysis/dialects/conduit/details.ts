import type { Json, Loc } from "../../core/evaluate/values";
import type { DialectDetails } from "../../core/model/serverReport";
import type { HandlerName } from "./handlers";

export interface HandlerEntry {
  readonly handler: HandlerName;
  readonly via: "own" | "inherited" | "endpoint";
  readonly className: string;
  readonly loc: Loc;
}

/** What the conduit dialect keeps of a server class for its own editor features. */
export interface ConduitDetails extends DialectDetails {
  readonly kind: "conduit";
  readonly base: { readonly kind: "default" | "explicit" | "endpoint"; readonly json: Json | null; readonly loc?: Loc };
  readonly handlers: readonly HandlerEntry[];
  /** The class and its ancestors, nearest first. */
  readonly chain: readonly { readonly name: string; readonly loc: Loc }[];
  /** Where a handler stub goes: before the class's closing brace, with the members' indentation. */
  readonly stubInsert: { readonly loc: Loc; readonly indent: string };
}

export function conduitDetails(details: DialectDetails): ConduitDetails | undefined {
  return details.kind === "conduit" ? (details as ConduitDetails) : undefined;
}
