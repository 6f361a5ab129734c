/// <reference lib="dom" />
/// <reference types="vscode-webview" />
// The Capability Preview's script (bundled to dist/webview/preview.js). It keeps a view model, renders
// it with the pure renderer, patches the page, persists PreviewState, and turns clicks and keys into
// messages for the host. All user data stays in the renderer's action table: elements only hold
// indexes into it.
import { DEFAULT_PREVIEW_STATE, type FromWebview, type PreviewState, type ToWebview } from "../messages";
import type { Action, Part, ViewModel } from "./model";
import { listMove, treeMove, type ListMove } from "./navigation";
import { patchParts } from "./patch";
import { renderView, shownServer } from "./render";

const vscode = acquireVsCodeApi<PreviewState>();
const root = document.getElementById("root")!;

let state: PreviewState = { ...DEFAULT_PREVIEW_STATE, ...(vscode.getState() ?? {}) };
let vm: ViewModel = { selected: -1, follow: state.follow, collapsed: state.collapsed, ...(state.focusEra ? { focusEra: state.focusEra } : {}) };
let parts: readonly Part[] = [];
let actions: readonly Action[] = [];
let painted = false;
let scrollRestored = false;
let lastFocusEra: string | undefined;
/** The row that holds each tree's tab stop, by `data-key` (kept across re-renders). */
const rovingKey = new Map<string, string>();

const post = (message: FromWebview) => vscode.postMessage(message);

function save(patch: Partial<PreviewState>): void {
  state = { ...state, ...patch };
  vscode.setState(state);
}

function paint(): void {
  const next = renderView(vm);
  patchParts(root, parts, next.parts);
  parts = next.parts;
  actions = next.actions;
  root.removeAttribute("aria-busy");
  restoreRoving();
  placeMenu();
  painted = true;
}

// ---------------------------------------------------------------------------------------------
// Messages from the host

window.addEventListener("message", (event: MessageEvent<ToWebview>) => {
  const m = event.data;
  if (!m || typeof m !== "object" || typeof m.type !== "string") return;
  switch (m.type) {
    case "update": {
      const firstData = !vm.report;
      vm = { ...vm, report: m.report, selected: m.selected, follow: m.follow, focusEra: m.focusEra, empty: undefined, error: undefined };
      const server = shownServer(vm);
      save({ source: m.source, follow: m.follow, ...(server ? { server: server.name } : {}), ...(m.focusEra ? { focusEra: m.focusEra } : {}) });
      paint();
      if (firstData && !vm.servers) post({ type: "listServers" });
      afterData(m.focusEra);
      return;
    }
    case "serverList":
      vm = { ...vm, servers: m.servers, picker: vm.picker === "loading" ? "open" : vm.picker };
      paint();
      if (vm.picker === "open") focusOption("selected");
      return;
    case "empty":
      vm = { ...vm, empty: m.message, error: undefined };
      paint();
      return;
    case "error":
      vm = { ...vm, error: m.message };
      paint();
      return;
  }
});

/** Scroll is restored once, after the first data; a lens's era focus only when it is new. */
function afterData(focusEra: string | undefined): void {
  if (!scrollRestored) {
    scrollRestored = true;
    if (state.scrollY > 0) {
      requestAnimationFrame(() => window.scrollTo(0, state.scrollY));
      lastFocusEra = focusEra;
      return;
    }
  }
  if (focusEra && focusEra !== lastFocusEra) {
    const column = root.querySelector<HTMLElement>(`.col.era-${focusEra === "legacy" ? "legacy" : "modern"}`);
    column?.scrollIntoView({ block: "nearest" });
    // The panel opens without taking focus from the editor; only a focused page moves focus.
    const row = column?.querySelector<HTMLElement>('[role="treeitem"]');
    if (row && document.hasFocus()) focusRow(row);
  }
  lastFocusEra = focusEra;
}

