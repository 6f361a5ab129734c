// What the pure renderer takes and gives back. The renderer never puts user data into an attribute
// that the script acts on: clickable elements carry `data-act="<index>"` into `actions`, and the
// script posts the action it finds there.
import type { ServerListEntry, ServerReportResult, WireFix, WireLocation } from "../../../../common/protocol";
import type { Era } from "../messages";

export type Action =
  | { readonly kind: "reveal"; readonly location: WireLocation }
  | { readonly kind: "openRule"; readonly code: string }
  | { readonly kind: "applyFix"; readonly fix: WireFix }
  | { readonly kind: "copy"; readonly text: string; readonly what: string }
  | { readonly kind: "select"; readonly uri: string; readonly name: string }
  /** Collapse or expand a key row (both columns, so they stay aligned). */
  | { readonly kind: "toggleKey"; readonly id: string };

export type PickerState = "closed" | "loading" | "open";

export interface ViewModel {
  readonly report?: ServerReportResult;
  /** Index in `report.servers` to show. */
  readonly selected: number;
  readonly follow: boolean;
  /** Collapsed section ids (`problems`, `wire`) and key rows (`key:<JSON path>`). */
  readonly collapsed: readonly string[];
  readonly focusEra?: Era;
  /** The workspace's servers (picker), once the host has sent them. */
  readonly servers?: readonly ServerListEntry[];
  readonly picker?: PickerState;
  /** Shown instead of a report (no server, starting, or before the first update). */
  readonly empty?: string;
  /** Shown above the last good result. */
  readonly error?: string;
}

/** One independently patchable piece of the page, in document order. */
export interface Part {
  readonly key: string;
  readonly html: string;
}

export interface Rendered {
  readonly parts: readonly Part[];
  readonly actions: readonly Action[];
  readonly html: string;
}

/** Collects the actions of one render; `add` returns the index written into `data-act`. */
export class ActionTable {
  readonly list: Action[] = [];
  add(action: Action): number {
    this.list.push(action);
    return this.list.length - 1;
  }
}

/** The id of a key row in `collapsed` (JSON keeps keys with dots apart from nesting). */
export function keyId(path: readonly string[]): string {
  return `key:${JSON.stringify(path)}`;
}
