// One mcp-framework server end to end, by `detectCapabilities()` of the installed release (rules.ts):
// `tools`, `prompts`, `resources` as `{}` (0.1.x: `{ enabled: true }`, and tools always) when the
// loader's folder holds a file it accepts or, from 0.2.20, the class was added with addTool & co.
// before start() began (startOrder.ts), and `resources` for a loaded tool's MCP App (toolApps.ts);
// from 0.2.19 `completions: {}` with prompts or resources; from 0.2.20 `logging: {}` only when the
// config sets `logging`, and the 2025-11-25 `tasks` shape with `tasks.enabled` and tools. It serves
// through the SDK `Server` (0.6, then v1), which answers `initialize` only.
import type { DialectRun } from "../../core/dialect";
import { DYNAMIC_KEY, type JsonObject, type Loc, type Value } from "../../core/evaluate/values";
import type { AnalysisDiagnostic, FixData } from "../../core/model/diagnostics";
import type { ProvenanceEntry } from "../../core/model/provenance";
import type { EraNote, ServerReport, UnitAnalysis } from "../../core/model/serverReport";
import { sortUnknown, type UnknownPart, mayNotStart } from "../../core/model/unknown";
import { startupThrowParts } from "../../core/evaluate/startupThrows";
import { literalNameOption } from "../../core/model/text";
import { basename, dirname, joinPath, relativePath } from "../../core/project/paths";
import { resolveBase, type BaseResolution } from "./baseDir";
import { typescriptMajor } from "./rootDir";
import { diagnostic } from "./codes";
import { addedElsewhere } from "./addedElsewhere";
import { passedOn } from "./passedOn";
import { toolAppResources, toolApps, type AppFinding } from "./toolApps";
import { addedToolThrows } from "./addedToolChecks";
import { transportProblem } from "./transportChecks";
import { loopsRunCertainly } from "../../core/evaluate/listItems";
import { nestedStart, startOrder, treeOf } from "./startOrder";
import { exportedHolder } from "./exportedHolder";
import { startedTwice } from "./startedTwice";
import { listLoaderFolder, loadedFiles, type FolderListing } from "./folders";
import { emissionOf } from "./emitted";
import { APPS_FOLDER, RULES, rulesFor, TASKS_SHAPE, type FrameworkRules, type Primitive } from "./rules";
import { declaredRange, lockedVersion, newestPeriodIn, otherLockFile, periodsIn } from "../../core/project/declaredPackage";
import { callsOn, PACKAGE, serverSites, type ServerSite } from "./sites";
import { subclassOf } from "./subclass";
import type { ConfigSource } from "./superConfig";
import { throughConfigFactory } from "./configFactory";
import { constDeclaration } from "../../core/evaluate/constDeclarations";
import { mutatedNamesOf } from "../../core/evaluate/mutation";
import { soleCallScope } from "../../core/evaluate/soleCallScope";

export interface McpFrameworkDetails {
  readonly kind: "mcp-framework";
  readonly base?: { readonly folder: string; readonly how: string };
  readonly folders: Readonly<Partial<Record<Primitive, FolderListing>>>;
  /** addTool/addPrompt/addResource calls that count. */
  readonly added: readonly { readonly key: Primitive; readonly loc: Loc }[];
}

const EMPTY_SPAN = { start: 0, end: 0 };

/**
 * `release`: analyse as that release would (the newest one a package.json range allows, to compare
 * with the locked one); otherwise the installed release, or the one package-lock.json pins.
 */