let scrollTimer: number | undefined;
window.addEventListener("scroll", () => {
  if (!painted || scrollTimer !== undefined) return;
  scrollTimer = window.setTimeout(() => {
    scrollTimer = undefined;
    save({ scrollY: Math.round(window.scrollY) });
  }, 200);
});

// ---------------------------------------------------------------------------------------------
// Actions and commands

function toggleCollapsed(id: string): void {
  const collapsed = vm.collapsed.includes(id) ? vm.collapsed.filter((c) => c !== id) : [...vm.collapsed, id];
  vm = { ...vm, collapsed };
  save({ collapsed });
  paint();
}

function run(action: Action | undefined): void {
  if (!action) return;
  switch (action.kind) {
    case "reveal":
      return post({ type: "reveal", location: action.location });
    case "openRule":
      return post({ type: "openRule", code: action.code });
    case "applyFix":
      return post({ type: "applyFix", fix: action.fix });
    case "copy":
      return post({ type: "copy", text: action.text, what: action.what });
    case "select":
      post({ type: "selectServer", uri: action.uri, name: action.name });
      closePicker(true);
      return;
    case "toggleKey":
      return toggleCollapsed(action.id);
  }
}

const actionOf = (el: Element | null | undefined, attr: "act" | "copy" | "toggle" = "act"): Action | undefined => {
  const raw = el instanceof HTMLElement ? el.dataset[attr] : undefined;
  return raw === undefined ? undefined : actions[Number(raw)];
};

function openPicker(): void {
  vm = { ...vm, picker: vm.servers ? "open" : "loading" };
  post({ type: "listServers" });
  paint();
  if (vm.picker === "open") focusOption("selected");
}

function closePicker(focusButton: boolean): void {
  if ((vm.picker ?? "closed") === "closed") return;
  vm = { ...vm, picker: "closed" };
  paint();
  if (focusButton) document.getElementById("picker-btn")?.focus();
}

function command(el: HTMLElement): void {
  switch (el.dataset.cmd) {
    case "picker":
      return (vm.picker ?? "closed") === "closed" ? openPicker() : closePicker(false);
    case "follow": {
      const follow = !vm.follow;
      vm = { ...vm, follow };
      save({ follow });
      post({ type: "setFollow", follow });
      return paint();
    }
    case "refresh":
      return post({ type: "refresh" });
    case "section":
      if (el.dataset.section === "problems" || el.dataset.section === "wire") toggleCollapsed(el.dataset.section);
      return;
  }
}

root.addEventListener("click", (event) => {
  const target = event.target as Element;
  const cmd = target.closest<HTMLElement>("[data-cmd]");
  if (cmd && cmd.dataset.cmd !== "tasks") return command(cmd);
  const acting = target.closest<HTMLElement>("[data-act]");
  const row = target.closest<HTMLElement>('[role="treeitem"]');
  // A row's own action is for Enter; by mouse, the key name and the chip are the links.
  if (acting && acting !== row) return run(actionOf(acting));
  if (row) focusRow(row);
});

root.addEventListener("change", (event) => {
  const input = event.target as HTMLInputElement;
  if (input.dataset.cmd !== "tasks") return;
  post({ type: "setTasks", on: input.checked });
  // Forget the painted header, so the next update redraws the box even if the write was refused.
  parts = parts.filter((p) => p.key !== "header");
});

document.addEventListener("click", (event) => {
  if ((vm.picker ?? "closed") === "closed") return;
  const t = event.target as Element;
  if (!t.closest("#picker-list") && !t.closest("#picker-btn")) closePicker(false);
});

// ---------------------------------------------------------------------------------------------
// Keyboard (editor-ux §5): trees by arrows, Enter jumps to the cause, Ctrl+C copies the row

function treeRows(tree: Element): HTMLElement[] {
  return Array.from(tree.querySelectorAll<HTMLElement>('[role="treeitem"]'));
}

