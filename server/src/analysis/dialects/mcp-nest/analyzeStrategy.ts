// One MCP-Nest server: a `new McpStrategy({...})`, the controllers of the application whose root
// module the file gives to NestFactory, the MCP methods that bind to this strategy's server name, and
// what that makes it advertise in each era.
import semver from "semver";
import { modernCapabilities } from "../../core/model/modernCapabilities";
import { literalNameOption } from "../../core/model/text";
import type { DialectRun } from "../../core/dialect";
import { isPlainObject, type Json, type JsonObject, type Loc } from "../../core/evaluate/values";
import type { AnalysisDiagnostic } from "../../core/model/diagnostics";
import type { EraNote, ServerReport, UnitAnalysis } from "../../core/model/serverReport";
import { sortUnknown, type UnknownPart } from "../../core/model/unknown";
import { appClasses, type AppClasses } from "./appModules";
import { controllerMethods, decoratedMethods, type CapabilityMethod, type Primitive } from "./capabilityMethods";
import { diagnostic } from "./codes";
import type { McpNestDetails } from "./details";
import { declaredRelease } from "./declaredRelease";
import { bootstrapElsewhere } from "./bootstrapElsewhere";
import { applicationGiven, factoryCalls, findStrategies, PACKAGE, type FactoryCall, type StrategySite } from "./findStrategies";
import { runtimeCalls, type RuntimeCall } from "./runtimeCalls";
import { advertised, PRIMITIVES, supportedVersion, type RegisteredBeforeServing } from "./rules";
import { serverMutatorEffect } from "./serverMutator";
import { strategyUses } from "./strategyUses";
import { httpAdapterMissing } from "./httpAdapterMissing";
import { headerMirroringTool } from "./headerMirroring";
import { readOptions, type StrategyOptions } from "./strategyOptions";
import { subclassOptions } from "./strategySubclass";

const RUNTIME_KEY: Record<string, Primitive> = { registerTool: "tools", registerResource: "resources", registerPrompt: "prompts" };
const REMOVED_KEY: Record<string, Primitive> = { removeTool: "tools", removeResource: "resources", removePrompt: "prompts" };
const REMOVAL_OF: Record<Primitive, string> = { tools: "removeTool", resources: "removeResource", prompts: "removePrompt" };


interface App {
  readonly classes: AppClasses | undefined;
  readonly unknown: UnknownPart[];
  readonly rootName?: string;
  /** The file whose NestFactory call starts the application, when known. */
  readonly bootstrapFile?: string;
  /** registerTool()/… and removeTool()/… made on the strategy in the files that import it. */
  readonly calls: readonly RuntimeCall[];
}

