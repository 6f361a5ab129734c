import type { Loc } from "../evaluate/values";
import type { Era } from "./serverReport";

/** Why a key or flag is in an era (cli.md `provenance`). */
export interface ProvenanceEntry {
  readonly era: Era | "both";
  readonly path: readonly string[];
  /** The cause, in the dialect's terms: `base`, a handler name, `era`, `registerTool`, `constructor` … */
  readonly because: string;
  readonly loc?: Loc;
  /** For people: `AuditBase.handleSetLogLevel` for an inherited handler, `tool component` … */
  readonly detail?: string;
}
