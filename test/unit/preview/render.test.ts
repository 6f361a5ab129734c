// The Capability Preview's renderer on real reports of the example project (fixtures made by the
// language server from examples/): what a user sees, row by row, per editor-ux §4 and §5.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ServerReportResult } from "../../../common/protocol";
import { renderPreview, renderView, type Action, type ViewModel } from "../../../client/src/preview/webview/render";
import { fixture, serverList, strictTags, textOf } from "./markup";

function vm(report: ServerReportResult, extra: Partial<ViewModel> = {}): ViewModel {
  return { report, selected: report.selected < 0 ? 0 : report.selected, follow: true, collapsed: [], ...extra };
}

/** The markup of one era's column. */
function column(markup: string, era: "legacy" | "modern"): string {
  const start = markup.indexOf(`<section class="col era-${era}`);
  assert.ok(start >= 0, `no ${era} column`);
  return markup.slice(start, markup.indexOf("</section>", start));
}

/** Each row of a column: its classes, sign, code text, chip text and aria-label. */
function rows(markup: string, era: "legacy" | "modern") {
  const col = column(markup, era);
  return [...col.matchAll(/<div class="(row[^"]*)"([^>]*)>(.*?)<\/div>(?=<div class="row|<\/div>)/g)].map((m) => {
    const inner = m[3]!;
    const code = /<span class="cd">(.*?)<\/span>(?:<span class="cause">|$)/.exec(inner)?.[1] ?? "";
    const cause = /<span class="cause">(.*)<\/span>$/.exec(inner)?.[1] ?? "";
    return {
      classes: m[1]!.split(" "),
      sign: textOf(/<span class="sg"[^>]*>(.*?)<\/span>/.exec(inner)?.[1] ?? ""),
      code: textOf(code),
      chip: textOf(cause),
      label: textOf(/aria-label="([^"]*)"/.exec(m[2]!)?.[1] ?? ""),
      attrs: m[2]!,
    };
  });
}

const find = (list: ReturnType<typeof rows>, code: string) => {
  const r = list.find((x) => x.code.includes(code));
  assert.ok(r, `no row with ${code}: ${list.map((x) => x.code).join(" | ")}`);
  return r;
};

/** The action of the nearest element with `data-act` that opens before `marker`. */
function actionAt(view: { html: string; actions: readonly Action[] }, marker: string): Action {
  const at = view.html.indexOf(marker);
  assert.ok(at >= 0, `no ${marker}`);
  const acts = [...view.html.slice(0, at + 1).matchAll(/<[a-z]+ [^>]*data-act="(\d+)"[^>]*>/g)];
  assert.ok(acts.length > 0, `no data-act before ${marker}`);
  return view.actions[Number(acts[acts.length - 1]![1])]!;
}

/** One part's markup. */
function partOf(model: ViewModel, key: string): string {
  const p = renderView(model).parts.find((x) => x.key === key);
  assert.ok(p, `no part ${key}`);
  return p.html;
}