function application(run: DialectRun, site: StrategySite, loc: Loc): App {
  const summary = run.ev.summary(site.file)!;
  const calls = factoryCalls(summary);
  const unknownApp = (why: string, extra: UnknownPart[] = [], made: readonly RuntimeCall[] = []): App => ({ classes: undefined, calls: made, unknown: [...extra, ...["tools", "resources", "prompts"].map((k) => ({ path: [k], reason: `which controllers serve this strategy is not known: ${why}`, loc }))] });
  // Several applications: the one given this strategy by the name that holds it, when just one is.
  const target = site.event.target?.length === 1 ? site.event.target[0] : undefined;
  const given = calls.length > 1 && target !== undefined && !site.conditional ? applicationGiven(summary, calls, target) : undefined;
  if (calls.length > 1 && !given) return unknownApp("this file creates more than one Nest application");
  let bootstrap: { file: string; call: FactoryCall } | undefined = given ? { file: site.file, call: given } : calls[0] ? { file: site.file, call: calls[0] } : undefined;
  const unknown: UnknownPart[] = [];
  let runtime: readonly RuntimeCall[] = [];
  if (!bootstrap) {
    // Made here, given to Nest in a file that imports it (the README's app.module.ts + main.ts).
    const elsewhere = bootstrapElsewhere(run, site);
    if (!elsewhere?.app) return unknownApp(elsewhere?.why ?? "no NestFactory.create/createMicroservice call in this file names the application's root module", elsewhere?.unknown, elsewhere?.calls);
    bootstrap = elsewhere.app;
    unknown.push(...elsewhere.unknown);
    runtime = elsewhere.calls;
  }
  const { file, call } = bootstrap;
  const unlistened = neverListened(run.ev.host.text?.(file), call);
  if (unlistened) unknown.push(...(["legacy", "modern"] as const).map((era) => ({ path: [], era, reason: `the server may not answer: ${unlistened}`, loc: { file, span: call.span } })));
  const root = run.ev.evaluate(call.module, run.ev.fileScope(file), { calls: false });
  if (root.t !== "class") {
    return { classes: undefined, bootstrapFile: file, calls: runtime, unknown: [...unknown, ...["tools", "resources", "prompts"].map((k) => ({ path: [k], reason: `the root module ${run.ev.sourceText(call.module, file)} is not a class known statically`, loc: { file, span: call.span } }))] };
  }
  const classes = appClasses(run.ev, root.cls);
  return { classes, unknown, calls: runtime, bootstrapFile: file, rootName: run.ev.summary(root.cls.file)?.classes[root.cls.index]?.name };
}