export function analyzeServer(run: DialectRun, file: string, site: ServerSite, release?: FrameworkRules): UnitAnalysis {
  const summary = run.ev.summary(file)!;
  const loc: Loc = { file, span: site.event.nameSpan };
  const diagnostics: AnalysisDiagnostic[] = [];
  const unknown: UnknownPart[] = [];
  const provenance: ProvenanceEntry[] = [];
  const caps: JsonObject = {};

  // Without node_modules (a fresh checkout), the version package-lock.json pins is the one npm ci installs.
  const installed = release ? undefined : run.installedVersion(file, PACKAGE);
  const locked = release || installed !== undefined ? undefined : lockedVersion(file, PACKAGE, run.fileText, run.withinWorkspace)?.version;
  // Neither: `npm install` gives the newest release the package.json range allows, whose rules apply
  // (as for fastmcp and the SDK); a lock file of another package manager may pin an older one.
  const declared = release || installed !== undefined || locked !== undefined ? undefined : declaredRelease(run, file);
  const version = release ? release.to : installed ?? locked;
  const { rules, exact: known } = release ? { rules: release, exact: true } : declared ? { rules: declared.newest, exact: true } : rulesFor(version);
  const LOADERS = rules.loaders;
  if (version === undefined && !declared) {
    const range = release ? undefined : declaredRange(file, PACKAGE, run.fileText, run.withinWorkspace)?.range;
    const where = range === undefined ? "is not found in node_modules, a package-lock.json or a package.json" : `is not installed and package.json asks for ${JSON.stringify(range)}, which names no release whose rules were read`;
    unknown.push({ path: [], spread: true, reason: `mcp-framework ${where}, so its version is not known: the rules of ${rules.text} were applied`, loc });
  } else if (!known) {
    unknown.push({ path: [], spread: true, reason: `mcp-framework ${version} is installed; the rules applied were read in ${rules.text}`, loc });
    diagnostics.push(diagnostic("mcp-framework-version-unverified", loc, `mcp-framework ${version} is installed, but the capability rules were read in ${rules.text}: the prediction may differ from what this version advertises.`));
  }

  // The config MCPServer's constructor gets: the one given to `new`, or what a subclass hands to super().
  const subclass = site.chain ? subclassOf(run, file, site, site.chain) : undefined;
  // `new MCPServer(buildConfig())`: the object literal the function returns (configFactory.ts).
  const source: ConfigSource = importedConfig(run, throughConfigFactory(run.ev, subclass?.config ?? { k: "expr", expr: site.event.args[0], file }));
  const config = source.k === "expr" ? source.expr : undefined;
  // Called what its clients see when the name option is a literal (in the config, wherever it is
  // written), as fastmcp and SDK servers are.
  const label = literalNameOption(site.event.args[0]) ?? literalNameOption(config) ?? site.name;
  const serverRef = { name: label, loc };
  const configFile = source.k === "expr" ? source.file : file;

  // The loaders and what they find.
  const host = { text: run.fileText, exists: (d: string) => run.listDirectory?.(d) !== undefined, ...(run.listDirectory ? { list: run.listDirectory } : {}), typescriptMajor: () => typescriptMajor(run, file) };
  // The entry script (process.argv[1]) is taken to be the file that builds the server only when that
  // file starts it too: built in one module and started in another, the script node runs is not known.
  const calls = callsOn(summary, site);
  const startCalls = calls.filter((c) => c.call.method === "start" || c.call.method === "handleRequest");
  const startedHere = startCalls.length > 0;
  const base: BaseResolution = source.k === "unknown" ? { ok: false, reason: source.reason, loc: source.loc } : resolveBase(run.ev, file, config, host, rules.base, configFile, startedHere);
  const folders: Partial<Record<Primitive, FolderListing>> = {};
  const present = new Map<Primitive, Loc>();
  const maybe = new Map<Primitive, UnknownPart>();
  const appFindings: AppFinding[] = [];
  if (!run.listDirectory) {
    for (const rule of LOADERS) maybe.set(rule.key, { path: [rule.key], reason: `the ${rule.folder}/ folder cannot be listed here`, loc });
  } else if (!base.ok) {
    for (const rule of LOADERS) maybe.set(rule.key, { path: [rule.key], reason: `${base.reason}; the ${rule.folder}/ loader decides ${rule.key}`, ...(base.loc ? { loc: base.loc } : { loc }) });
  } else {
    // Only what tsc compiles reaches the compiled folder the loaders read.
    const emitted = base.compiledBy ? emissionOf(base.compiledBy, { text: run.fileText, resolve: (s, from) => run.ev.host.resolveModule(s, from), ...(run.listDirectory ? { list: run.listDirectory } : {}) }) : undefined;
    for (const rule of LOADERS) {
      const listing = listLoaderFolder(run.listDirectory, base.folder, rule, base.mirrored, rules, emitted);
      folders[rule.key] = listing;
      const loaded = loadedFiles(listing);
      const unsure = listing.unsure[0];
      if (loaded[0]) present.set(rule.key, { file: loaded[0].path, span: EMPTY_SPAN });
      else if (unsure) maybe.set(rule.key, { path: [rule.key], reason: `${rule.folder}/ holds ${basename(unsure.path)}, loaded only if its compiled form reaches the folder the loader reads, which is not known: ${unsure.why}`, loc: { file: unsure.path, span: EMPTY_SPAN } });
      else if (listing.truncated) maybe.set(rule.key, { path: [rule.key], reason: `${rule.folder}/ nests folders deeper than the analysis follows`, loc });
      for (const f of listing.files) {
        // Read the file so that an edit to it refreshes this server (its classes feed the diagnostics below).
        run.ev.summary(f.path);
        if (f.excludedBy && !meant(f.seenAs, f.excludedBy)) {
          diagnostics.push(diagnostic("mcp-framework-file-excluded", { file: f.path, span: EMPTY_SPAN }, `mcp-framework's ${rule.folder} loader skips ${f.seenAs}: its exclusion pattern "${f.excludedBy}" becomes the unanchored regular expression /${f.excludedBy.replace("*", ".*")}/, which matches this name. Nothing in this file is loaded; rename it.`, { server: serverRef }));
        } else if (f.sourceRunDiffers !== undefined) {
          diagnostics.push(diagnostic("mcp-framework-excluded-from-source", { file: f.path, span: EMPTY_SPAN }, `Compiled, ${f.seenAs} is loaded; run from its sources (tsx, ts-node), mcp-framework's ${rule.folder} loader skips ${basename(f.path)}, because "${f.sourceRunDiffers}" becomes /${f.sourceRunDiffers.replace("*", ".*")}/, which matches it.`, { server: serverRef }));
        } else if (f.linkedInSource) {
          diagnostics.push(diagnostic("mcp-framework-excluded-from-source", { file: f.path, span: EMPTY_SPAN }, `Compiled, ${f.seenAs} is loaded (tsc writes a real file for it); run from its sources (tsx, ts-node), mcp-framework's ${rule.folder} loader skips ${basename(f.path)}: it is reached through a symbolic link, which the loader's folder walk takes for neither a file nor a folder.`, { server: serverRef }));
        }
      }
    }
    if (rules.apps && folders.tools) appFindings.push(...toolApps(run, loadedFiles(folders.tools).map((f) => f.path)));
    const apps = rules.apps ? run.listDirectory(joinPath(base.folder, APPS_FOLDER)) : undefined;
    if (apps && apps.length > 0) {
      for (const key of ["tools", "resources"] as const) if (!present.has(key)) maybe.set(key, { path: [key], reason: `the ${APPS_FOLDER}/ folder adds tools and a resource for each app that validates, which only running it tells`, loc });
    }
  }

  // Programmatic registration, merged into the loaders' maps before detectCapabilities().
  const added: { key: Primitive; loc: Loc }[] = [];
  const tree = treeOf(run, file);
  for (const { call, entry, unit } of calls) {
    const rule = LOADERS.find((r) => r.adder === call.method);
    if (!rule) continue;
    const at: Loc = { file, span: call.methodSpan };
    if (!rules.adders) {
      // The method does not exist yet: the call throws a TypeError where it stands.
      unknown.push({ path: [rule.key], reason: `${call.method}() does not exist in mcp-framework ${version ?? rules.text} (it came in 0.2.20): the call throws "${call.method} is not a function"`, loc: at });
      continue;
    }
    const startedHere = startCalls.find((s) => s.unit.id === unit.id && s.call.span.start < call.span.start);
    const nested = startedHere || unit.id !== site.unit.id ? undefined : nestedStart(startCalls.filter((s) => s.unit.id !== unit.id), (s) => startOrder(run, file, site, { ...s, conditional: s.entry.conditional }, { call, unit, conditional: entry.conditional }, tree));
    if (startedHere || nested?.k === "before") {
      const method = (startedHere ?? nested!.start).call.method;
      const how = nested?.k === "before" ? `${method}() (${nested.via})` : `${method}()`;
      diagnostics.push(diagnostic("mcp-framework-add-after-start", at, `${call.method}() after ${how}: ${method}() copies the ${rule.key} added so far before it loads the folders and then replaces its map, so this one is dropped (once initialised, ${call.method}() throws "Cannot add ${rule.key} after initialization"). Call it before ${nested?.k === "before" ? nested.caller : `${method}()`}.`, { server: serverRef }));
      continue;
    }
    if (nested?.k === "unknown") {
      if (!present.has(rule.key)) maybe.set(rule.key, { path: [rule.key], reason: `${call.method}() may come after start(), which drops it: ${nested.reason}`, loc: at });
      continue;
    }
    // In loops only, over lists that certainly hold an item (`for (const T of [A, B]) server.addTool(T)`): it runs.
    const looped = entry.conditional && unit.id === site.unit.id && loopsRunCertainly({ ev: run.ev, file, units: summary.flow?.units ?? [], unit }, entry);
    if ((entry.conditional && !looped) || unit.id !== site.unit.id) {
      if (!present.has(rule.key)) maybe.set(rule.key, { path: [rule.key], reason: `${call.method}() is called only under a condition or later in a callback, so whether ${rule.key} is advertised depends on run time`, loc: at });
      continue;
    }
    added.push({ key: rule.key, loc: at });
    if (!present.has(rule.key)) present.set(rule.key, at);
    // addTool() validates the tool where it is called: a refusal escapes, and the server stops.
    const refused = call.method === "addTool" ? addedToolThrows(run, call.args[0], run.ev.fileScope(file)) : undefined;
    if (refused) unknown.push({ path: [], spread: true, reason: `the server ${refused.certain ? "stops" : "may stop"} at start-up: addTool() validates the tool where it is called, and ${refused.reason}`, loc: at });
  }

  // What a subclass's constructor adds when the instance is built (before any start() of the caller's).
  for (const a of subclass?.effects.added ?? []) {
    if (!rules.adders) {
      unknown.push({ path: [a.key], reason: `${a.method}() does not exist in mcp-framework ${version ?? rules.text} (it came in 0.2.20): the call throws "${a.method} is not a function"`, loc: a.loc });
      continue;
    }
    added.push({ key: a.key, loc: a.loc });
    if (!present.has(a.key)) present.set(a.key, a.loc);
  }
  for (const o of subclass?.effects.overrides ?? []) unknown.push({ path: [], spread: true, reason: o.reason, loc: o.loc });

  // Added where the analysis does not follow when: unknown unless the key is already certain.
  for (const e of [...addedElsewhere(run, file, site), ...passedOn(run, file, site), ...exportedHolder(run, file, site), ...(subclass?.effects.maybe ?? [])]) if (!present.has(e.key) && !maybe.has(e.key)) maybe.set(e.key, { path: [e.key], reason: e.reason, loc: e.loc });

  if (rules.toolsAlways) {
    caps.tools = { ...rules.found };
    present.delete("tools");
    maybe.delete("tools");
    provenance.push({ era: "legacy", path: ["tools"], because: "rule", detail: "always, with or without tools" });
  }
  for (const rule of LOADERS) {
    const at = present.get(rule.key);
    if (at) {
      caps[rule.key] = { ...rules.found };
      maybe.delete(rule.key);
      // A class found in a folder is placed at EMPTY_SPAN; an addTool() & co. at its call.
      const byAdder = at.span !== EMPTY_SPAN;
      provenance.push({ era: "legacy", path: [rule.key], because: byAdder ? rule.adder : `${rule.folder}/`, loc: at, detail: byAdder ? `${rule.adder}()` : `${rule.folder}/${basename(at.file)}` });
    }
  }
  toolAppResources(appFindings, caps, maybe, unknown, provenance, rules.found);
  unknown.push(...maybe.values());

  // Options read by detectCapabilities().
  // The config as the object the constructor gets: spreads put in place (a key written later wins), a
  // const of another module read where it is declared; a spread of something not known makes every
  // option unknown.
  // Written in the server's own function, called once with literals (`createServer(true)`): read with them.
  const called = config && configFile === file && site.unit.span.start <= config.span.start && config.span.end <= site.unit.span.end ? soleCallScope(run.ev, file, site.unit) : undefined;
  const configValue = source.k === "unknown" || !config ? undefined : run.ev.evaluate(config, called ?? run.ev.fileScope(configFile), { calls: false });
  const option = (name: string): { value: Value; loc: Loc } | "dynamic" | undefined => {
    if (source.k === "unknown") return "dynamic";
    if (!configValue) return undefined;
    if (configValue.t !== "obj" || configValue.entries.has(DYNAMIC_KEY)) return "dynamic";
    const e = configValue.entries.get(name);
    return e ? { value: e.value, loc: e.keyLoc } : undefined;
  };
  // A relative basePath is resolved against the working directory: the prediction holds when the server
  // is started in the project folder (npm start). Started anywhere else (an MCP client often starts it in
  // its own folder), the loaders scan a folder that holds nothing, and start() throws for want of tools.
  if (base.ok && base.fromWorkingDirectory !== undefined) {
    unknown.push({ path: [], reason: mayNotStart(`basePath "${base.fromWorkingDirectory}" is relative, so node resolves it against the working directory: the prediction is for a server started in the project folder; started anywhere else, the loaders scan that folder's ${base.fromWorkingDirectory}, find nothing there, and start() throws ("Server does not support tools"). Build it from the module's own folder (import.meta.dirname) to start anywhere`), ...(base.loc ? { loc: base.loc } : { loc }) });
  }
  // `if (!process.env.API_KEY) throw …` on the way to start(): the environment decides whether it starts.
  unknown.push(...startupThrowParts(run.ev, file));
  // Before 0.2.20 the config has no logging, tasks or transports option, and no sendLog().
  let conflict: { readonly loc: Loc; readonly reason: string; readonly thrown: string } | undefined;
  if (rules.options) {
    const transport = option("transport");
    const transports = option("transports");
    const problem = transport === "dynamic" || transports === "dynamic" ? undefined : transportProblem(transport?.value, transports?.value);
    const at = (transports !== "dynamic" && transports?.loc) || loc;
    // With rules read for this release, a constructor that throws is certain: the server is never made.
    if (problem?.thrown && known && version !== undefined) conflict = { loc: at, reason: problem.reason, thrown: problem.thrown };
    else if (problem) unknown.push({ path: [], spread: true, reason: mayNotStart(problem.reason), loc: at });
  }
  const logging = rules.options ? option("logging") : undefined;
  let loggingOn = false;
  if (logging === "dynamic" || (logging && logging.value.t !== "prim")) {
    unknown.push({ path: ["logging"], reason: "the config's logging is not known statically", ...(logging !== "dynamic" ? { loc: logging.loc } : { loc }) });
  } else if (logging && logging.value.t === "prim" && logging.value.value) {
    loggingOn = true;
    caps.logging = {};
    provenance.push({ era: "legacy", path: ["logging"], because: "logging option", loc: logging.loc, detail: "logging: true" });
  }

  const hasPromptsOrResources = "prompts" in caps || "resources" in caps;
  const mayPromptsOrResources = maybe.has("prompts") || maybe.has("resources");
  if (!rules.completions) {
    // No completions before 0.2.19.
  } else if (hasPromptsOrResources) {
    caps.completions = {};
    provenance.push({ era: "legacy", path: ["completions"], because: "rule", detail: "with prompts or resources" });
  } else if (mayPromptsOrResources) {
    unknown.push({ path: ["completions"], reason: "completions is advertised with prompts or resources, which are not known statically", loc });
  }

  const tasks = rules.options ? option("tasks") : undefined;
  const tasksEnabled = tasks === "dynamic" || tasks === undefined ? undefined : tasks.value.t === "obj" ? tasks.value.entries.get("enabled")?.value : tasks.value;
  if (tasks === "dynamic" || (tasksEnabled && tasksEnabled.t !== "prim") || (tasks && tasks.value.t !== "obj" && tasks.value.t !== "prim")) {
    unknown.push({ path: ["tasks"], reason: "the config's tasks.enabled is not known statically", loc: tasks !== "dynamic" && tasks ? tasks.loc : loc });
  } else if (tasks && tasksEnabled?.t === "prim" && tasksEnabled.value) {
    if ("tools" in caps) {
      caps.tasks = TASKS_SHAPE;
      provenance.push({ era: "legacy", path: ["tasks"], because: "tasks option", loc: tasks.loc, detail: "tasks.enabled with tools" });
    } else if (maybe.has("tools")) {
      unknown.push({ path: ["tasks"], reason: "tasks is advertised when tools are, which is not known statically", loc: tasks.loc });
    }
  }

  // sendLog without logging: dropped by the framework's first line.
  for (const { call } of calls) {
    if (call.method !== "sendLog" || !rules.options || loggingOn || logging === "dynamic" || (logging && logging.value.t !== "prim")) continue;
    diagnostics.push(diagnostic("mcp-framework-log-dropped", { file, span: call.methodSpan }, "sendLog() returns without sending anything: mcp-framework sends log messages only when the config sets logging: true (and then advertises logging).", { server: serverRef, ...loggingFix(run, source, site) }));
  }

  // A tool class's own this.log() (0.2.20+) goes through the SDK server's sendLoggingMessage, which
  // sends nothing while logging is not advertised, and mcp-framework advertises it only with logging: true.
  if (rules.options && !loggingOn && logging !== "dynamic" && !(logging && logging.value.t !== "prim")) {
    for (const f of folders.tools?.files ?? []) {
      if (f.excludedBy) continue;
      const text = run.fileText(f.path);
      for (const m of text?.matchAll(/\bthis\s*\.\s*log\s*\(/g) ?? []) {
        const start = m.index! + m[0].indexOf("log");
        diagnostics.push(diagnostic("mcp-framework-log-dropped", { file: f.path, span: { start, end: start + 3 } }, `this.log() sends nothing: a tool logs through the SDK server, which sends notifications/message only while logging is advertised, and mcp-framework advertises it only when the config of ${label} sets logging: true.`, { server: serverRef, ...loggingFix(run, source, site) }));
      }
    }
  }

  // resources/subscribe is served (the handler is registered with resources), never advertised.
  if ("resources" in caps) diagnostics.push(...subscribeOverrides(run, folders.resources, serverRef));

  // basePath that throws where the config is written (`__dirname` in an ES module): nothing starts.
  const loadFails = !base.ok && base.throws ? base : conflict;
  // start() again while the server runs (startedTwice.ts): in this module, whenever the server is built;
  // in a module importing it, whenever that module is the one node runs.
  const twice = loadFails ? undefined : startedTwice(run, file, site);
  const twiceStops = twice?.sameModule && twice.condition === undefined ? twice : undefined;
  const toolsFound = "tools" in caps || maybe.has("tools");
  const starts = !loadFails && !twiceStops && toolsFound;
  const stopCode = conflict ? "mcp-framework-transport-conflict" : loadFails ? "mcp-framework-dirname-in-esm" : twiceStops ? "mcp-framework-started-twice" : "mcp-framework-no-tools";
  const stopLoc = loadFails?.loc ?? twiceStops?.loc ?? loc;
  // Tools not known: with none, the same tools/list registration stops start() (a probe then gets no answer).
  const toolsUnknown = !("tools" in caps) && !loadFails ? maybe.get("tools") : undefined;
  if (toolsUnknown) {
    unknown.push({ path: [], reason: mayNotStart(`whether a tool is loaded is not known, and with none mcp-framework registers tools/list regardless, which the SDK refuses ("Server does not support tools (required for tools/list)"), so start() throws`), ...(toolsUnknown.loc ? { loc: toolsUnknown.loc } : { loc }) });
  }
  if (conflict) {
    diagnostics.push(diagnostic("mcp-framework-transport-conflict", conflict.loc, `${conflict.reason} ("${conflict.thrown}"), so the server is never made and nothing starts. Give one stdio transport at most, and each HTTP-based transport its own port, in \`transports\` only.`, { server: serverRef }));
  } else if (loadFails) {
    diagnostics.push(diagnostic("mcp-framework-dirname-in-esm", loadFails.loc ?? loc, `${loadFails.reason}, before the server is made. Use import.meta.dirname (Node 20.11 and later) or dirname(fileURLToPath(import.meta.url)).`, { server: serverRef }));
  } else if (!toolsFound) {
    const uncompiled = folders.tools?.uncompiled[0];
    const notCompiled = uncompiled ? `; ${uncompiled.why}` : "";
    // Files the folder does hold, which the loader's pattern skips (each has its own mcp-framework-file-excluded).
    const skipped = (folders.tools?.files ?? []).filter((f) => f.excludedBy).map((f) => f.path.slice(f.path.lastIndexOf("/") + 1));
    const skippedText = skipped.length > 0 ? `; it skips ${skipped.slice(0, 3).join(", ")}${skipped.length > 3 ? ` and ${skipped.length - 3} more` : ""} (mcp-framework-file-excluded)` : "";
    diagnostics.push(diagnostic("mcp-framework-no-tools", loc, `mcp-framework finds no tool for this server${base.ok ? ` (${joinPath(base.folder, "tools")} holds no file it loads${base.layout ? `: ${base.layout}` : ""}${notCompiled}${skippedText})` : ""}, so it does not advertise tools, yet it registers tools/list regardless: the SDK throws "Server does not support tools (required for tools/list)" and start() fails.`, { server: serverRef }));
  }

  if (twice?.condition !== undefined) {
    // Only when `if (…)` holds: the environment decides whether the process ends.
    if (starts) unknown.push({ path: [], spread: true, reason: mayNotStart(`start() is called again on ${label} when \`${twice.condition}\` holds (line ${lineOf(run, twice.loc)}), and then rejects with "Server is already running", which ends the process`), loc: twice.loc });
  } else if (twice) {
    const firstLine = `${relativePath(dirname(twice.loc.file), twice.first.file) || basename(file)}:${lineOf(run, twice.first)}`;
    const where = twice.sameModule ? `already started above (${firstLine})` : `already started by ${basename(file)} (${firstLine}), whose top level runs first, when this module imports it`;
    diagnostics.push(diagnostic("mcp-framework-started-twice", twice.loc, `start() is called again on ${label}, ${where}: mcp-framework's start() rejects with "Server is already running", nothing catches it, and the process ends${twice.sameModule ? "" : " whenever this module is the one node runs"}. Call start() once.`, { server: serverRef }));
    if (!twice.sameModule && starts) unknown.push({ path: [], spread: true, reason: mayNotStart(`${basename(twice.loc.file)} imports the server and calls start() again: started through it, the process ends ("Server is already running"), and which script node runs is not known`), loc: twice.loc });
  }

  const baseNote = base.ok ? `${base.how}; the loaders scan ${base.folder}${base.mirrored ? " as compiled" : ""}` : undefined;
  const legacyNote: EraNote | undefined = !starts ? { text: `start-up throws (${stopCode})`, loc: stopLoc } : baseNote ? { text: baseNote, ...(base.ok && base.loc ? { loc: base.loc } : {}) } : undefined;
  const sorted = sortUnknown(unknown);
  const details: McpFrameworkDetails = { kind: "mcp-framework", ...(base.ok ? { base: { folder: base.folder, how: base.how } } : {}), folders, added };
  const server: ServerReport = {
    name: label,
    loc,
    // At top level the server reaches from its construction to the last call made on it (hover and "which server is the cursor in").
    span: site.unit.kind === "module" ? { start: site.event.span.start, end: Math.max(site.event.span.end, ...calls.map((c) => c.call.span.end)) } : site.unit.span,
    dialectId: "mcp-framework",
    dialect: "mcp-framework",
    frameworkVersion: version ?? declared?.range ?? "unknown",
    exact: sorted.length === 0,
    tasksExtension: false,
    legacy: starts ? sortKeys(caps) : null,
    modern: null,
    unknown: starts ? sorted : [],
    provenance: starts ? provenance : [],
    ...(!starts ? { startupThrows: { code: stopCode, loc: stopLoc } } : {}),
    eraNotes: { ...(legacyNote ? { legacy: legacyNote } : {}), modern: { text: `mcp-framework runs an SDK ${rules.sdk} server, which answers initialize only; server/discover gets -32601`, brief: "mcp-framework answers initialize only" } },
    missing: [],
    details,
  };
  const newer = locked !== undefined && starts ? newerReleaseDiffers(run, file, site, locked, rules, server.legacy, loc) : declared && starts ? olderReleaseDiffers(run, file, site, declared, server.legacy, loc) : [];
  const all = newer.length > 0 ? sortUnknown([...server.unknown, ...newer]) : server.unknown;
  return { name: label, loc, server: { ...server, unknown: all, exact: all.length === 0 }, diagnostics };
}

/**
 * What a checkout without node_modules or package-lock.json declares in package.json: the range, the
 * newest period of rules it reaches (what `npm install` gives) and the oldest one (what a pnpm, Yarn or
 * Bun lock file, which the analysis does not read, may pin).
 */
function declaredRelease(run: DialectRun, file: string): { range: string; manifest: string; newest: FrameworkRules; oldest: FrameworkRules } | undefined {
  const declared = declaredRange(file, PACKAGE, run.fileText, run.withinWorkspace);
  const reached = declared ? periodsIn(declared.range, RULES, (r) => `>=${r.from} <=${r.to}`) : [];
  if (!declared || reached.length === 0) return undefined;
  return { range: declared.range, manifest: declared.manifest, newest: reached.at(-1)!, oldest: reached[0]! };
}

/** Where the answer by `other` rules differs from `legacy`, each key not known, with why. */
function releaseDiffers(run: DialectRun, file: string, site: ServerSite, other: FrameworkRules, legacy: JsonObject | null, why: string, loc: Loc): UnknownPart[] {
  const answer = analyzeServer(run, file, site, other).server;
  if (!answer) return [];
  if (answer.legacy === null) return [{ path: [], spread: true, reason: `${why}: its start-up would fail`, loc }];
  const otherLegacy = answer.legacy;
  const keys = [...new Set([...Object.keys(legacy ?? {}), ...Object.keys(otherLegacy)])].sort();
  return keys
    .filter((k) => JSON.stringify(legacy?.[k]) !== JSON.stringify(otherLegacy[k]))
    .map((k) => ({ path: [k], reason: `${why}: ${k} would be ${otherLegacy[k] === undefined ? "absent" : JSON.stringify(otherLegacy[k])} with it`, loc }));
}

/**
 * A locked release whose package.json range reaches releases with other rules: what the newest of
 * them would advertise, where it differs from the locked answer (each such key is not known).
 */
function newerReleaseDiffers(run: DialectRun, file: string, site: ServerSite, locked: string, lockedRules: FrameworkRules, legacy: JsonObject | null, loc: Loc): UnknownPart[] {
  const declared = declaredRange(file, PACKAGE, run.fileText, run.withinWorkspace);
  const newest = declared ? newestPeriodIn(declared.range, RULES, (r) => `>=${r.from} <=${r.to}`) : undefined;
  if (!declared || !newest || newest === lockedRules) return [];
  const why = `package-lock.json pins mcp-framework ${locked}, but package.json allows ${declared.range}, and the newest release in it (read in ${newest.text}) may be installed instead`;
  return releaseDiffers(run, file, site, newest, legacy, why, loc);
}

/** A range reaching several periods of rules, beside a lock file the analysis does not read: the oldest period's answer, where it differs. */
function olderReleaseDiffers(run: DialectRun, file: string, site: ServerSite, declared: NonNullable<ReturnType<typeof declaredRelease>>, legacy: JsonObject | null, loc: Loc): UnknownPart[] {
  if (declared.oldest === declared.newest) return [];
  const lock = otherLockFile(declared.manifest, run.listDirectory, run.withinWorkspace);
  if (!lock) return [];
  const why = `package.json allows mcp-framework ${declared.range}, whose newest release npm installs, but ${relativePath(dirname(declared.manifest), lock)} may pin an older one (read in ${declared.oldest.text})`;
  return releaseDiffers(run, file, site, declared.oldest, legacy, why, loc);
}

/** `x.test.js` for `*.test.js`, `BaseTool.js`: names the pattern was written for (skipping them is intended). */
function meant(name: string, pattern: string): boolean {
  return pattern.startsWith("*") ? name.endsWith(pattern.slice(1)) : name === pattern;
}

function sortKeys(o: JsonObject): JsonObject {
  return Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]!]));
}