describe("preview: InventoryServer (tasks off)", () => {
  const report = fixture("inventory");
  const view = renderView(vm(report, { servers: serverList() }));
  const html = view.html;
  const legacy = rows(html, "legacy");
  const modern = rows(html, "modern");

  it("is well-formed markup of our own elements only", () => {
    strictTags(html);
  });

  it("shows the header: name, file:line, dialect, picker position, switches", () => {
    const text = textOf(html.slice(0, html.indexOf('data-part="legend"')));
    assert.match(text, /InventoryServer/);
    assert.match(text, /src\/inventory\.ts:3/);
    assert.match(text, /conduit dialect/);
    assert.doesNotMatch(text, /approximate/);
    assert.match(text, /inventory\.ts:3 · 1 of \d+/);
    assert.match(text, /Tasks extension/);
    assert.match(html, /<input type="checkbox" data-cmd="tasks">/, "tasks off: unchecked");
    assert.match(html, /data-cmd="follow" aria-pressed="true"/);
    assert.match(html, /data-cmd="refresh" aria-label="Refresh"/);
  });

  // Review of the editor surfaces: the switch was offered above servers whose own code decides their extensions.
  it("offers the tasks switch only for a server the setting changes", () => {
    const report = fixture("inventory");
    const server = { ...report.servers[report.selected]!, followsTasksSetting: undefined };
    const other = { ...report, servers: report.servers.map((s, i) => (i === report.selected ? server : s)) };
    assert.doesNotMatch(renderPreview(vm(other)), /data-cmd="tasks"/);
    assert.match(renderPreview(vm(report)), /data-cmd="tasks"/);
  });

  it("has a legend with every marker in words", () => {
    const legend = textOf(partOf(vm(report), "legend"));
    for (const words of ["Legacy = initialize", "Modern = server/discover", "+added or turned on in modern", "−legacy only", "not in this era", "missing", "cause", "click to open"]) {
      assert.ok(legend.includes(words), `legend lacks "${words}": ${legend}`);
    }
  });

  it("summarises what modern turns on and what differs only in cause", () => {
    const summary = textOf(partOf(vm(report), "summary"));
    assert.equal(summary, "Modern turns on resources.listChanged and tools.listChanged. logging and resources.subscribe are in both eras, for different reasons.");
    assert.match(html, /data-part="summary" role="status" aria-live="polite"/);
  });

  it("titles the columns by era, method and versions", () => {
    assert.match(textOf(column(html, "legacy")), /^Legacy capabilities, initialize result, 2025-11-25 and 2025-06-18Legacy· initialize2025-11-25 · also 2025-06-183 keys/);
    assert.match(textOf(column(html, "modern")), /^Modern capabilities, server\/discover result, 2026-07-28Modern· server\/discover2026-07-283 keys/);
    assert.match(column(html, "legacy"), /<section class="col era-legacy" aria-labelledby="col-legacy"><div class="ch"><span class="sr" id="col-legacy">/);
  });

  it("prints both eras as sorted, pretty JSON, row for row", () => {
    assert.deepEqual(
      legacy.map((r) => r.code),
      ["{", '  "completions": {},', '  "logging": {},', '  "resources": {', '    "listChanged": false,', '    "subscribe": true', "  },", '  "tools": {', '    "listChanged": false', "  }", "}"],
    );
    assert.deepEqual(
      modern.map((r) => r.code),
      ["{", '  "completions": {},', '  "logging": {},', '  "resources": {', '    "listChanged": true,legacy: false', '    "subscribe": true', "  },", '  "tools": {', '    "listChanged": truelegacy: false', "  }", "}"],
    );
  });

  it("marks what modern turns on with a bar class, + and legacy: false", () => {
    const added = modern.filter((r) => r.classes.includes("add"));
    assert.equal(added.length, 2);
    for (const r of added) {
      assert.equal(r.sign, "+");
      assert.match(r.code, /"listChanged": true,?legacy: false/);
    }
    assert.ok(legacy.every((r) => !r.classes.includes("add") && r.sign === ""));
  });

  it("ends each key row with its cause chip and location", () => {
    assert.equal(find(legacy, '"subscribe"').chip, "handleSubscribeResource·inventory.ts:9");
    assert.equal(find(legacy, '"logging"').chip, "AuditBase.handleSetLogLevel·audit-base.ts:1");
    assert.equal(find(legacy, '"resources"').chip, "base · __capabilities__·inventory.ts:5");
    assert.equal(find(legacy, '"listChanged": false,').chip, "base · __capabilities__·inventory.ts:5");
    assert.equal(find(modern, '"logging"').chip, "modern rule · always on");
    assert.equal(find(modern, '"subscribe"').chip, "modern rule · subscriptions/listen");
    assert.equal(find(modern, '"listChanged": true,').chip, "modern rule · subscriptions/listen");
    assert.match(html, /class="chip c-inherited link"/, "inherited handler has its own icon kind");
    assert.match(html, /class="chip c-rule"/);
  });

  it("labels rows for screen readers (editor-ux §5 example)", () => {
    assert.equal(find(legacy, '"subscribe"').label, "resources.subscribe, true, set by handleSubscribeResource, inventory.ts line 9, same in both eras");
    assert.equal(find(modern, '"listChanged": true,').label, "resources.listChanged, true, set by the modern era rule, subscriptions/listen, modern turns it on, legacy: false");
    assert.equal(find(legacy, '"logging"').label, "logging, empty object, set by inherited handler AuditBase.handleSetLogLevel, audit-base.ts line 1, same in both eras");
  });

  it("shows the misspelled handler as a struck-through ghost row with a warning chip, in both eras", () => {
    for (const col of [legacy, modern]) {
      const ghost = find(col, '"completions"');
      assert.ok(ghost.classes.includes("ghost"));
      assert.equal(ghost.chip, "missing? handleCompletion·inventory.ts:10");
      assert.match(ghost.label, /^completions, missing: handleCompletion is not a handler, did you mean handleComplete\? inventory\.ts line 10/);
    }
    assert.match(html, /class="chip c-missing link"/);
  });

  it("makes key names and chips jump to the cause", () => {
    const subscribeChip = actionAt(view, "<span class=\"cl\">handleSubscribeResource");
    assert.deepEqual(subscribeChip, { kind: "reveal", location: report.servers[0]!.provenance.find((p) => p.because === "handleSubscribeResource")!.location });
    const ruleChip = actionAt(view, '<span class="cl">modern rule · always on');
    assert.deepEqual(ruleChip, { kind: "openRule", code: "modern-era" });
    const ghost = actionAt(view, '<span class="cl">missing? handleCompletion');
    assert.equal(ghost.kind, "reveal");
  });

  it("gives every key row Enter and Ctrl+C actions", () => {
    const col = column(html, "legacy");
    const subscribe = /<div class="row key"[^>]*aria-label="resources\.subscribe[^>]*>/.exec(col)![0];
    const act = Number(/data-act="(\d+)"/.exec(subscribe)![1]);
    const copy = Number(/data-copy="(\d+)"/.exec(subscribe)![1]);
    assert.equal(view.actions[act]!.kind, "reveal");
    assert.deepEqual(view.actions[copy], { kind: "copy", text: "resources.subscribe: true", what: "Legacy resources.subscribe" });
  });

  it("lists this server's problems, warnings first, hints too, with code, location and fix buttons", () => {
    const problems = partOf(vm(report), "problems");
    const items = [...problems.matchAll(/<li class="prob sev-(\w+)">(.*?)<\/li>/g)];
    assert.deepEqual(items.map((m) => m[1]), ["warning", "hint"]);
    const first = textOf(items[0]![2]!);
    assert.match(first, /^warning:handleCompletion is not a handler, so completions is not advertised/);
    assert.match(first, /handler-misspelled · warning · inventory\.ts:10:3/);
    assert.match(items[0]![2]!, /<button type="button" class="btn pri" data-act="\d+">Rename to handleComplete<\/button>/);
    assert.match(textOf(items[1]![2]!), /logging-deprecated · hint · audit-base\.ts:1:26/);
    assert.match(textOf(problems), /Problems2/);
    const fix = actionAt(view, ">Rename to handleComplete<");
    assert.equal(fix.kind, "applyFix");
    assert.deepEqual(fix.kind === "applyFix" && fix.fix, report.servers[0]!.diagnostics.find((d) => d.code === "handler-misspelled")!.fixes[0]);
    assert.deepEqual(actionAt(view, ">handler-misspelled<"), { kind: "openRule", code: "handler-misspelled" });
    assert.match(problems, /<code>handleCompletion<\/code>/, "identifiers in code font");
  });

  it("shows the full wire shapes, placeholders dashed and never invented", () => {
    const wire = partOf(vm(report), "wire");
    const pres = [...wire.matchAll(/<pre[^>]*>(.*?)<\/pre>/gs)].map((m) => m[1]!);
    assert.equal(pres.length, 2);
    assert.equal(
      textOf(pres[0]!),
      '{\n  "capabilities": {\n    "logging": {},\n    "resources": { "listChanged": false, "subscribe": true },\n    "tools": { "listChanged": false }\n  },\n  "protocolVersion": "2025-11-25",\n  "serverInfo": from the running server\n}',
    );
    assert.equal(
      textOf(pres[1]!),
      '{\n  "_meta": { "io.modelcontextprotocol/serverInfo": from the running server },\n  "cacheScope": runtime,\n  "capabilities": {\n    "logging": {},\n    "resources": { "listChanged": true, "subscribe": true },\n    "tools": { "listChanged": true }\n  },\n  "resultType": "complete",\n  "supportedVersions": runtime,\n  "ttlMs": runtime\n}',
    );
    assert.equal((pres[1]!.match(/<span class="ph">/g) ?? []).length, 4);
    assert.equal((pres[0]!.match(/<span class="ph">/g) ?? []).length, 1);
    const copy = view.actions.find((a) => a.kind === "copy" && a.what === "server/discover result");
    assert.ok(copy && copy.kind === "copy");
    assert.match(copy.text, /"ttlMs": <runtime>/);
    assert.match(wire, /aria-label="Copy the initialize result"/);
    assert.match(textOf(wire), /Dashed values are set by the running server/);
  });

  it("has accessible structure: trees, levels, a roving tab stop, section buttons", () => {
    for (const era of ["legacy", "modern"] as const) {
      const col = column(html, era);
      assert.match(col, new RegExp(`<div class="rows" role="tree" aria-labelledby="col-${era}">`));
      assert.equal((col.match(/role="treeitem"[^>]*tabindex="0"/g) ?? []).length, 1);
      assert.ok(!/class="row (gap|punct)[^"]*"(?! aria-hidden="true")/.test(col), "gaps and braces are hidden from the tree");
    }
    assert.match(html, /<button type="button" class="shb" id="sh-problems" data-cmd="section" data-section="problems" aria-expanded="true" aria-controls="sec-problems">/);
    assert.match(html, /<button type="button" class="shb" id="sh-wire" data-cmd="section" data-section="wire" aria-expanded="true" aria-controls="sec-wire">/);
    assert.match(find(legacy, '"resources"').attrs, /role="treeitem" aria-level="1" aria-label="resources, [^"]*" aria-expanded="true"/);
    assert.match(find(legacy, '"subscribe"').attrs, /role="treeitem" aria-level="2" aria-label="resources\.subscribe, /);
    assert.doesNotMatch(find(legacy, '"subscribe"').attrs, /aria-expanded/);
  });

  it("is deterministic, split in parts the script patches one by one", () => {
    const again = renderView(vm(report, { servers: serverList() }));
    assert.deepEqual(again.parts, view.parts);
    assert.deepEqual(view.parts.map((p) => p.key), ["header", "legend", "summary", "cols", "problems", "wire"]);
    assert.equal(renderPreview(vm(report, { servers: serverList() })), html);
  });
});

describe("preview: InventoryServer with the tasks extension on", () => {
  const report = fixture("inventory-tasks");
  const html = renderPreview(vm(report));
  const legacy = rows(html, "legacy");
  const modern = rows(html, "modern");

  it("adds the extensions rows in modern, marked +, with tasks-extension chips", () => {
    const ext = find(modern, '"extensions": {');
    assert.ok(ext.classes.includes("add"));
    assert.equal(ext.sign, "+");
    assert.equal(ext.chip, "tasks extension·workspace setting");
    const tasks = find(modern, '"io.modelcontextprotocol/tasks": {}');
    assert.equal(tasks.sign, "+");
    assert.equal(tasks.chip, "tasks extension");
    assert.match(tasks.label, /added in modern, not in legacy/);
    assert.equal(modern.find((r) => r.code === "  },")!.sign, "+", "its closing brace is marked too");
  });

  it("leaves hatched gaps in legacy so the columns stay aligned", () => {
    assert.equal(legacy.length, modern.length);
    const i = modern.findIndex((r) => r.code.includes('"extensions"'));
    assert.deepEqual(legacy.slice(i, i + 3).map((r) => r.classes.join(" ")), ["row gap", "row gap", "row gap"]);
    assert.ok(legacy[i + 3]!.code.includes('"logging"') && modern[i + 3]!.code.includes('"logging"'));
  });

  it("says what modern adds, and ticks the checkbox", () => {
    const summary = textOf(partOf(vm(report), "summary"));
    assert.equal(
      summary,
      'Modern adds extensions["io.modelcontextprotocol/tasks"] and turns on resources.listChanged, tools.listChanged. logging and resources.subscribe are in both eras, for different reasons.',
    );
    assert.match(html, /<input type="checkbox" data-cmd="tasks" checked>/);
    assert.match(textOf(column(html, "modern")), /4 keys/);
    assert.match(textOf(partOf(vm(report), "wire")), /"extensions": \{ "io.modelcontextprotocol\/tasks": \{\} \}/);
  });
});

describe("preview: eras that are not served, inexact servers, stale and empty states", () => {
  it("names the reason when modern is null (BarcodeServer, capability-not-object)", () => {
    const report = fixture("broken");
    const model = vm(report, { selected: report.servers.findIndex((s) => s.name === "BarcodeServer") });
    const html = renderPreview(model);
    const modern = textOf(column(html, "modern"));
    assert.match(modern, /not served/);
    assert.match(modern, /Not served \(capability-not-object\)/);
    assert.match(modern, /server\/discover fails at run time/);
    assert.match(modern, /broken-servers\.ts:41/);
    assert.doesNotMatch(column(html, "modern"), /role="tree"/);
    assert.match(textOf(column(html, "legacy")), /"tools": true/);
    assert.match(textOf(partOf(model, "summary")), /^Modern \(server\/discover\) is not served \(capability-not-object\); only legacy is shown\./);
    assert.match(textOf(partOf(model, "wire")), /server\/discover result · 2026-07-28Not served \(capability-not-object\): no result is sent\./);
  });

  it("shows both eras as unknown for a whole dynamic base, and tags the server approximate", () => {
    const report = fixture("dynamic");
    const html = renderPreview(vm(report, { selected: report.servers.findIndex((s) => s.name === "RemoteConfigServer") }));
    assert.match(textOf(html), /≈ approximate/);
    for (const era of ["legacy", "modern"] as const) assert.match(textOf(column(html, era)), /Not known until the server runs \(capabilities-dynamic\)/);
    assert.match(textOf(html), /Neither era can be shown \(capabilities-dynamic\)\. Approximate:/);
  });

  it("shows what is not known beside the eras, never as keys", () => {
    const report = fixture("dynamic");
    const html = renderPreview(vm(report, { selected: report.servers.findIndex((s) => s.name === "FeatureFlagServer") }));
    assert.doesNotMatch(html, /\$dynamic|\$spread/);
    assert.ok(!rows(html, "legacy").some((r) => /pluginCapabilities|"resources"/.test(r.code)), "unknown parts are not rows");
    assert.match(textOf(html), /Approximate: not known statically, and left out: more keys \(\.\.\.pluginCapabilities\(\) cannot be known without running the server/);
    assert.match(textOf(html), /resources \(resourceCapabilities\(\) cannot be known without running the server/);
  });

  it("names component causes (CatalogEndpoint)", () => {
    const report = fixture("endpoint");
    const html = renderPreview(vm(report));
    const legacy = rows(html, "legacy");
    assert.equal(find(legacy, '"prompts"').chip, "RestockPrompt · prompt component·prompts.ts:5");
    assert.match(html, /class="chip c-component link"/);
  });

  it("marks legacy-only rows with − and leaves a gap in modern (GatewayServer logging.level)", () => {
    const report = fixture("gateway");
    const html = renderPreview(vm(report));
    const legacy = rows(html, "legacy");
    const modern = rows(html, "modern");
    const i = legacy.findIndex((r) => r.code.includes('"level"'));
    assert.ok(legacy[i]!.classes.includes("del"));
    assert.equal(legacy[i]!.sign, "−");
    assert.match(legacy[i]!.label, /legacy only, not in modern/);
    assert.deepEqual(modern[i]!.classes, ["row", "gap"]);
    assert.match(textOf(html), /Only legacy has logging\.level\./);
  });

  it("keeps the last good result under a stale banner", () => {
    const report = fixture("inventory-stale");
    const html = renderPreview(vm(report));
    assert.match(html, /<div class="banner stale" role="status">/);
    assert.match(textOf(html), /The file has syntax errors: showing the last result that parsed\./);
    assert.match(textOf(column(html, "legacy")), /"subscribe": true/);
  });

  it("keeps the last result under an error banner", () => {
    const html = renderPreview(vm(fixture("inventory"), { error: "The language server stopped." }));
    assert.match(html, /<div class="banner err" role="alert">.*The language server stopped\./);
    assert.match(html, /role="tree"/);
  });

  it("has an empty state with the picker when there is no server", () => {
    const html = renderPreview({ selected: -1, follow: true, collapsed: [], empty: "No MCP server class in this file." });
    assert.match(textOf(html), /No MCP server class in this file\./);
    assert.match(textOf(html), /Choose a server…/);
    assert.doesNotMatch(html, /role="tree"/);
    strictTags(html);
  });
});

describe("preview: view state (collapsed sections and keys, focused era, picker)", () => {
  const report = fixture("inventory");

  it("collapses sections and remembers it in the markup", () => {
    const html = renderPreview(vm(report, { collapsed: ["problems", "wire"] }));
    assert.match(html, /data-section="problems" aria-expanded="false"/);
    assert.match(html, /<div id="sec-problems" hidden>/);
    assert.match(html, /<div id="sec-wire" hidden>/);
  });

  it("folds a key in both columns at once", () => {
    const html = renderPreview(vm(report, { collapsed: ['key:["resources"]'] }));
    for (const era of ["legacy", "modern"] as const) {
      const r = rows(html, era);
      assert.equal(find(r, '"resources"').code, '  "resources": {…},');
      assert.ok(!r.some((x) => x.code.includes('"subscribe"')));
      assert.match(find(r, '"resources"').attrs, /aria-expanded="false"/);
    }
  });

  it("highlights the era a lens asked for", () => {
    const html = renderPreview(vm(report, { focusEra: "modern" }));
    assert.match(html, /<section class="col era-modern focused"/);
    assert.match(html, /<section class="col era-legacy"/);
  });

  it("lists the workspace's servers in the picker, current file first", () => {
    const servers = serverList();
    const view = renderView(vm(report, { servers, picker: "open" }));
    assert.equal(view.parts[1]!.key, "picker");
    const options = [...view.html.matchAll(/<li role="option"[^>]*aria-selected="(true|false)"[^>]*data-act="(\d+)">(.*?)<\/li>/g)];
    assert.equal(options.length, servers.length);
    assert.equal(textOf(options[0]![3]!), "InventoryServersrc/inventory.ts:3");
    assert.equal(options[0]![1], "true");
    assert.deepEqual(view.actions[Number(options[1]![2])], { kind: "select", uri: servers.find((s) => s.uri.endsWith("audit-base.ts"))!.uri, name: "AuditBase" });
    assert.match(view.html, /aria-haspopup="listbox" aria-expanded="true"/);
    const loading = renderPreview(vm(report, { picker: "loading" }));
    assert.match(textOf(loading), /Loading servers…/);
  });

  it("counts within the file until the workspace list arrives", () => {
    assert.match(textOf(renderPreview(vm(fixture("broken"), { selected: 2 }))), /broken-servers\.ts:38 · 3 of 5 in this file/);
  });
});

describe("preview: an era only known at run time, with nothing failing", () => {
  it("reads as not known statically, with its reason, neutrally (no error icon, no 'fails')", () => {
    const base = fixture("inventory");
    const s = base.servers[0]!;
    const location = s.location;
    const server = { ...s, legacy: null, modern: null, diagnostics: [], eraNotes: {}, unknown: [{ path: [], reason: "fastmcp is not installed where this file would load it, so its rules are not known", location }] };
    const html = renderPreview(vm({ ...base, servers: [server], selected: 0 }));
    for (const era of ["legacy", "modern"] as const) {
      const col = column(html, era);
      assert.match(textOf(col), /Not known statically/);
      assert.match(textOf(col), /fastmcp is not installed where this file would load it/);
      assert.doesNotMatch(textOf(col), /fails at run time/);
      assert.match(col, /class="notserved neutral"/);
    }
  });
});

describe("preview: both eras stopped by one problem", () => {
  it("tells the problem's message once in the columns, and its few words in the summary and the result cards", () => {
    const base = fixture("inventory");
    const s = base.servers[0]!;
    const location = s.location;
    const message = "capabilities.tools is false while the application serves tools, so every request is answered with -32603.";
    const note = { text: `every request fails: ${message} (mcp-nest-capability-disabled)`, brief: "every request fails (mcp-nest-capability-disabled)", location };
    const server = {
      ...s,
      legacy: null,
      modern: null,
      unknown: [],
      diagnostics: [{ code: "mcp-nest-capability-disabled", severity: "error" as const, message, location, fixes: [] }],
      eraNotes: { legacy: note, modern: note },
    };
    const model = vm({ ...base, servers: [server], selected: 0 });
    const html = renderPreview(model);
    const columns = textOf(column(html, "legacy")) + textOf(column(html, "modern"));
    assert.equal(columns.split(message).length - 1, 1, columns);
    assert.match(textOf(column(html, "modern")), /The same problem as in legacy stops it\./);
    assert.match(textOf(partOf(model, "summary")), /^Neither era can be shown \(every request fails \(mcp-nest-capability-disabled\), /);
    assert.doesNotMatch(textOf(partOf(model, "summary")), /answered with -32603/);
    assert.doesNotMatch(textOf(partOf(model, "wire")), /answered with -32603/);
    assert.match(textOf(partOf(model, "wire")), /Not served \(every request fails \(mcp-nest-capability-disabled\)\): no result is sent\./);
  });
});