export function analyzeStrategy(run: DialectRun, file: string, index: number): UnitAnalysis {
  const site = findStrategies(run.ev, file)[index]!;
  const { event } = site;
  // `return new McpStrategy(...)` in a factory: named after the factory; in an anonymous function
  // (`useFactory: () => new McpStrategy(...)`), after the class.
  const returned = event.target?.[0] === "<return>";
  const factory = returned && site.unit.name && !site.unit.name.startsWith("(") ? `${site.unit.name}()` : undefined;
  const binding = factory ?? (returned ? undefined : event.target?.join(".")) ?? site.chain?.[0]?.cls.name ?? "McpStrategy";
  const loc: Loc = { file, span: event.nameSpan };
  const installed = run.installedVersion(file, PACKAGE);
  // Not installed (a fresh clone): the release the checkout declares, locked or by its range.
  const declared = installed === undefined ? declaredRelease(run, file) : undefined;
  const version = installed ?? declared?.version;
  const options = site.chain ? subclassOptions(run, { ...site, chain: site.chain }, { file, span: event.span }) : readOptions(run.ev, file, event.args[0], { file, span: event.span });
  const unknown: UnknownPart[] = [...options.unknown];
  const diagnostics: AnalysisDiagnostic[] = [];
  // Called by the `name` option (what clients see in initialize, as 1.x's forRoot name and an SDK
  // server's serverInfo name), as the options give it statically or as written in place, else by what
  // holds it. A subclass's options come through its constructors' parameters: not read for a name.
  const name = (site.chain ? undefined : options.name ?? literalNameOption(event.args[0])) ?? binding;
  const serverRef = { name, loc };

  if (declared ? !declared.supported : !supportedVersion(version)) {
    // The eras are shown by the 2.x rules: what another release would send may differ anywhere.
    unknown.push({
      path: [],
      spread: true,
      reason: version === undefined
        ? `${PACKAGE} is not installed where this file would load it, nor declared in a package.json; the 2.x rules are shown, unverified for this project`
        : declared
          ? `${PACKAGE} is not installed, and what the checkout declares (${version}) ${semver.validRange(version) && !semver.intersects(version, "2.x") ? "installs" : "may install"} a release outside 2.x, the only rules known to this analysis (McpStrategy, createServer()): the eras are shown by the 2.x rules`
          : `${PACKAGE} ${version} is installed; only the 2.x rules are known to this analysis (McpStrategy, createServer()): the eras are shown by them`,
      loc,
    });
  }
  if (site.conditional) unknown.push({ path: [], reason: "the strategy is constructed conditionally: it may not exist at run time", loc });

  const app = application(run, site, loc);
  unknown.push(...app.unknown);
  const methods: CapabilityMethod[] = [];
  // A controller whose server name or methods are not all known may serve this strategy.
  let controllersOpen = false;
  if (app.classes) {
    const inheritedWarned = new Set<string>();
    for (const c of app.classes.controllers) {
      const found = controllerMethods(run.ev, c.cls, c.summary);
      if (found.open.length > 0 || found.maybe.length > 0) controllersOpen = true;
      for (const o of found.open) unknown.push({ path: ["tools"], reason: `${o.text}: ${o.why}`, loc: o.loc }, { path: ["resources"], reason: `${o.text}: ${o.why}`, loc: o.loc }, { path: ["prompts"], reason: `${o.text}: ${o.why}`, loc: o.loc });
      methods.push(...found.methods.filter((m) => m.server === options.server));
      for (const m of found.maybe) if (m.server === options.server) unknown.push({ path: [m.primitive], reason: m.reason, loc: m.loc });
      const controllerServer = found.server;
      if (index === 0) {
        for (const m of found.methods) {
          if (!m.inherited || controllerServer === undefined || m.server === controllerServer || inheritedWarned.has(`${c.summary.name}.${m.method}`)) continue;
          inheritedWarned.add(`${c.summary.name}.${m.method}`);
          diagnostics.push(diagnostic("mcp-nest-inherited-default-server", { file: c.cls.file, span: c.summary.nameSpan },
            `${m.className}.${m.method} (@${m.decorator}) is inherited by ${c.summary.name}, a controller of the server "${controllerServer}": @McpController({ server }) re-tags only the class's own methods, so this one is served by the ${m.server === undefined ? "default (unnamed)" : `"${m.server}"`} McpStrategy instead.`,
            { server: serverRef, related: [{ loc: m.loc, message: "declared here" }] }));
        }
      }
    }
    // Listed on a condition: what each method adds is unknown, never certain nor dropped.
    for (const c of app.classes.maybeControllers) {
      const found = controllerMethods(run.ev, c.cls, c.summary);
      for (const o of found.open) for (const key of ["tools", "resources", "prompts"]) unknown.push({ path: [key], reason: `${o.text}: ${o.why}`, loc: o.loc });
      for (const m of [...found.methods, ...found.maybe]) {
        if (m.server === options.server) unknown.push({ path: [m.primitive], reason: `${c.summary.name}.${m.method} may add ${m.primitive}: ${c.summary.name} is ${c.why}`, loc: c.listedAt });
      }
    }
    for (const o of app.classes.open) {
      for (const key of ["tools", "resources", "prompts"]) unknown.push({ path: [key], reason: `${o.text}: ${o.why}; its controllers may add ${key}`, loc: o.loc });
    }
    // A module whose controllers are not known (a forwardRef, a dynamic module a function builds) may
    // list a provider as a controller too: the warning is said only when every controller is known.
    if (index === 0 && app.classes.open.length === 0) {
      const controllerKeys = new Set([...app.classes.controllers, ...app.classes.maybeControllers].map((c) => c.cls.key));
      for (const p of app.classes.providers) {
        if (controllerKeys.has(p.cls.key)) continue;
        const decorated = decoratedMethods(run.ev, p.cls, p.summary);
        if (decorated.length === 0) continue;
        diagnostics.push(diagnostic("mcp-nest-provider-not-served", p.listedAt,
          `${p.summary.name} has ${decorated.map((m) => `@${m.decorator} ${m.method}`).join(", ")} but is listed in providers: ${PACKAGE} 2.x binds MCP methods only from controllers (Nest scans controllers for message patterns), so no McpStrategy serves them. List it in the module's controllers, decorated with @McpController().`,
          { server: serverRef, related: decorated.map((m) => ({ loc: m.loc, message: `@${m.decorator} ${m.method}` })) }));
      }
    }
  }

  if (options.server !== undefined && app.classes && app.classes.open.length === 0 && app.classes.maybeControllers.length === 0 && !controllersOpen && methods.length === 0 && options.serverLoc) {
    diagnostics.push(diagnostic("mcp-nest-named-server-empty", options.serverLoc,
      `No controller of the application is @McpController({ server: "${options.server}" }): this strategy binds no @Tool/@Resource/@Prompt method. ${PACKAGE} logs a warning at startup and serves only what strategy.registerTool()/registerResource()/registerPrompt() add at run time.`,
      { server: serverRef }));
  }

  const uses = strategyUses(run, site);
  unknown.push(...uses);
  // Only a strategy whose every use is read: one handed elsewhere may be given an adapter there.
  const noAdapter = !site.chain && uses.length === 0 && app.bootstrapFile ? httpAdapterMissing(run, options, [file, app.bootstrapFile]) : undefined;
  // What stops the application as it starts, for certain: nothing is served.
  let fails: { readonly code: "mcp-nest-http-no-adapter" | "mcp-nest-header-mirroring"; readonly loc: Loc; readonly text: string } | undefined;
  if (noAdapter) {
    diagnostics.push(diagnostic("mcp-nest-http-no-adapter", noAdapter.loc,
      `${noAdapter.why}, and the application does not start. Pass the adapter (new McpStrategy({ httpAdapter }) or ${binding}.setHttpAdapter(app.getHttpAdapter()) before listening), set mount: false and mount the routes in your own controller, or serve over StdioTransport.`,
      { server: serverRef }));
    fails = { code: "mcp-nest-http-no-adapter", loc: noAdapter.loc, text: noAdapter.why };
  }
  const mirrored = headerMirroringTool(run.ev, methods);
  if (mirrored) {
    const tool = `@${mirrored.method.decorator} ${mirrored.method.className}.${mirrored.method.method}`;
    diagnostics.push(diagnostic("mcp-nest-header-mirroring", mirrored.loc,
      `${tool} declares 'x-mcp-header' in its parameters: ${PACKAGE} does not implement SEP-2243 header mirroring and refuses such a tool as the application starts ("declares 'x-mcp-header' at …"), so nothing is served. Remove 'x-mcp-header' from the schema: the parameters still travel in the request body.`,
      { server: serverRef }));
    fails ??= { code: "mcp-nest-header-mirroring", loc: mirrored.loc, text: `${tool} declares 'x-mcp-header', which ${PACKAGE} refuses` };
  }
  const calls = [...runtimeCalls(run, site), ...app.calls];
  const registered: RegisteredBeforeServing[] = [];
  // removeTool() and friends delete what register*() added (never a decorated method): where one
  // is written, nothing registered at run time is certain to remain.
  const removed = new Set(calls.map(({ event }) => REMOVED_KEY[event.method]).filter((k) => k !== undefined));
  for (const { event: call, file: at, receiver, beforeServing, conditional } of calls) {
    const key = RUNTIME_KEY[call.method];
    if (key && beforeServing && !conditional && !removed.has(key)) registered.push({ primitive: key, call: `${receiver}.${call.method}()`, loc: { file: at, span: call.methodSpan } });
    else if (key && !methods.some((m) => m.primitive === key)) {
      const why = beforeServing && conditional
        ? `${receiver}.${call.method}() adds ${key} before any client connects, but only on some paths (a branch, a loop or a callback)`
        : beforeServing ? `${receiver}.${call.method}() adds ${key} before any client connects, but ${key} added this way are also removed (${receiver}.${REMOVAL_OF[key]}()), and whether any remains is only known at run time` : `${receiver}.${call.method}() adds ${key} at run time: advertised only to clients that connect after it ran`;
      unknown.push({ path: [key], reason: why, loc: { file: at, span: call.methodSpan } });
    }
  }
  if (options.transports && options.transports.length > 0 && options.transports.every((t) => t.kind === "stdio")) {
    // A change made before any client connects has no one to tell. (Said on the strategy's own file.)
    for (const { event: call } of calls.filter((c) => !c.beforeServing && c.file === file)) {
      diagnostics.push(diagnostic("mcp-nest-stdio-no-list-changed", { file, span: call.methodSpan },
        `${call.method}() announces the change only through transports that implement notifyListChanged, and StdioTransport does not: a stdio client is never sent notifications/*/list_changed, although listChanged: true is advertised.`,
        { server: serverRef }));
    }
  }

  const { caps, provenance } = advertised({ userCaps: options.capabilities, userLocs: options.capabilityLocs, presentKeys: options.presentKeys, capabilitiesOpen: options.capabilitiesOpen !== undefined, methods, registered, strategyLoc: loc });
  const details: McpNestDetails = { kind: "mcp-nest", methods, ...(options.server !== undefined ? { serverName: options.server } : {}), ...(app.rootName ? { rootModule: app.rootName } : {}) };
  // `capabilities: { tools: false }` beside a @Tool: createServer() keeps the false (`?? { listChanged: true }`
  // replaces only undefined and null), then binds tools/list, which the SDK refuses for a capability
  // it lacks: every connection's server fails as it is made, and each request gets -32603.
  // Nothing served, for certain: both eras null, exact, the reason as each era's note.
  const nothingServed = (note: EraNote, startupThrows?: ServerReport["startupThrows"]): UnitAnalysis => ({
    name,
    loc,
    server: {
      name, loc, span: serverSpan(site, methods), dialectId: "mcp-nest", dialect: "mcp-nest", frameworkVersion: version ?? "unknown",
      exact: true, tasksExtension: false, legacy: null, modern: null, unknown: [], provenance: [],
      ...(startupThrows ? { startupThrows } : {}), eraNotes: { legacy: note, modern: note }, missing: [], details,
    },
    diagnostics,
  });
  if (fails) return nothingServed({ text: `start-up throws: ${fails.text} (${fails.code})`, brief: `start-up throws (${fails.code})`, loc: fails.loc }, { code: fails.code, loc: fails.loc });
  const disabled = PRIMITIVES.find((p) => (methods.some((m) => m.primitive === p) || registered.some((r) => r.primitive === p)) && p in options.capabilities && options.capabilities[p] !== null && !options.capabilities[p]);
  if (disabled) {
    const at = options.capabilityLocs.get(disabled) ?? loc;
    const text = `capabilities.${disabled} is ${JSON.stringify(options.capabilities[disabled])} while the application serves ${disabled}: ${PACKAGE} keeps it and binds ${disabled}/list, which the SDK refuses ("Server does not support ${disabled}"), so every request is answered with -32603`;
    diagnostics.push(diagnostic("mcp-nest-capability-disabled", at, `${text}. Remove ${disabled} from the capabilities option (or give it an object): ${PACKAGE} advertises it as { listChanged: true } for the decorated methods.`, { server: serverRef }));
    return nothingServed({ text: `every request fails: ${text} (mcp-nest-capability-disabled)`, brief: "every request fails (mcp-nest-capability-disabled)", loc: at });
  }
  // createServer() adds `logging: {}` only when the option has no `logging` key at all (`{ logging: undefined }` turns it off).
  if (options.capabilitiesOpen && !options.presentKeys.has("logging")) {
    unknown.push({ path: ["logging"], reason: "logging is advertised unless the capabilities option holds the key logging (even as undefined), and what that option holds is only known when it runs", loc: options.capabilitiesOpen });
  }
  const mutator = serverMutatorEffect(run.ev, site, options.serverMutator);
  unknown.push(...mutator.unknown);
  for (const step of mutator.steps) {
    if (step.k === "register") {
      // McpServer's register*: `registerCapabilities({ [key]: { listChanged: existing?.listChanged ?? true } })`.
      if (caps[step.key]) continue;
      caps[step.key] = { listChanged: true };
      provenance.push({ era: "both", path: [step.key], because: "serverMutator", loc: step.loc }, { era: "both", path: [step.key, "listChanged"], because: "serverMutator", loc: step.loc });
      continue;
    }
    // Server.registerCapabilities: each key's object spread over what is there, any other value put in its place.
    for (const [key, value] of Object.entries(step.caps)) {
      const base = caps[key];
      caps[key] = isPlainObject(base) && isPlainObject(value) ? { ...base, ...value } : value;
      provenance.push({ era: "both", path: [key], because: "serverMutator registerCapabilities", loc: step.loc });
      if (isPlainObject(value)) for (const sub of Object.keys(value)) provenance.push({ era: "both", path: [key, sub], because: "serverMutator registerCapabilities", loc: step.loc });
    }
  }
  // A key advertised anyway is no longer in doubt for being registered at run time; a value of the
  // capabilities option only known when it runs still is (it replaces what decorators give: trial 132 c114).
  const ofOption = new Set(options.unknown);
  for (const k of Object.keys(caps)) {
    for (let i = unknown.length - 1; i >= 0; i--) if (unknown[i]!.path.length === 1 && unknown[i]!.path[0] === k && !unknown[i]!.spread && !ofOption.has(unknown[i]!)) unknown.splice(i, 1);
  }
  // What sits where the option's value is not known is not stated, whatever the decorators give there.
  for (const part of options.unknown) {
    if (part.spread || part.path.length === 0) continue;
    dropPath(caps, part.path);
    for (let i = provenance.length - 1; i >= 0; i--) if (part.path.every((k, j) => provenance[i]!.path[j] === k)) provenance.splice(i, 1);
  }
  // createServer() gives a primitive `{ listChanged: true }` only when the capabilities option leaves it
  // out (`capabilities.resources ?? { listChanged: true }`): an option only known when it runs may give
  // its own object, which replaces that one whole (`{ subscribe: true }` is served, with the SDK's
  // listChanged default, as `{ subscribe: true, listChanged: true }`). The key is served, its value not
  // known: not stated.
  if (options.capabilitiesOpen) {
    for (const key of PRIMITIVES) {
      if (caps[key] === undefined || options.presentKeys.has(key) || (options.capabilitiesMayHold && !options.capabilitiesMayHold.has(key))) continue;
      delete caps[key];
      for (let i = provenance.length - 1; i >= 0; i--) if (provenance[i]!.path[0] === key) provenance.splice(i, 1);
      unknown.push({ path: [key], reason: `${key} is served, as { listChanged: true } unless the capabilities option gives ${key} an object of its own, which replaces that one, and what that option holds is only known when it runs`, loc: options.capabilitiesOpen });
    }
  }
  const { legacy, modern, eraNotes } = eras(options, caps);
  // Transports only known when it runs (`legacy: env ? "reject" : "serve"`, a list built by a helper): whether each era is served is not known.
  if (options.transports === null) {
    for (const era of ["legacy", "modern"] as const) unknown.push({ path: [], era, reason: "whether this era is served depends on the transports, which are only known when the server runs", ...(options.transportsLoc ? { loc: options.transportsLoc } : {}) });
  }
  const sorted = sortUnknown(unknown);
  const server: ServerReport = {
    name,
    loc,
    span: serverSpan(site, methods),
    dialectId: "mcp-nest",
    dialect: "mcp-nest",
    frameworkVersion: version ?? "unknown",
    exact: sorted.length === 0,
    tasksExtension: false,
    legacy,
    modern,
    unknown: sorted,
    provenance,
    ...(eraNotes ? { eraNotes } : {}),
    missing: [],
    details,
  };
  return { name, loc, server, diagnostics };
}