/** Where the config is written (in the file building the server, or a subclass's super() call). */
function loggingFix(run: DialectRun, source: ConfigSource, site: ServerSite): { fixes?: FixData[] } {
  if (source.k !== "expr") return {};
  const { expr: config, file } = source;
  const text = run.fileText(file);
  if (!text) return {};
  if (config?.k === "obj") {
    const open = config.span.start + 1;
    const empty = config.entries.length === 0;
    return { fixes: [{ title: "Set logging: true in the MCPServer config", preferred: true, edits: [{ loc: { file, span: { start: open, end: open } }, newText: empty ? " logging: true " : " logging: true," }] }] };
  }
  // No config at all: only `new MCPServer()` itself can take one.
  if (!config && !site.chain) {
    const close = text.lastIndexOf(")", site.event.span.end);
    if (close > site.event.span.start) return { fixes: [{ title: "Set logging: true in the MCPServer config", preferred: true, edits: [{ loc: { file, span: { start: close, end: close } }, newText: "{ logging: true }" }] }] };
  }
  return {};
}

function subscribeOverrides(run: DialectRun, listing: FolderListing | undefined, server: { name: string; loc: Loc }): AnalysisDiagnostic[] {
  const out: AnalysisDiagnostic[] = [];
  for (const f of listing ? loadedFiles(listing) : []) {
    for (const cls of run.ev.summary(f.path)?.classes ?? []) {
      const member = cls.members.find((m) => m.name === "subscribe" && !m.isStatic && !m.typeOnly);
      if (!member) continue;
      out.push(diagnostic("mcp-framework-subscribe-not-advertised", { file: f.path, span: member.nameSpan }, `${cls.name}.subscribe() is served (mcp-framework registers resources/subscribe with resources), but it never advertises resources.subscribe, so clients that follow the capabilities never subscribe.`, { server }));
    }
  }
  return out;
}

export { serverSites };

/**
 * `new MCPServer(config)` with `config` a const another module of the workspace exports (a typed
 * `MCPServerConfig` in config.ts): its literal, read where it is written (its `import.meta.dirname` is
 * that module's folder). Not when the file writes a member of it.
 */
function importedConfig(run: DialectRun, source: ConfigSource): ConfigSource {
  if (source.k !== "expr" || source.expr?.k !== "ref") return source;
  const name = source.expr.name;
  const found = constDeclaration(run.ev, source.file, name);
  if (!found || found.file === source.file || found.init.k !== "obj") return source;
  const summary = run.ev.summary(source.file);
  const changed = summary && mutatedNamesOf(summary, () => run.fileText(source.file));
  if (!changed || changed.has(name)) return source;
  return { k: "expr", expr: found.init, file: found.file };
}

/** The 1-based line of a place, for messages. */
function lineOf(run: DialectRun, at: Loc): number {
  return (run.fileText(at.file) ?? "").slice(0, at.span.start).split("\n").length;
}
