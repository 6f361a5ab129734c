// Header (server, location, tags, picker, tasks switch, follow toggle, refresh), the server menu,
// banners and the legend. Controls carry fixed `data-cmd` names; anything naming user data goes
// through the action table.
import type { ServerListEntry, ServerReportResult, WireServer } from "../../../../common/protocol";
import { fileLine } from "./causes";
import { baseName, html, join, lastSegments, type SafeHtml } from "./escape";
import { icons } from "./icons";
import type { ActionTable, PickerState, ViewModel } from "./model";

/** The workspace's servers with the current file's first (the picker's order). */
export function orderedServers(servers: readonly ServerListEntry[], currentUri: string | undefined): ServerListEntry[] {
  const here = servers.filter((s) => s.uri === currentUri);
  const rest = servers.filter((s) => s.uri !== currentUri);
  return [...here, ...rest];
}

/** "1 of 2" over the workspace once its list is known, else over the document. */
export function position(vm: ViewModel, server: WireServer | undefined): string {
  const report = vm.report;
  if (!server || !report) return "";
  if (vm.servers && vm.servers.length > 0) {
    const list = orderedServers(vm.servers, server.location.uri);
    const i = list.findIndex((s) => s.uri === server.location.uri && s.name === server.name);
    if (i >= 0) return `${i + 1} of ${list.length}`;
  }
  return `${vm.selected + 1} of ${report.servers.length} in this file`;
}

const TASKS_FROM: Readonly<Record<ServerReportResult["tasksSource"], string>> = {
  setting: "set in the workspace settings",
  "package.json": "set in package.json",
  default: "default (off)",
};

function controls(vm: ViewModel, server: WireServer | undefined): SafeHtml {
  const report = vm.report;
  const pickerOpen = (vm.picker ?? "closed") !== "closed";
  const pickerLabel = server
    ? html`<span class="sn">${server.name}</span><span class="d">${fileLine(server.location)} · ${position(vm, server)}</span>`
    : html`<span class="sn">Choose a server…</span>`;
  // The switch only where it changes something: a server whose own code decides its extensions has none.
  const tasks = report && (!server || server.followsTasksSetting)
    ? html`<label class="cb" title="${`Tasks extension: ${TASKS_FROM[report.tasksSource] ?? report.tasksSource}. Ticking writes the workspace setting.`}"><input type="checkbox" data-cmd="tasks"${report.tasksExtension ? html` checked` : ""}><span>Tasks extension</span></label>`
    : "";
  return html`<div class="ctrls"><span class="fld"><span id="picker-label">Server</span><button type="button" class="select" id="picker-btn" data-cmd="picker" aria-haspopup="listbox" aria-expanded="${pickerOpen ? "true" : "false"}" aria-labelledby="picker-label picker-btn"${
    pickerOpen ? html` aria-controls="picker-list"` : ""
  }>${pickerLabel}${icons.chevronDown()}</button></span>${tasks}<button type="button" class="tgl${vm.follow ? " on" : ""}" data-cmd="follow" aria-pressed="${vm.follow ? "true" : "false"}" title="${
    vm.follow ? "Showing the server at the cursor. Click to pin this one." : "Pinned. Click to follow the cursor."
  }">${icons.follow()}<span>Follow cursor</span></button><button type="button" class="ibtn" data-cmd="refresh" aria-label="Refresh" title="Refresh">${icons.refresh()}</button></div>`;
}

export function renderHeader(vm: ViewModel, server: WireServer | undefined, actions: ActionTable): SafeHtml {
  if (!server) {
    return html`<header class="hd">${icons.lens()}<h1>Capability Preview</h1>${controls(vm, undefined)}</header>`;
  }
  const reveal = actions.add({ kind: "reveal", location: server.location });
  const shown = `${lastSegments(server.location.uri, 2)}:${server.location.range.start.line + 1}`;
  return html`<header class="hd">${icons.lens()}<h1>${server.name}</h1><button type="button" class="linkbtn hloc" data-act="${reveal}" title="${`Go to ${server.name} in ${baseName(server.location.uri)}`}">${shown}</button><span class="tag">${server.dialectTag ?? server.dialect} dialect</span>${
    server.exact ? "" : html`<span class="tag approx" title="Parts of this server are only known when it runs (≈)">≈ approximate</span>`
  }${controls(vm, server)}</header>`;
}

export function renderPicker(state: PickerState, servers: readonly ServerListEntry[] | undefined, current: WireServer | undefined, actions: ActionTable): SafeHtml {
  if (state === "closed") return html``;
  if (state === "loading" || !servers) {
    return html`<div class="menu" id="picker-list" role="listbox" aria-label="Servers of the workspace" aria-busy="true"><div class="menu-note">Loading servers…</div></div>`;
  }
  if (servers.length === 0) {
    return html`<div class="menu" id="picker-list" role="listbox" aria-label="Servers of the workspace"><div class="menu-note">No MCP servers in this workspace.</div></div>`;
  }
  const list = orderedServers(servers, current?.location.uri);
  const options = list.map((s, i) => {
    const selected = !!current && s.uri === current.location.uri && s.name === current.name;
    const act = actions.add({ kind: "select", uri: s.uri, name: s.name });
    return html`<li role="option" id="${`opt-${i}`}" class="opt${selected ? " sel" : ""}" aria-selected="${selected ? "true" : "false"}" tabindex="-1" data-act="${act}"><span class="sn">${s.name}</span><span class="d">${lastSegments(s.uri, 2)}:${s.line + 1}</span></li>`;
  });
  return html`<ul class="menu" id="picker-list" role="listbox" aria-label="Servers of the workspace">${join(options)}</ul>`;
}

export function renderBanners(vm: ViewModel): SafeHtml {
  const out: SafeHtml[] = [];
  if (vm.error) out.push(html`<div class="banner err" role="alert">${icons.error()}<span>${vm.error}</span></div>`);
  if (vm.report?.stale !== undefined) {
    out.push(
      html`<div class="banner stale" role="status">${icons.warning()}<span>${vm.report.stale || "The file does not parse: showing the last result that did."}</span></div>`,
    );
  }
  return join(out);
}

export function renderLegend(): SafeHtml {
  return html`<div class="legend" role="note" aria-label="Legend"><span class="era"><i class="dot legacy" aria-hidden="true"></i>Legacy = initialize</span><span class="era"><i class="dot modern" aria-hidden="true"></i>Modern = server/discover</span><span class="vs" aria-hidden="true"></span><span class="sw"><span class="sq add" aria-hidden="true">+</span>added or turned on in modern</span><span class="sw"><span class="sq del" aria-hidden="true">−</span>legacy only</span><span class="sw"><span class="sq hatch" aria-hidden="true"></span>not in this era</span><span class="sw"><span class="sq strike" aria-hidden="true">ab</span>missing</span><span class="sw"><span class="chip c-handler" aria-hidden="true">${icons.method()}<span class="cl">cause</span></span>click to open</span></div>`;
}
