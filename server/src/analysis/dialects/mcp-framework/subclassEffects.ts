// What a workspace subclass of MCPServer does to the server it is: `this.addTool(X)` in its
// constructor runs when the instance is built, before anything the caller does with it, so it counts
// as an addTool() before start(); elsewhere in its classes (a method, a callback, under a condition,
// or beside a `this.start()` of their own) when it runs is not followed, so its key is not known. A
// subclass that overrides a member MCPServer's own start-up uses (start, detectCapabilities, the loaders,
// addTool...) changes what the framework does: nothing it advertises is certain then. `this` handed
// on (to a helper, into an object) may be added to there: every primitive is unknown.
import type { Loc } from "../../core/evaluate/values";
import type { FileSummary, FlowUnit } from "../../core/model/summary";
import type { Primitive } from "./rules";
import type { ChainClass } from "./serverClass";

export interface SubclassEffects {
  /** Added in the constructor before any start() can run. */
  readonly added: readonly { readonly key: Primitive; readonly method: string; readonly loc: Loc }[];
  readonly maybe: readonly { readonly key: Primitive; readonly reason: string; readonly loc: Loc }[];
  /** Why nothing is certain. */
  readonly overrides: readonly { readonly reason: string; readonly loc: Loc }[];
}

const ADDERS: Readonly<Record<string, Primitive>> = { addTool: "tools", addPrompt: "prompts", addResource: "resources" };
const STARTS = new Set(["start", "handleRequest", "createLambdaHandler"]);
const ALL: readonly Primitive[] = ["tools", "prompts", "resources"];

/**
 * MCPServer's members (methods and fields, 0.1.x to 0.2.22) that its start-up reads. The others
 * (`stop`, `sendLog`, the name and version helpers, roots) do not change what it advertises.
 */
const START_UP_MEMBERS = new Set([
  "start", "detectCapabilities", "setupHandlers", "resolveBasePath", "ensureInitialized", "_doInitialize", "addTool", "addPrompt", "addResource",
  "handleRequest", "createLambdaHandler", "createSDKServerForSession", "createTransport", "createTransportFromConfig", "validateTransportConfigs",
  "createAppTool", "createAppResource", "createToolAppResource", "generateAppToolInputSchema", "server", "capabilities", "basePath", "bindings",
  "toolsMap", "promptsMap", "resourcesMap", "appsMap", "appContentCache", "toolLoader", "promptLoader", "resourceLoader", "appLoader",
  "transport", "transportConfig", "transportConfigs", "_loggingEnabled", "_tasksConfig", "_taskManager", "_hasApps", "_initialized", "_initPromise", "_authConfig", "_devMode",
]);

export function subclassEffects(chain: readonly ChainClass[], summaryOf: (file: string) => FileSummary | undefined): SubclassEffects {
  const added: { key: Primitive; method: string; loc: Loc }[] = [];
  const maybe: { key: Primitive; reason: string; loc: Loc }[] = [];
  const overrides: { reason: string; loc: Loc }[] = [];
  const pending: { key: Primitive; method: string; loc: Loc; where: string }[] = [];
  let startedInside: { where: string; loc: Loc } | undefined;
  for (const { file, cls } of chain) {
    for (const m of cls.members) {
      if (m.isStatic || m.typeOnly || !START_UP_MEMBERS.has(m.name)) continue;
      overrides.push({ reason: `${cls.name} overrides ${m.name}${m.kind === "method" ? "()" : ""}, which mcp-framework's MCPServer uses when it starts and advertises, so what this server advertises is not known`, loc: { file, span: m.nameSpan } });
    }
    const units = summaryOf(file)?.flow?.units ?? [];
    const own = units.filter((u) => u.className === cls.name && u.span.start >= cls.span.start && u.span.end <= cls.span.end);
    const ctor = own.find((u) => u.kind === "method" && u.name === `${cls.name}.constructor`);
    const inClass = (u: FlowUnit): boolean => own.includes(u) || (u.parent !== null && units[u.parent] !== undefined && inClass(units[u.parent]!));
    for (const u of units.filter(inClass)) {
      let afterSuper = false;
      for (const { event, conditional } of u.events) {
        if (event.k === "invoke" && event.callee.k === "dyn" && event.callee.text === "super") afterSuper = true;
        const loc: Loc = { file, span: event.span };
        if (event.k === "call" && event.receiver.length === 1 && event.receiver[0] === "this") {
          if (STARTS.has(event.method)) startedInside ??= { where: u.name, loc };
          const key = ADDERS[event.method];
          if (!key) continue;
          const at: Loc = { file, span: event.methodSpan };
          if (u === ctor && !conditional && afterSuper) pending.push({ key, method: event.method, loc: at, where: u.name });
          else maybe.push({ key, reason: `this.${event.method}() is called in ${u.name}${conditional ? " under a condition" : ""}, at a time the analysis does not follow`, loc: at });
        } else if (handsOnThis(event)) {
          for (const key of ALL) maybe.push({ key, reason: `the server (this) is handed on in ${u.name}, and what is added through it there is not followed`, loc });
        }
      }
    }
  }
  // A start() of the classes' own may run before the constructor's additions are all made.
  for (const p of pending) {
    if (startedInside) maybe.push({ key: p.key, reason: `this.${p.method}() in ${p.where} and a start() in ${startedInside.where}: which runs first is not followed`, loc: p.loc });
    else added.push({ key: p.key, method: p.method, loc: p.loc });
  }
  return { added, maybe, overrides };
}

function handsOnThis(event: FlowUnit["events"][number]["event"]): boolean {
  const isThis = (p: readonly string[] | null | undefined) => p?.length === 1 && p[0] === "this";
  if (event.k === "invoke") return event.args.some(isThis) && !(event.callee.k === "dyn" && event.callee.text === "super");
  return (event.k === "alias" || event.k === "escape") && isThis(event.source);
}
