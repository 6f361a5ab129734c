// Messages between the Capability Preview panel (extension host) and its webview. Both sides import
// this file; every message names its `type`, and data messages name their `source` document.
import type { ServerListEntry, ServerReportResult, WireFix, WireLocation } from "../../../common/protocol";

export type Era = "legacy" | "modern";

/** What the webview persists through `setState` (restored after a window reload). */
export interface PreviewState {
  /** The document the shown server lives in. */
  readonly source?: string;
  /** The server shown, by name within `source`. */
  readonly server?: string;
  /** Follow the cursor (true) or stay pinned on `server`. */
  readonly follow: boolean;
  /** Section ids the user collapsed (`problems`, `wire`). */
  readonly collapsed: readonly string[];
  readonly scrollY: number;
  /** The era a lens click asked to focus, if any. */
  readonly focusEra?: Era;
}

export const DEFAULT_PREVIEW_STATE: PreviewState = { follow: true, collapsed: [], scrollY: 0 };

/** Host → webview. */
export type ToWebview =
  | {
      readonly type: "update";
      readonly source: string;
      readonly report: ServerReportResult;
      /** Index in `report.servers` to show. */
      readonly selected: number;
      readonly follow: boolean;
      readonly focusEra?: Era;
    }
  | { readonly type: "serverList"; readonly servers: readonly ServerListEntry[]; readonly current?: { readonly uri: string; readonly name: string } }
  /** No server to show: the active editor has none, or the server is starting. */
  | { readonly type: "empty"; readonly message: string }
  | { readonly type: "error"; readonly message: string };

/** Webview → host. */
export type FromWebview =
  | { readonly type: "ready"; readonly state: PreviewState }
  | { readonly type: "reveal"; readonly location: WireLocation }
  | { readonly type: "selectServer"; readonly uri: string; readonly name: string }
  | { readonly type: "listServers" }
  | { readonly type: "setTasks"; readonly on: boolean }
  | { readonly type: "setFollow"; readonly follow: boolean }
  | { readonly type: "refresh" }
  | { readonly type: "applyFix"; readonly fix: WireFix }
  | { readonly type: "copy"; readonly text: string; readonly what: string }
  | { readonly type: "openRule"; readonly code: string };
