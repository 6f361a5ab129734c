// What an MCP-Nest 1.x server advertises, by the rules of 1.9.6–1.9.11 (read in each): createMcpServer()
// builds an SDK v1 McpServer with buildMcpCapabilities(): the `capabilities` option spread, then
// `tools`/`resources`/`prompts` set to `{ listChanged: true }` unless the option gives them a truthy
// value, for each kind the module's discovered methods hold. No logging, no completions; the SDK v1
// server answers initialize only. The methods are the @Tool/@Resource/@ResourceTemplate/@Prompt ones
// of the importing module's own providers and controllers (their base classes included); what
// McpModule.forFeature or the dynamic McpRegistryService add elsewhere is not followed, only said.
import semver from "semver";
import type { DialectRun } from "../../core/dialect";
import { isPlainObject, type JsonObject, type Loc } from "../../core/evaluate/values";
import type { ProvenanceEntry } from "../../core/model/provenance";
import type { ServerReport, UnitAnalysis } from "../../core/model/serverReport";
import type { ValueExpr } from "../../core/model/summary";
import { readsAny } from "../../core/model/valueReads";
import { sortUnknown, type UnknownPart, mayNotStart } from "../../core/model/unknown";
import { packageSourceFiles } from "../../core/project/packageSourceFiles";
import { dirname } from "../../core/project/paths";
import { addListedClasses, appClasses, moduleOwnClasses } from "./appModules";
import { controllerMethods, type CapabilityMethod, type Primitive } from "./capabilityMethods";
import { declaredRelease } from "./declaredRelease";
import type { McpNestDetails } from "./details";
import { PACKAGE } from "./packageName";
import { prop, readCapabilitiesOption, resolveObject } from "./strategyOptions";
import { mutatedNamesIn } from "../../core/evaluate/mutation";
import { optionProps } from "./spreadOptions";
import { v1Sites, type V1Site } from "./v1Sites";
import { neverServed } from "./v1Bootstrap";

const PRIMITIVES: readonly Primitive[] = ["tools", "resources", "prompts"];
/**
 * The 1.x releases whose rules are implemented: 1.9.6 to 1.9.11 build the server, discover the
 * methods and start stdio with the same code (read in each); earlier ones are laid out otherwise.
 */