/**
 * The strategy's construction, stretched over the decorated methods of its file that bind to it, so
 * that the cursor on one of them is "in" this server (hover, preview).
 */
function serverSpan(site: StrategySite, methods: readonly CapabilityMethod[]): { start: number; end: number } {
  const own = site.unit.kind === "module" ? site.event.span : site.unit.span;
  const here = methods.filter((m) => m.loc.file === site.file).map((m) => m.loc.span);
  return { start: Math.min(own.start, ...here.map((s) => s.start)), end: Math.max(own.end, ...here.map((s) => s.end)) };
}

/** Removes the value at `path` from `caps` (nothing when it is not there). */
function dropPath(caps: JsonObject, path: readonly string[]): void {
  let at: Json | undefined = caps;
  for (const key of path.slice(0, -1)) at = isPlainObject(at) ? at[key] : undefined;
  if (isPlainObject(at)) delete at[path.at(-1)!];
}

function eras(options: StrategyOptions, caps: JsonObject): { legacy: JsonObject | null; modern: JsonObject | null; eraNotes?: { legacy?: EraNote; modern?: EraNote } } {
  const t = options.transports;
  if (t === null) {
    const text = "served as the transports decide; they are not known statically";
    return { legacy: caps, modern: modernCapabilities(caps), eraNotes: { legacy: { text }, modern: { text } } };
  }
  const legacyBy = t.find((x) => x.legacy);
  const modernBy = t.find((x) => x.modern);
  const notes: { legacy?: EraNote; modern?: EraNote } = {};
  if (!legacyBy) notes.legacy = { text: t.length === 0 ? "no transport: nothing is served" : "no transport serves initialize (StdioTransport legacy: 'reject' / StreamableHttpTransport protocol: 'modern-only')", ...(t[0] ? { loc: t[0].loc } : {}) };
  if (!modernBy) notes.modern = { text: t.length === 0 ? "no transport: nothing is served" : "no transport serves server/discover (StreamableHttpTransport protocol: 'legacy-only')", ...(t[0] ? { loc: t[0].loc } : {}) };
  // The SDK's 2026-07-28 codec leaves `tasks` out of server/discover.
  return { legacy: legacyBy ? caps : null, modern: modernBy ? { ...modernCapabilities(caps) } : null, ...(notes.legacy || notes.modern ? { eraNotes: notes } : {}) };
}

