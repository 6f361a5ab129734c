// The Capability Preview's body from the data the host sends: pure (no DOM), so it is unit-tested
// in Node and the webview script only patches what changed. Output is split into parts that the
// script replaces one by one, so an update never re-creates what did not change.
import type { WireServer } from "../../../../common/protocol";
import { renderColumns } from "./columns";
import { html, type SafeHtml } from "./escape";
import { renderBanners, renderHeader, renderLegend, renderPicker } from "./header";
import { icons } from "./icons";
import { ActionTable, type Part, type Rendered, type ViewModel } from "./model";
import { renderProblems } from "./problems";
import { summarySentence } from "./summary";
import { renderWire } from "./wireShape";

export type { Action, Rendered, ViewModel } from "./model";

/** The server the model shows, if any. */
export function shownServer(vm: ViewModel): WireServer | undefined {
  const servers = vm.report?.servers;
  return servers && vm.selected >= 0 && vm.selected < servers.length ? servers[vm.selected] : undefined;
}

function part(key: string, content: SafeHtml, attrs: SafeHtml = html``): Part {
  return { key, html: html`<div class="part p-${key}" data-part="${key}"${attrs}>${content}</div>`.value };
}

function emptyState(vm: ViewModel): SafeHtml {
  const others = vm.report && vm.report.servers.length > 0;
  const message = vm.empty ?? (others ? "The cursor is not in an MCP server." : "No MCP server to show.");
  return html`<div class="empty">${icons.lens()}<p class="big">${message}</p><p>Put the cursor in an MCP server, or choose one with the Server picker above.</p></div>`;
}

export function renderView(vm: ViewModel): Rendered {
  const actions = new ActionTable();
  const server = vm.empty === undefined ? shownServer(vm) : undefined;
  const collapsed = new Set(vm.collapsed);
  const parts: Part[] = [part("header", renderHeader(vm, server, actions))];
  const picker = renderPicker(vm.picker ?? "closed", vm.servers, server, actions);
  if (picker.value) parts.push(part("picker", picker));
  const banners = renderBanners(server ? vm : { ...vm, report: undefined });
  if (banners.value) parts.push(part("banner", banners));
  if (!server) {
    parts.push(part("empty", emptyState(vm)));
  } else {
    parts.push(part("legend", renderLegend()));
    // The live region's element is kept across updates (the script swaps its content), so
    // screen readers announce a changed result.
    parts.push(part("summary", html`<div class="summary">${icons.info()}<span>${summarySentence(server)}</span></div>`, html` role="status" aria-live="polite" data-live="true"`));
    parts.push(part("cols", renderColumns(vm.report!, server, collapsed, actions, vm.focusEra)));
    parts.push(part("problems", renderProblems(server, collapsed.has("problems"), actions)));
    parts.push(part("wire", renderWire(server, collapsed.has("wire"), actions)));
  }
  return { parts, actions: actions.list, html: parts.map((p) => p.html).join("") };
}

/** The whole body as one string (tests, and the first paint). */
export function renderPreview(vm: ViewModel): string {
  return renderView(vm).html;
}