const RULES_OF = ">=1.9.6 <2.0.0";
const ELSEWHERE = /\bforFeature\s*\(|\bMcpRegistryService\b/;
const SDK_V1 = "@modelcontextprotocol/sdk";
const EAGER_SINCE = "1.32.0";

export function analyzeV1Server(run: DialectRun, site: V1Site): UnitAnalysis {
  const { ev } = run;
  const file = site.file;
  const loc = site.loc;
  const unknown: UnknownPart[] = [];
  const installed = run.installedVersion(file, PACKAGE);
  const version = installed ?? declaredRelease(run, file)?.version;
  if (version === undefined || !semver.valid(version) || !semver.satisfies(version, RULES_OF)) {
    unknown.push({ path: [], spread: true, reason: version === undefined ? `which ${PACKAGE} release runs is not known here: the rules applied are those of 1.9.6–1.9.11` : `${PACKAGE} ${version} runs here: the rules applied are those of 1.9.6–1.9.11, which it may not follow`, loc });
  }

  // The options: a literal (or a const holding one) of forRoot; of forRootAsync, the literal its
  // `useFactory` returns (whatever it reads of the factory's own parameters stays unknown).
  const factory = site.method === "forRootAsync" ? factoryResult(ev, file, site.call.args[0]) : undefined;
  // 1.9.11's forRootAsync gives no default transport and mounts no HTTP controllers: whether and how it
  // serves is not modelled, so what its factory returns is read but never exact.
  if (site.conditional !== undefined) unknown.push({ path: [], spread: true, reason: `${site.callee}() is imported only on one side of \`${site.conditional} ? … : …\`: when the other side is taken, this server does not exist`, loc });
  if (site.method === "forRootAsync") unknown.push({ path: [], spread: true, reason: `${site.callee}() serves only the transports its factory names, and no HTTP route in 1.9.x: whether this server answers at all is not modelled`, loc });
  // The same package answers for every 1.x server in it: one scan per whole-workspace analysis.
  const root = packageRoot(run, dirname(file));
  const scan = () => scanPackage(run, root);
  const pkg = root && run.memo ? run.memo(`mcp-nest-v1-package\0${root}`, scan) : scan();
  const options = site.method === "forRoot" ? resolveObject(ev, file, site.call.args[0], pkg.changed) : factory;
  let userCaps: JsonObject = {};
  let userLocs = new Map<string, Loc>();
  let serverName: string | undefined;
  // forRoot's default transports include stdio; only a transport option written without it leaves it out.
  let stdio = true;
  let http = true;
  if (!options) {
    unknown.push({ path: [], spread: true, reason: site.method === "forRootAsync" ? `${site.callee}() takes its options from a factory that runs at start-up, so the capabilities option is not known` : `the options of ${site.callee}() are not an object literal the code leaves as written, so the capabilities option is not known`, loc });
  } else {
    const { obj, file: optionsFile } = options;
    // Spreads of literal consts laid out; any other spread leaves the options open.
    const props = optionProps(ev, optionsFile, obj, pkg.changed);
    if (!props) unknown.push({ path: [], spread: true, reason: `the options of ${site.callee}() hold a spread that is only known when it runs`, loc });
    const option = (name: string) => (props ? props.get(name) : ((e) => (e ? { entry: e, file: optionsFile } : undefined))(prop(obj, name)));
    const capsProp = option("capabilities");
    const capsExpr = capsProp?.entry.value;
    const fromFactory = capsExpr !== undefined && factory !== undefined && capsProp!.file === optionsFile && readsAny(capsExpr, factory.hidden);
    if (fromFactory) unknown.push({ path: [], spread: true, reason: `the capabilities option is made from what useFactory is given, which is only known when it runs`, loc: { file, span: capsExpr.span } });
    const caps = readCapabilitiesOption(ev, capsProp?.file ?? optionsFile, fromFactory ? undefined : capsExpr, unknown);
    userCaps = caps.capabilities;
    userLocs = new Map(caps.capabilityLocs);
    const transport = option("transport");
    const transportText = transport ? ev.sourceText(transport.entry.value, transport.file) : undefined;
    if (transportText !== undefined) {
      stdio = mayNameStdio(transportText);
      http = mayNameHttp(transportText);
      // `transport: []`: no transport at all; `[...(env ? [STDIO] : [])]`: which ones, only the run knows.
      if (/^\s*\[\s*\]\s*$/.test(transportText)) stdio = http = false;
      else if (/\.\.\.|\?/.test(transportText)) unknown.push({ path: [], reason: `the transport option (${transportText.replace(/\s+/g, " ").slice(0, 80)}) is only known at run time, and with no transport nothing serves the server`, loc: { file: transport!.file, span: transport!.entry.value.span } });
    }
    const named = option("name");
    const value = named ? ev.evaluate(named.entry.value, ev.fileScope(named.file), { calls: false }) : undefined;
    if (value?.t === "prim" && typeof value.value === "string") serverName = value.value;
    const mutatorProp = option("serverMutator");
    const mutator = mutatorProp?.entry;
    if (mutator) unknown.push({ path: [], spread: true, reason: "serverMutator receives the McpServer MCP-Nest 1.x built and may change any capability; it is not followed for 1.x", loc: { file: mutatorProp!.file, span: mutator.value.span } });
  }

  // The module's own providers and controllers, each with its base classes' methods.
  const own = moduleOwnClasses(ev, site.module);
  if (site.dynamic) {
    addListedClasses(ev, file, site.dynamic.lists, own);
    const params = site.dynamic.readsParams;
    if (params.length > 0) unknown.push({ path: [], spread: true, reason: `${site.dynamic.method}() builds this server from its parameter${params.length === 1 ? "" : "s"} ${params.join(", ")}, whose values are known only where it is called`, loc });
  }
  const methods: CapabilityMethod[] = [];
  const openAll = (reason: string, at: Loc) => {
    for (const key of PRIMITIVES) unknown.push({ path: [key], reason, loc: at });
  };
  for (const o of own.open) openAll(`${o.text}: ${o.why}; its methods may add tools, resources or prompts`, o.loc);
  // A module the application imports that Nest cannot build stops the start-up (what the walk from this module reaches).
  const app = appClasses(ev, site.module);
  for (const u of app.unbuildable) unknown.push({ path: [], spread: true, reason: mayNotStart(`${u.why}, and the application fails as it is built`), loc: u.loc });
  // 1.9's stdio transport finds its McpExecutorService with `moduleRef.resolve(…, { strict: false })`:
  // with another McpModule.forRoot in a module this one imports, it may get that server's executor,
  // whose handlers are the other server's (and throw "Server does not support …" when the kinds differ).
  const other = stdio ? app.modules.find((m) => m.key !== site.module.key && v1Sites(ev, m.file).some((s) => s.module.key === m.key)) : undefined;
  if (other) {
    const name = ev.summary(other.file)?.classes[other.index]?.name ?? "an imported module";
    unknown.push({ path: [], spread: true, reason: `the server may not start, or may answer with another server's handlers: it serves stdio, whose transport looks up its request handlers in the whole application (strict: false), and ${name}, which this module imports, has an McpModule.forRoot() of its own`, loc });
  }
  for (const c of own.controllers) {
    const found = controllerMethods(ev, c.cls, c.summary);
    methods.push(...found.methods);
    for (const m of found.maybe) unknown.push({ path: [m.primitive], reason: m.reason, loc: m.loc });
    for (const o of found.open) openAll(`${o.text}: ${o.why}`, o.loc);
  }
  for (const c of own.maybeControllers) {
    for (const m of controllerMethods(ev, c.cls, c.summary).methods) unknown.push({ path: [m.primitive], reason: `${c.summary.name}.${m.method} may add ${m.primitive}: ${c.summary.name} is ${c.why}`, loc: c.listedAt });
  }
  const elsewhere = pkg.elsewhere;
  if (elsewhere) openAll(elsewhere.why, elsewhere.loc ?? { file, span: { start: 0, end: 0 } });

  // buildMcpCapabilities(): the option spread, then `capabilities.X = capabilities.X || { listChanged: true }`.
  const caps: JsonObject = { ...userCaps };
  const provenance: ProvenanceEntry[] = [];
  for (const [key, value] of Object.entries(userCaps)) {
    const at = userLocs.get(key) ? { loc: userLocs.get(key)! } : {};
    provenance.push({ era: "legacy", path: [key], because: "capabilities", ...at });
    if (isPlainObject(value)) for (const sub of Object.keys(value)) provenance.push({ era: "legacy", path: [key, sub], because: "capabilities", ...at });
  }
  for (const primitive of PRIMITIVES) {
    const first = methods.find((m) => m.primitive === primitive);
    if (!first || caps[primitive]) continue;
    caps[primitive] = { listChanged: true };
    const cause = { because: `@${first.decorator}`, loc: first.loc, detail: `${first.className}.${first.method}` };
    provenance.push({ era: "legacy", path: [primitive], ...cause }, { era: "legacy", path: [primitive, "listChanged"], ...cause });
  }
  // SDK v1's McpServer constructor, from 1.32.0, installs the handlers of each kind the options declare
  // and registers `{ listChanged: true }` over it (mergeCapabilities spreads it into the kind's object).
  const sdk = run.installedVersion(file, SDK_V1);
  const eager = sdk === undefined ? undefined : semver.valid(sdk) ? semver.gte(sdk, EAGER_SINCE) : undefined;
  for (const primitive of PRIMITIVES) {
    const value = caps[primitive];
    if (!value || (isPlainObject(value) && value["listChanged"] === true)) continue;
    if (eager === true) {
      caps[primitive] = { ...(isPlainObject(value) ? value : {}), listChanged: true };
      // The SDK's true replaces the option's own listChanged (a false written there): its cause goes with it.
      for (let i = provenance.length - 1; i >= 0; i--) if (provenance[i]!.path.length === 2 && provenance[i]!.path[0] === primitive && provenance[i]!.path[1] === "listChanged") provenance.splice(i, 1);
      provenance.push({ era: "legacy", path: [primitive, "listChanged"], because: "sdk v1 eager handlers", loc, detail: `${SDK_V1} ${sdk}` });
    } else if (eager === undefined) {
      unknown.push({ path: [primitive, "listChanged"], reason: `${sdk === undefined ? `which ${SDK_V1} release is installed is not known` : `${SDK_V1} ${sdk} is not a release number`}: from ${EAGER_SINCE}, McpServer's constructor sets ${primitive}.listChanged to true for a declared ${primitive}`, loc });
    }
  }
  // A kind already present (option or method) is not made absent by what else may add it.
  const kept = unknown.filter((u) => u.spread || u.path.length !== 1 || caps[u.path[0]!] === undefined);
  const sorted = sortUnknown(kept);
  const name = serverName ?? site.via ?? `${site.callee}()`;
  // No application of the package boots or listens it: nothing answers.
  const unserved = site.method === "forRoot" && !stdio && !http ? { why: "McpModule.forRoot() is given no transport (transport: []), so nothing serves it", loc } : site.method === "forRoot" && pkg.bootstraps ? neverServed(run, pkg.bootstraps, { stdio, http }) : undefined;
  const details: McpNestDetails = { kind: "mcp-nest", methods, ...(serverName !== undefined ? { serverName } : {}), rootModule: site.moduleSummary.name, moduleApi: true };
  // The call and its module, stretched over the methods of the file that feed it (the hover finds them there).
  const here = [site.call.span, site.moduleSummary.span, ...methods.filter((m) => m.loc.file === file).map((m) => m.loc.span)];
  const server: ServerReport = {
    name,
    loc,
    span: { start: Math.min(...here.map((x) => x.start)), end: Math.max(...here.map((x) => x.end)) },
    dialectId: "mcp-nest",
    dialect: "mcp-nest",
    frameworkVersion: version ?? "unknown",
    exact: sorted.length === 0,
    tasksExtension: false,
    legacy: unserved ? null : caps,
    modern: null,
    unknown: sorted,
    provenance: unserved ? [] : provenance,
    eraNotes: {
      ...(unserved ? { legacy: { text: unserved.why, loc: unserved.loc } } : {}),
      modern: { text: "MCP-Nest 1.x runs an SDK v1 McpServer, which answers initialize only; server/discover gets -32601", loc },
    },
    missing: [],
    details,
  };
  return { name, loc, server, diagnostics: [] };
}

/** `forRootAsync({ useFactory: (config) => ({ ... }) })`: the object literal the factory returns, and the names only it binds. */
function factoryResult(ev: DialectRun["ev"], file: string, arg: ValueExpr | undefined): { obj: Extract<ValueExpr, { k: "obj" }>; file: string; hidden: Set<string> } | undefined {
  const options = resolveObject(ev, file, arg);
  const useFactory = options ? prop(options.obj, "useFactory")?.value : undefined;
  if (!options || useFactory?.k !== "fn" || useFactory.fn.result?.k !== "obj") return undefined;
  // `useClass`/`useExisting` beside it would give options of their own.
  if (prop(options.obj, "useClass") || prop(options.obj, "useExisting")) return undefined;
  return { obj: useFactory.fn.result, file: options.file, hidden: new Set([...useFactory.fn.params, ...useFactory.fn.locals.keys()]) };
}

/**
 * `McpModule.forFeature([...], "server")` in any module of the package, or the McpRegistryService that
 * registers tools at run time: what they add is not followed, so each kind is unknown.
 */
/** `loc` undefined: the package could not be read whole (the caller says so at its own file). */
interface PackageScan {
  /** McpModule.forFeature or McpRegistryService somewhere: methods added where the analysis does not look. */
  readonly elsewhere?: { readonly why: string; readonly loc?: Loc };
  /** The files that make Nest applications (their text names NestFactory); undefined when the package was not read. */
  readonly bootstraps?: readonly string[];
  /** Names whose objects some file of the package changes (`baseOptions.capabilities.x = ...`). */
  readonly changed: ReadonlySet<string>;
}

function scanPackage(run: DialectRun, root: string | undefined): PackageScan {
  const files = root && run.listDirectory ? packageSourceFiles(run.listDirectory, root) : undefined;
  if (!files) return { elsewhere: { why: "the package's files could not all be read, and McpModule.forFeature or McpRegistryService there may add methods to this server" }, changed: new Set() };
  let elsewhere: PackageScan["elsewhere"];
  const changed = new Set<string>();
  const bootstraps: string[] = [];
  for (const f of files) {
    const text = run.fileText(f);
    if (text === undefined) continue;
    if (text.includes("NestFactory")) bootstraps.push(f);
    for (const name of mutatedNamesIn(text)) changed.add(name);
    const at = elsewhere ? -1 : text.search(ELSEWHERE);
    if (at >= 0) elsewhere = { why: `${/forFeature/.test(text.slice(at, at + 12)) ? "McpModule.forFeature" : "McpRegistryService"} registers methods at start-up or run time, which the analysis does not follow`, loc: { file: f, span: { start: at, end: at + 1 } } };
  }
  return { ...(elsewhere ? { elsewhere } : {}), changed, bootstraps };
}

/** The nearest folder with a package.json, inside the workspace; without one, the topmost folder of the workspace above the file. */
function packageRoot(run: DialectRun, from: string): string | undefined {
  let last: string | undefined;
  for (let dir = from, hops = 0; run.withinWorkspace(dir) && hops < 32; hops++) {
    const entries = run.listDirectory?.(dir);
    if (!entries) break;
    last = dir;
    if (entries.some((e) => e.isFile && e.name === "package.json")) return dir;
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return last;
}

/** Whether a `transport` option, as written, may name an HTTP transport (anything not plainly stdio alone may). */
function mayNameHttp(text: string): boolean {
  return !/^\s*\[?\s*[A-Za-z_$][\w$]*\.STDIO\s*\]?\s*$|^\s*\[?\s*["'`]stdio["'`]\s*\]?\s*$/.test(text);
}

/** Whether a `transport` option, as written, may name stdio (anything not plainly other transports may). */
function mayNameStdio(text: string): boolean {
  if (/STDIO|["'`]stdio["'`]/.test(text)) return true;
  const members = /^\s*\[?\s*((?:[A-Za-z_$][\w$]*\.(?:SSE|STREAMABLE_HTTP)\s*,?\s*)+)\]?\s*$/.exec(text);
  return members === null;
}