/**
 * `const app = await NestFactory.createMicroservice(AppModule, { strategy })` whose app is never
 * listened (`await app.init()` alone, or nothing): Nest calls the strategy's listen() only from
 * `app.listen()`, so no transport starts. Why, when the file's text says so; undefined when the app is
 * listened, or goes where the analysis does not look (returned, handed to a call, exported).
 */
function neverListened(text: string | undefined, call: FactoryCall): string | undefined {
  if (text === undefined || call.method !== "createMicroservice" || call.result === undefined) return undefined;
  const name = call.result.replace(/\$/g, "\\$");
  // Mentions of the name as code (not inside a module path or another string).
  const found = [...text.matchAll(new RegExp(`(?<![\\w$./'"\`-])${name}(?![\\w$'"\`/-])`, "g"))];
  const uses = found.map((m) => text.slice(m.index! + m[0].length, m.index! + m[0].length + 40));
  if (uses.some((after) => /^\s*\.\s*listen\s*\(/.test(after))) return undefined;
  // Each use a method call of its own (`app.init()`, `app.close()`), or its declaration: nothing else can listen it.
  const before = found.map((m) => text.slice(Math.max(0, m.index! - 12), m.index!));
  const declared = before.filter((b) => /\b(?:const|let|var)\s+$/.test(b)).length;
  const methodCalls = uses.filter((after) => /^\s*\.\s*(?:init|close|get|useLogger|enableShutdownHooks)\s*\(/.test(after)).length;
  if (declared !== 1 || declared + methodCalls !== uses.length) return undefined;
  return `${call.result} = NestFactory.createMicroservice(...) is never listened (no ${call.result}.listen()), and Nest starts the strategy's transport only there`;
}