function focusRow(row: HTMLElement): void {
  const tree = row.closest('[role="tree"]');
  if (!tree) return;
  for (const r of treeRows(tree)) r.tabIndex = r === row ? 0 : -1;
  const era = row.closest(".col")?.classList.contains("era-legacy") ? "legacy" : "modern";
  if (row.dataset.key) rovingKey.set(era, row.dataset.key);
  row.focus();
}

/** After a re-render, the remembered row of each tree gets the tab stop back. */
function restoreRoving(): void {
  for (const tree of Array.from(root.querySelectorAll('[role="tree"]'))) {
    const era = tree.closest(".col")?.classList.contains("era-legacy") ? "legacy" : "modern";
    const rows = treeRows(tree);
    const key = rovingKey.get(era);
    const keep = rows.find((r) => r.dataset.key === key) ?? rows[0];
    for (const r of rows) r.tabIndex = r === keep ? 0 : -1;
  }
}

function treeKey(event: KeyboardEvent, row: HTMLElement): boolean {
  const tree = row.closest('[role="tree"]');
  if (!tree) return false;
  if (event.key === "Enter") {
    run(actionOf(row));
    return true;
  }
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "c" && !window.getSelection()?.toString()) {
    run(actionOf(row, "copy"));
    return true;
  }
  const rows = treeRows(tree);
  const shape = rows.map((r) => {
    const expanded = r.getAttribute("aria-expanded");
    return { level: Number(r.getAttribute("aria-level") ?? "1"), ...(expanded === null ? {} : { expanded: expanded === "true" }) };
  });
  const move = treeMove(shape, rows.indexOf(row), event.key);
  if (move && "focus" in move) focusRow(rows[move.focus]!);
  else if (move) run(actionOf(row, "toggle"));
  return ["ArrowDown", "ArrowUp", "ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key);
}

function focusOption(which: ListMove): void {
  const options = Array.from(root.querySelectorAll<HTMLElement>('#picker-list [role="option"]'));
  const current = options.indexOf(document.activeElement as HTMLElement);
  const selected = options.findIndex((o) => o.getAttribute("aria-selected") === "true");
  options[listMove(options.length, current, selected, which)]?.focus();
}

function pickerKey(event: KeyboardEvent, option: HTMLElement): boolean {
  switch (event.key) {
    case "ArrowDown":
      focusOption("next");
      return true;
    case "ArrowUp":
      focusOption("prev");
      return true;
    case "Home":
      focusOption("first");
      return true;
    case "End":
      focusOption("last");
      return true;
    case "Enter":
    case " ":
      run(actionOf(option));
      return true;
    case "Tab":
      closePicker(false);
      return false;
  }
  return false;
}

root.addEventListener("keydown", (event) => {
  const target = event.target as HTMLElement;
  if (event.key === "Escape" && (vm.picker ?? "closed") !== "closed") {
    closePicker(true);
    event.preventDefault();
    return;
  }
  let handled = false;
  if (target.getAttribute("role") === "treeitem") handled = treeKey(event, target);
  else if (target.getAttribute("role") === "option") handled = pickerKey(event, target);
  else if (target.dataset.cmd === "picker" && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
    openPicker();
    handled = true;
  }
  if (handled) event.preventDefault();
});

/** The menu hangs under the picker button (positioned through CSSOM, which the CSP allows). */
function placeMenu(): void {
  const menu = document.getElementById("picker-list");
  const button = document.getElementById("picker-btn");
  if (!menu || !button) return;
  const r = button.getBoundingClientRect();
  menu.style.top = `${Math.round(r.bottom + window.scrollY + 2)}px`;
  menu.style.left = `${Math.round(Math.max(8, r.right + window.scrollX - menu.offsetWidth))}px`;
  menu.style.minWidth = `${Math.round(r.width)}px`;
}

window.addEventListener("resize", placeMenu);

post({ type: "ready", state });
