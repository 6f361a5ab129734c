// Replays, in source order, what a program does with one fastmcp server: the registrations made
// before the session is created by `start()`/`connect()` (they decide the capabilities), the ones made
// after it (fastmcp then notifies sessions instead), and whatever runs at an unknown time (callbacks,
// helpers that are not followed). Followed besides the server's own unit: helpers it is passed to,
// methods of its class called on `this`, a subclass's constructor, and the files importing it.
import type { Loc, Value } from "../../core/evaluate/values";
import { loopItemValues } from "../../core/evaluate/loopItemValues";
import { resultDiscarded } from "../../core/evaluate/discardedResult";
import { instanceUses } from "./instanceUses";
import { firstOwnAwait } from "../../core/summarize/firstOwnAwait";
import { neverCalled } from "../../core/summarize/uncalledFunctions";
import { parsedSource } from "../../core/summarize/parsedSource";
import { isPromiseChain } from "../../core/model/promiseChain";
import { callAsInvoke } from "../../core/model/callAsInvoke";
import { fastmcpFlow } from "./flow";
import type { ServerUsers } from "../../core/project/exportedServerUsers";
import type { FileSummary, FlowEventEntry, FlowUnit, LoopGuard, Span, ValueExpr } from "../../core/model/summary";
import type { FastmcpSite } from "./findServers";
import { REGISTRATIONS, REMOVALS, STARTS, type Primitive } from "./rules";
import { subclassesInFile } from "../../core/classes/subclassesInFile";
import { holderStartCalls } from "./holderStarts";
import { laterUses } from "./laterUses";
import { followExportedHolder } from "./exportedHolder";
import { markOverridden, overriddenMethods } from "./overrides";
import { awaitedGroupOf, markGroup, settleGroup, type GroupMark } from "./promiseGroups";
import { placeConnectHandlers } from "./connectHandlers";
import { exprPath } from "./exprPath";
import { placeResumed } from "./resumes";
import { evaluatedBefore } from "../../core/project/esmOrder";
import type { Evaluator } from "../../core/evaluate/evaluator";
import { listHasItems, loopsRunCertainly, writtenItems, type ListReader } from "../../core/evaluate/listItems";
import { loopsRunCertainly as tablesRunCertainly } from "../../core/evaluate/loopCertainty";
import { listFill } from "../../core/evaluate/listFill";
import { regionsNeverRun, regionsRunCertainly } from "../../core/evaluate/knownConditions";
import { loopsNeverRun } from "../../core/evaluate/loopCertainty";
import { itemMembers, itemWithoutMember } from "./itemMembers";
import { sameKindInOtherArm } from "./otherArms";
import { calledOnItsOwn, UNBOUND } from "./unboundServer";
import { exportedDeclaration } from "../../core/project/exportedDeclaration";
import { caughtAround, onlyInTryBlocks } from "../../core/evaluate/caughtTry";
import { exportNamesOf } from "../../core/model/exportNames";

/** Before the session exists, after it, or at a time the analysis cannot know (a callback, a later call). */
export type Phase = "before" | "after" | "deferred";

export interface Registration {
  readonly method: string;
  readonly key: Primitive;
  readonly loc: Loc;
  readonly callSpan: Span;
  readonly phase: Phase;
  /** Inside a branch, a loop or a callback that may run any number of times. */
  readonly conditional: boolean;
  /** Conditional only by one arm of an `if`/`else` whose other arm adds the same kind: one of the two runs. */
  readonly eitherArm?: true;
  /** `addTools(list)` with a list that is not a literal: it may be empty. */
  readonly maybeEmpty: boolean;
  /** Made at the module's top level, in the server's own unit (a statement a quick fix may move). */
  readonly movable: boolean;
  /** Found in a method of the server's class that nothing followed calls: it may well run before start(). */
  readonly inMethod?: true;
  /**
   * Deferred only because its order against start() is not known (modules importing the server, a
   * start() that awaits `authenticate` first), not because it runs in a callback: it may well come first.
   */
  readonly orderUnknown?: true;
  /** The server's class overrides the method (`ReadOnlyServer.addTool`): that override runs, and it is not followed. */
  readonly overriddenBy?: string;
  /** After the first await of an async function called without `await`: it resumes after its caller's next statements. */
  readonly resumes?: Resume;
  /** Written directly in the server's `connect` handler: it runs once a session is built. */
  readonly onConnect?: true;
  /** In that handler after its first await: by then fastmcp has marked the server running. */
  readonly afterAwait?: true;
  /** After start(), in a `try` whose catch keeps the program going: what it throws does not end the program. */
  readonly caught?: true;
  /** `addTool({ name: "list_dir", ... })`: the name written as a literal (fastmcp keys what it holds by name). */
  readonly name?: string;
  /** What the call is given (the tool, or the list of tools), as written in `file`. */
  readonly arg?: { readonly file: string; readonly expr: ValueExpr };
}

/** Where an async function was called without `await`: what it does after its first await runs once the caller stops. */
export interface Resume {
  readonly file: string;
  /** The calling unit (`key`). */
  readonly unit: string;
  /** The end of the call: the caller goes on from here while the function waits. */
  readonly from: number;
  /** The function's name, for people. */
  readonly fn: string;
}

export interface Removal {
  readonly method: string;
  readonly key: Primitive;
  readonly loc: Loc;
  readonly phase: Phase;
  readonly overriddenBy?: string;
  /** `removeTool("run_command")`, `removeTools(["a", "b"])`: the names it removes, when written as literals. */
  readonly names?: readonly string[];
  /** Inside a branch, a loop or a callback, or in a helper called so: it may not run. */
  readonly conditional?: boolean;
  /**
   * When its order against the registrations is known (replayed in the order the program runs it):
   * how many of `registrations` were made before it. Those after it it cannot remove.
   */
  readonly after?: number;
}

export interface StartCall {
  readonly method: string;
  readonly loc: Loc;
  readonly callSpan: Span;
  /** What transport the session runs on; `unknown` when start() leaves it to argv/environment. */
  readonly transport: "stdio" | "httpStream" | "unknown" | "custom";
  readonly awaited: boolean;
  /**
   * Not awaited, and the server may have an `authenticate` option: then start() awaits it before it
   * builds the session, so what the caller adds next may still be in it, or not (when it is, is not followed).
   */
  readonly sessionLater?: boolean;
  readonly movableTarget: boolean;
  /** The server's class overrides start()/connect(): when (and whether) it builds the session is not followed. */
  readonly overriddenBy?: string;
  /** The unit the call is written in (`key`). */
  readonly unit: string;
}

export interface Unfollowed {
  /** Why what happens to the server there is not known, as one clause: `the server is passed to install, which the analysis does not follow`. */
  readonly reason: string;
  readonly loc: Loc;
  readonly phase: Phase;
  /** The only kinds it may add (a bound registration method adds its own); absent: any. */
  readonly keys?: readonly Primitive[];
}

export interface Replay {
  readonly registrations: Registration[];
  readonly removals: Removal[];
  start?: StartCall;
  readonly unfollowed: Unfollowed[];
  /** `const { start } = server`: the start method taken off the server, which throws when called alone. */
  startTakenOff?: { readonly reason: string; readonly loc: Loc };
  /** Where the name holding the server is given another server before this one is started or passed on. */
  replaced?: Loc;
  /** Where the server's own function returns it (its callers hold the server next). */
  returned?: Loc;
}

/** What the replay reads: files' summaries (with a flow) and texts. */
export interface ReplayHost {
  readonly summary: (file: string) => FileSummary | undefined;
  readonly textAt: (file: string, span: Span) => string | undefined;
  /** A file's text as written (offsets are the summary's), when at hand. */
  readonly text?: (file: string) => string | undefined;
  /** The uses of a server exported from `file` as `names` in the other files of its package. */
  readonly importers?: (file: string, names: readonly string[]) => ServerUsers;
  /** Reads the workspace's consts: whether a list a loop or `addTools` goes over certainly holds an item. */
  readonly ev?: Evaluator;
}


/** One file's units, as the walk reads them. */
export interface FileUnits {
  readonly file: string;
  readonly units: readonly FlowUnit[];
}

const MAX_HELPER_DEPTH = 4;

export function replayServer(site: FastmcpSite, host: ReplayHost): Replay {
  const out: Replay = { registrations: [], removals: [], unfollowed: [] };
  const here: FileUnits = { file: site.file, units: host.summary(site.file)!.flow!.units };
  // The server's own subclasses of FastMCP, in this file or the module they are imported from.
  const subHere: FileUnits = site.subclassFile !== undefined ? { file: site.subclassFile, units: host.summary(site.subclassFile)?.flow?.units ?? [] } : here;
  const visited = new Set<string>([key(here, site.unit)]);
  /** Callbacks a `forEach` runs, by unit: the loop over its items (the callback's own events do not carry it). */
  const callbackLoops = new Map<string, LoopGuard>();
  const siteNames = new Set<string>([site.name]);
  // Files whose walk follows names bound at their top level (a function of the file may use them).
  const moduleScoped = new Set<string>(site.unit.kind === "module" ? [site.file] : []);
  // `protected server = new FastMCP(..)` in a base class: its subclasses' constructors and overrides
  // act on the same server, whichever of them is the instance that runs.
  const holder = site.name.startsWith("this.") ? classOf(here.units, site.unit) : undefined;
  const family = holder !== undefined ? subclassesInFile(host.summary(site.file), holder) : new Set<string>();
  const inFamily = (u: FlowUnit): boolean => holder !== undefined && (classOf(here.units, u) === holder || family.has(classOf(here.units, u) ?? ""));
  /**
   * Whether `this` in `unit` is the object the names start from: the server's own class (a subclass
   * of FastMCP) or the class holding it in a field. Names that do not start from `this` (the module's
   * `server`) are the method's too unless it declares its own of the same name.
   */
  const sharesThis = (at: FileUnits, unit: FlowUnit, method: FlowUnit, names: ReadonlySet<string>): boolean => {
    const onThis = [...names].some((n) => n === "this" || n.startsWith("this."));
    if (!onThis) return seesNames(method, names);
    const cls = classOf(at.units, unit);
    if (cls === undefined) return false;
    return (at.file === site.file && (cls === holder || family.has(cls))) || (at.file === subHere.file && (site.subclasses?.includes(cls) ?? false));
  };
  // Any call on the server reaches its class's override of the method, wherever it is written.
  // A method replaced on the server by an assignment (`server.addTool = function (t) { ... }`) runs in
  // place of FastMCP's from then on, as a subclass's override would.
  const overrides = new Map(overriddenMethods(subHere.units, site.subclasses));
  /** `new App()` where the server is made, written as the object of a call. */
  const isSiteNew = (e: ValueExpr): boolean => e.k === "new" && e.span.start === site.event.span.start && e.span.end === site.event.span.end;
  /** The method `name` of the server's own subclasses (the most derived first), when one declares it. */
  const subclassMethod = (name: string): FlowUnit | undefined => {
    for (const c of [...(site.subclasses ?? [])].reverse()) {
      const found = subHere.units.find((u) => u.kind === "method" && u.className === c && u.name === `${c}.${name}`);
      if (found) return found;
    }
    return undefined;
  };

  /**
   * `split`: for an async function called without `await`, where its first `await` is. What comes
   * before it runs now, in order, and so does the call it awaits (`await server.start()` starts the
   * session right away); the rest runs later.
   */
  const walk = (at: FileUnits, unit: FlowUnit, events: readonly FlowEventEntry[], names: Set<string>, forced: boolean, depth: number, laterAll: Later, split?: ResumingSplit) => {
    const loc = (span: Span): Loc => ({ file: at.file, span });
    // After a `return` on some paths, the rest of the body runs only on the others.
    let returnedOnSomePaths = false;
    // `await Promise.all([a(server), b(server)])`: by its index, what the replay held before its items ran.
    const groups = new Map<number, GroupMark>();
    for (let i = 0; i < events.length; i++) {
      const entry = events[i]!;
      // `registry.registerTool(server)`: a name another dialect reads, on an object of the program's own:
      // its function, called. fastmcp's own names there keep being read as they were.
      const recorded = entry.event;
      const event = recorded.k === "call" && recorded.receiver[0] !== "this" && !names.has(recorded.receiver.join(".")) && !fastmcpFlow.methods.has(recorded.method) ? callAsInvoke(recorded) : recorded;
      const reader: ListReader | undefined = host.ev && { ev: host.ev, file: at.file, units: at.units, unit };
      // In branches and loops the source decides (`if (FEATURES.tools)` on a const, a loop over a table
      // with items): it runs whenever its unit does; in a branch the source rules out, never.
      const c = entry.conditional && !(reader && (loopsRunCertainly(reader, entry) || tablesRunCertainly(reader.ev, at.file, unit, entry) || regionsRunCertainly(reader.ev, at.file, unit, entry)));
      const settling = groups.get(i);
      if (settling) settleGroup(out, settling);
      // An item of an awaited Promise.all runs to its end before the statement after it, as if awaited.
      const group = awaitedGroupOf(events, i, (span) => awaited(host, at.file, span));
      if (group >= 0 && !groups.has(group)) groups.set(group, markGroup(out));
      if (reader && (regionsNeverRun(reader.ev, at.file, unit, entry) || loopsNeverRun(reader.ev, at.file, unit, entry))) continue;
      const resumed = split !== undefined && event.span.start >= split.at && event.span.start !== split.operand;
      const later: Later = laterAll || (resumed ? split.resume : false);
      // For an async function called here without `await`: where its body resumes from.
      const resumeOf = (fn: FlowUnit, found: AwaitSplit | undefined): ResumingSplit | undefined => found && { ...found, resume: { file: at.file, unit: key(at, unit), from: event.span.end, fn: fn.name } };
      const conditional = c || forced || later !== false || returnedOnSomePaths;
      // An async function called without await runs its body up to the first await now, and the rest
      // after the caller's own code: when nothing after the call in the caller can touch the server
      // (`main();` or `main().catch(...)` last), its body's order is the order things happen.
      const runsLaterHere = (callee: FlowUnit): boolean => group < 0 && runsLater(host, at.file, event.span, callee) && touchedAfter(events, i, names);
      const phase: Phase = later || (out.start?.sessionLater ?? false) ? "deferred" : out.start ? "after" : "before";
      /** `this.name()` written in a method of the server's class (or of the holder's): its body runs here. */
      const followThisMethod = (name: string): void => {
        const method = methodOf(at, unit, name, site);
        // A subclass overriding it runs its own body instead (which need not call super).
        const overridden = at.file === site.file && [...family].some((c) => here.units.some((u) => u.kind === "method" && u.className === c && u.name === `${c}.${name}`));
        if (method && !method.bodiless && depth < MAX_HELPER_DEPTH && !visited.has(key(at, method)) && sharesThis(at, unit, method, names)) {
          visited.add(key(at, method));
          // An async method called without await goes on after its caller returns: outside the
          // module's own code, the caller's callers may yet start the server before it resumes.
          const suspends = unit.kind === "module" ? runsLaterHere(method) : group < 0 && runsLater(host, at.file, event.span, method);
          walk(at, method, method.events, new Set(names), conditional || overridden, depth + 1, later || suspends || isGenerator(host, at.file, method));
        }
      };
      if (event.k === "alias") {
        const member = event.source.at(-1)!;
        if (names.has(event.source.join("."))) names.add(event.target);
        else if (event.source.length >= 2 && names.has(event.source.slice(0, -1).join(".")) && (REGISTRATIONS[member] || STARTS.has(member))) {
          // `const { addTool } = server`: the method without its server. Called alone, `this` is
          // undefined and it throws (FastMCP keeps its tools in private fields); where it is called is not followed.
          const reg = REGISTRATIONS[member];
          // Called right there (`const { addTool } = server; addTool({...})`): that call throws as the program starts.
          const calledHere = events.slice(i + 1).some(({ event: e }) => e.k === "invoke" && e.callee.k === "ref" && e.callee.name === event.target);
          if (!reg || (calledHere && phase !== "deferred")) out.startTakenOff ??= { reason: `${member}() is taken off the server (as ${event.target}), and called without it, it throws ("Cannot read properties of undefined") before a session exists`, loc: loc(event.span) };
          out.unfollowed.push({ reason: `${member} is taken off the server (as ${event.target}): called without it, it throws ("Cannot read properties of undefined"), and where it is called is not followed`, loc: loc(event.span), phase, ...(reg ? { keys: [reg.key] } : {}) });
        }
        // `target = other`: from here on the name holds another value.
        else if (!conditional) names.delete(event.target);
        continue;
      }
      // `this.server = new FastMCP(..)` again: the name now holds another server, which is replayed on its own.
      if (event.k === "new" && event.target && names.has(event.target.join("."))) {
        if (!conditional) names.delete(event.target.join("."));
        // Nothing holds this server any more and it was never started: it is a draft no client sees.
        if (names.size === 0 && depth === 0 && at.file === site.file && unit.id === site.unit.id && !out.start && out.unfollowed.length === 0) out.replaced ??= loc(event.span);
        continue;
      }
      if (event.k === "call") {
        if (names.has(event.receiver.join("."))) {
          const reg = REGISTRATIONS[event.method];
          const overriddenBy = overrides.get(event.method);
          if (reg) {
            // `for (const m of Object.values(modules)) server.addTools(m.tools)`: the list, read for each item;
            // `const extra: Tool[] = []; server.addTools(extra)`: a list of the file that nothing fills.
            const fill = reg.plural && reader ? (listFill(reader.ev, at.file, unit, entry, event.args[0], callbackLoops.get(key(at, unit))) ?? (event.args[0] && writtenItems(reader, event.args[0])?.length === 0 ? "none" : undefined)) : undefined;
            // Every list it is given is written empty: it adds nothing, as `addTools([])` does.
            if (fill === "none" && !overriddenBy) continue;
            out.registrations.push({
              method: event.method,
              key: reg.key,
              loc: loc(event.methodSpan),
              callSpan: event.span,
              phase,
              conditional,
              // `if (readOnly) server.addTool(read) else server.addTool(write)`: one of the two runs.
              ...(conditional && !forced && later === false && !returnedOnSomePaths && reader && sameKindInOtherArm(reader.ev, at.file, unit, entry, reg.key) ? { eitherArm: true as const } : {}),
              maybeEmpty: reg.plural && !nonEmptyList(event.args[0]) && fill !== "some" && !(reader && listHasItems(reader, event.args[0])),
              movable: at.file === site.file && unit.id === site.unit.id && unit.kind === "module" && !conditional && !entry.conditional,
              ...(later === "order" || (!later && out.start?.sessionLater) ? { orderUnknown: true as const } : {}),
              ...(typeof later === "object" ? { resumes: later } : {}),
              ...(reg.plural ? {} : nameOf(event.args[0])),
              // After start(), in a `try` of its function whose catch keeps the program going: the error it may throw is caught there.
              ...(phase === "after" && host.ev && caughtAround(host.ev, at.file, entry) ? { caught: true as const } : {}),
              ...(event.args[0] ? { arg: { file: at.file, expr: event.args[0] } } : {}),
            });
            // `addTools([])` adds nothing, unless an override does something else with it.
            if (reg.plural && isEmptyList(event.args[0]) && !overriddenBy) out.registrations.pop();
            continue;
          }
          if (REMOVALS[event.method]) {
            // `for (const name of DISABLED) server.removeTool(name)`: each name the loop's list gives, as written.
            const removed = removedNames(event.args[0], event.method.endsWith("s")) ?? (reader ? loopRemovedNames(loopItemValues(reader.ev, at.file, unit, entry, event.args[0], callbackLoops.get(key(at, unit))), event.method.endsWith("s")) : undefined);
            out.removals.push({ method: event.method, key: REMOVALS[event.method]!, loc: loc(event.methodSpan), phase, ...(removed ? { names: removed } : {}), conditional, ...(phase === "before" ? { after: out.registrations.length } : {}) });
            continue;
          }
          if (STARTS.has(event.method)) {
            // `async function main() { await server.start(..) }` called without `await`: main() returns at
            // that await, so what follows the call runs while start() is still pending.
            const isAwaited = awaited(host, at.file, event.span) && split === undefined;
            // In a helper walked in order (`function main() { ...; server.start() }`), a start that
            // surely runs is the start too: what follows it in the helper comes after it.
            // `try { await server.start(); ... } catch (e) { ... }` in a helper: the start surely runs unless
            // something before it in the try throws (then no session is ever built); a second start on the
            // server further on (a fallback transport in the catch) leaves which one builds it open.
            const triedStart = depth > 0 && !forced && later === false && !returnedOnSomePaths && host.ev !== undefined && onlyInTryBlocks(host.ev, at.file, entry) && !events.slice(i + 1).some(({ event: e }) => e.k === "call" && STARTS.has(e.method) && names.has(e.receiver.join(".")));
            if (!out.start && !later && (depth === 0 || !conditional || triedStart)) {
              // An override decides the transport and when the session is built: what comes next may
              // still be in it, or not.
              out.start = {
                method: event.method,
                loc: loc(event.methodSpan),
                callSpan: event.span,
                transport: overriddenBy ? "unknown" : event.method === "connect" ? "custom" : transportOf(event.args[0]),
                awaited: isAwaited,
                sessionLater: overriddenBy !== undefined || (!isAwaited && mayAuthenticate(site)),
                movableTarget: !overriddenBy && at.file === site.file && unit.id === site.unit.id && unit.kind === "module" && !conditional && !entry.conditional,
                ...(overriddenBy ? { overriddenBy } : {}),
                unit: key(at, unit),
              };
            }
            continue;
          }
        }
        // `this.addResources()` in the server's class: that method's registrations happen here.
        if (event.receiver.length === 1 && event.receiver[0] === "this") followThisMethod(event.method);
        continue;
      }
      if (event.k === "return") {
        if (at.file === site.file && unit.id === site.unit.id && event.source && names.has(event.source.join("."))) out.returned ??= loc(event.span);
        // A followed helper handing back what it was given: its caller binds that below.
        else if (depth === 0 && event.expr && mentions(event.expr, names)) out.unfollowed.push({ reason: "the server is returned inside a value whose users the analysis does not follow", loc: loc(event.span), phase });
        // A `return` on every path of the body: what follows it never runs.
        if (!c && unit.kind !== "module") break;
        returnedOnSomePaths = true;
        continue;
      }
      if (event.k === "escape") {
        const member = event.member;
        if (member !== undefined && names.has(event.source.join(".")) && (REGISTRATIONS[member] || REMOVALS[member] || STARTS.has(member))) {
          overrides.set(member, `the function assigned to ${host.textAt(at.file, event.span)?.trim() ?? member}`);
          continue;
        }
        // Stored in an object, assigned elsewhere, given to a constructor: what is done with it there is not seen.
        if (names.has(event.source.join("."))) out.unfollowed.push({ reason: `the server is ${event.how}, where the analysis does not follow it`, loc: loc(event.span), phase });
        continue;
      }
      if (event.k === "invoke") {
        // `this.setupTools()` (a name no framework method has, so an invoke): the class's own method runs here.
        const own = thisMethodName(event.callee);
        if (own !== undefined && event.args.every((a) => a === null || !names.has(a.join(".")))) {
          followThisMethod(own);
          continue;
        }
        // `server.registerAll()`: a method of the server's own subclass of FastMCP, called on it from
        // outside the class: its body runs here, with the server as `this`.
        const callee = event.callee;
        const onServer = callee.k === "get" && callee.key.k === "static" && names.has(isSiteNew(callee.object) ? UNBOUND : (exprPath(callee.object) ?? "")) ? callee.key.name : undefined;
        const mine = onServer !== undefined ? subclassMethod(onServer) : undefined;
        if (mine && !mine.bodiless && depth < MAX_HELPER_DEPTH && !visited.has(key(subHere, mine))) {
          visited.add(key(subHere, mine));
          const suspends = group < 0 && runsLater(host, at.file, event.span, mine, subHere.file) && touchedAfter(events, i, names);
          const split = !later && suspends ? resumeOf(mine, awaitSplit(host, subHere.file, mine)) : undefined;
          walk(subHere, mine, mine.events, new Set(["this"]), conditional, depth + 1, later || (suspends && !split) || isGenerator(host, subHere.file, mine), split);
          continue;
        }
        if (event.callee.k === "fn") {
          // `list.forEach((t) => server.addTool(t))`: runs now, any number of times.
          const child = at.units.find((u) => u.span.start === event.callee.span.start && u.parent === unit.id);
          if (child && !visited.has(key(at, child))) {
            visited.add(key(at, child));
            // `[a, b].forEach((register) => register(server))`: the loop the callback is run in, for its own calls.
            const each = entry.loops?.at(-1);
            if (each?.kind === "of" && each.binding === undefined) callbackLoops.set(key(at, child), each);
            // A callback (`forEach`) is a conditional event of the summary; `(async () => { ... })()`
            // runs where it is written, as a function called there would.
            // Called without `await`, it runs up to its first await now (`start()` there is called now), the rest later.
            // `await Promise.all(tools.map(async (t) => { … }))`: the statement after waits for every callback.
            const suspends = !c && runsLaterHere(child) && !awaitedForAll(host, at.file, event.span, child.span);
            const split = !later && suspends ? resumeOf(child, awaitSplit(host, at.file, child)) : undefined;
            walk(at, child, child.events, new Set(names), conditional, depth, later || (suspends && !split) || (!c && isGenerator(host, at.file, child)), split);
          }
          continue;
        }
        // `const add = server.addTool.bind(server)`: a registration method, called later where it is not
        // followed. It can add its own kind only.
        const bound = boundMethod(event.callee, names);
        if (bound) {
          out.unfollowed.push({ reason: `${bound.text} is bound and called where the analysis does not follow it`, loc: loc(event.span), phase, keys: [bound.key] });
          continue;
        }
        // `tools.forEach(server.addTool)`: the method handed on without its server. Called so, `this` is
        // lost and it throws, or it is bound where the analysis does not look: either way not followed.
        const detached = event.args.find((a) => a !== null && a.length >= 2 && names.has(a.slice(0, -1).join(".")) && (REGISTRATIONS[a.at(-1)!] || REMOVALS[a.at(-1)!] || STARTS.has(a.at(-1)!)));
        if (detached) {
          const member = detached.at(-1)!;
          const reg = REGISTRATIONS[member];
          const why = `${detached.join(".")} is passed on without its server (as a callback): called alone, it throws ("Cannot read properties of undefined"), and where it is called is not followed`;
          out.unfollowed.push({ reason: why, loc: loc(event.span), phase, ...(reg ? { keys: [reg.key] } : {}) });
          if (phase !== "deferred") out.startTakenOff ??= { reason: why, loc: loc(event.span) };
          continue;
        }
        const argAt = event.args.findIndex((a) => a !== null && names.has(a.join(".")));
        if (argAt < 0) {
          // `addPrompts()`, a function of the file using the module's server by name: it runs here.
          const fn = event.callee.k === "ref" && moduleScoped.has(at.file) ? at.units.find((u) => u.kind === "function" && u.name === (event.callee as { name: string }).name) : undefined;
          if (fn && depth < MAX_HELPER_DEPTH && !visited.has(key(at, fn)) && seesNames(fn, names)) {
            visited.add(key(at, fn));
            // `main();` of an async main: what it does before its first await happens now.
            const suspends = runsLaterHere(fn);
            const split = !later && suspends ? resumeOf(fn, awaitSplit(host, at.file, fn)) : undefined;
            walk(at, fn, fn.events, new Set(names), conditional, depth + 1, later || (suspends && !split) || isGenerator(host, at.file, fn), split);
          }
          continue;
        }
        // `for (const register of [registerSearch, registerPrompts]) register(server)`: each function of the list, in turn;
        // `for (const f of [git, docs]) f.register(server)`: each item's function of that name.
        const members = host.ev && itemMembers(host.ev, host.summary, at.file, unit, entry, event.callee, callbackLoops.get(key(at, unit)));
        // `m.register(server)` over items one of which has no register: the loop throws a TypeError there.
        const missing = !members && host.ev && phase !== "deferred" ? itemWithoutMember(host.ev, at.file, unit, entry, event.callee, callbackLoops.get(key(at, unit))) : undefined;
        if (missing) {
          const where = missing.item.file === at.file ? "" : ` (${missing.item.file.slice(missing.item.file.lastIndexOf("/") + 1)})`;
          out.startTakenOff ??= { reason: `an item of the list the loop goes over${where} has no ${missing.member}, so calling it throws a TypeError ("${missing.member} is not a function") before a session exists`, loc: loc(event.span) };
        }
        const targets = members ? members.map(({ file, units, fn }) => ({ callee: event.callee, found: { at: { file, units }, fn } })) : registrarsCalled(reader, entry, event.callee, unit, callbackLoops.get(key(at, unit))).map((callee) => ({ callee, found: undefined }));
        for (const { callee, found } of targets) {
          let imported: { at: FileUnits; fn: FlowUnit } | undefined = found;
          const helper = !found && callee.k === "ref" ? at.units.find((u) => u.kind === "function" && u.name === (callee as { name: string }).name) : undefined;
          const param = helper?.params[argAt];
          // A helper declared without its code (`declare function`) is not followed: what it does is unknown.
          if (helper && !helper.bodiless && param && depth < MAX_HELPER_DEPTH && !visited.has(key(at, helper))) {
            visited.add(key(at, helper));
            // `registerTools(server);` of an async helper: what it does before its first await happens now.
            const suspends = runsLaterHere(helper);
            const split = !later && suspends ? resumeOf(helper, awaitSplit(host, at.file, helper)) : undefined;
            walk(at, helper, helper.events, new Set([param]), conditional, depth + 1, later || (suspends && !split) || isGenerator(host, at.file, helper), split);
            if (event.result && helper.events.some(({ event: e }) => e.k === "return" && e.source?.join(".") === param)) names.add(event.result);
          } else if (!helper && (imported ??= importedHelper(host, at.file, callee) ?? newInstanceMethod(host, at, callee, names) ?? staticMethod(host, at, callee)) && imported.fn.params[argAt] && depth < MAX_HELPER_DEPTH && !visited.has(key(imported.at, imported.fn))) {
            // `registerSearchTools(server)` imported from another module of the workspace: its body runs here, as a local helper's would.
            const { at: there, fn } = imported;
            const own = new Set([fn.params[argAt]!]);
            visited.add(key(there, fn));
            const suspends = group < 0 && runsLater(host, at.file, event.span, fn, there.file) && touchedAfter(events, i, names);
            const split = !later && suspends ? resumeOf(fn, awaitSplit(host, there.file, fn)) : undefined;
            walk(there, fn, fn.events, new Set(own), conditional, depth + 1, later || (suspends && !split) || isGenerator(host, there.file, fn), split);
            if (event.result && fn.events.some(({ event: e }) => e.k === "return" && e.source?.join(".") === fn.params[argAt])) names.add(event.result);
            // What the helper's own callbacks (a timer, a tool's handler) do with the server runs at a time not followed.
            const inHelper = (u: FlowUnit): boolean => isDescendant(there.units, u, fn.id);
            scanLater(out, there, visited, own, inHelper);
            laterUses(out, there.file, there.units, visited, own, inHelper);
          } else {
            out.unfollowed.push({ reason: `the server is passed to ${host.textAt(at.file, event.span)?.split("(")[0]?.trim() || "a helper"}, which the analysis does not follow`, loc: loc(event.span), phase });
          }
        }
      }
    }
  };

  // A subclass's constructors run, base first, before `new` returns.
  for (const cls of site.subclasses ?? []) {
    const ctor = subHere.units.find((u) => u.kind === "method" && u.className === cls && u.name === `${cls}.constructor`);
    if (!ctor || visited.has(key(subHere, ctor))) continue;
    visited.add(key(subHere, ctor));
    walk(subHere, ctor, ctor.events, new Set(["this"]), false, 1, false);
  }
  if (site.fromOpenApi) {
    out.unfollowed.push({ reason: "fromOpenAPI builds the server from an OpenAPI document when it runs (one tool for each operation the document describes), which the analysis does not read", loc: { file: site.file, span: site.event.span }, phase: "before" });
  }
  if (site.classChoices) {
    out.unfollowed.push({ reason: `${site.event.ctor} holds ${site.classChoices.join(" or ")}, whichever was assigned to it last when the program runs, and which one is built is not known`, loc: { file: site.file, span: site.event.span }, phase: "before" });
  }
  if (site.subclassesElsewhere) {
    out.unfollowed.push({ reason: `${site.event.ctor} extends FastMCP through classes written in several modules, whose code is not followed`, loc: { file: site.file, span: site.event.span }, phase: "before" });
  }

  // `await new App().run()`: a server of the program's own subclass, never bound, whose one use is a
  // call of a method of that class: the method runs with the server as `this` (nothing else can reach it).
  if (site.event.target === null && !site.event.inObject && calledOnItsOwn(site) && subclassMethod(calledOnItsOwn(site)!)) siteNames.add(UNBOUND);
  else if (site.event.target === null || site.event.inObject) {
    // `{ server: new FastMCP(..) }`: the server is reached only through where it was put.
    siteNames.clear();
    out.unfollowed.push({ reason: "the server is not bound to a name (stored in an object or passed on), so what is done with it is not followed", loc: { file: site.file, span: site.event.span }, phase: "before" });
  } else if (site.event.target[0] === "<return>") {
    out.returned = { file: site.file, span: site.event.span };
  }
  walk(here, site.unit, site.unit.events.slice(site.eventIndex + 1), siteNames, false, 0, false);
  // `server = new FastMCP(..)` as a field of a class: its constructor's body runs right after the
  // fields are set, before anything outside can reach the instance.
  const ctor = holder !== undefined && site.unit.kind === "field" ? here.units.find((u) => u.kind === "method" && u.className === holder && u.name === `${holder}.constructor`) : undefined;
  if (ctor && !visited.has(key(here, ctor))) {
    visited.add(key(here, ctor));
    walk(here, ctor, ctor.events, new Set(siteNames), false, 1, false);
  }
  // `const app = new App(); app.init(); await app.start();` where the class (holding the server in a
  // field, or making it in its constructor) is used: those methods run now, in that order (holderStarts.ts).
  if (holder !== undefined && (site.unit.kind === "field" || site.unit.name === `${holder}.constructor`)) {
    for (const name of holderStartCalls(host, site.file, holder)) {
      const method = here.units.find((u) => u.kind === "method" && u.className === holder && u.name === `${holder}.${name}`);
      if (!method || visited.has(key(here, method))) continue;
      visited.add(key(here, method));
      walk(here, method, method.events, new Set(siteNames), false, 1, false);
    }
  }

  // Code elsewhere that registers on the same server runs at a time the replay cannot know: a tool's
  // handler, a timer, a function called later, another method of the class holding it.
  // A function of the file that nothing names (not called, not exported, not handed on) never runs.
  const uncalled = uncalledFunctions(here, host.text?.(here.file));
  const inScope = (u: FlowUnit): boolean => (site.unit.kind === "module" || isDescendant(here.units, u, site.unit.id) || inFamily(u)) && ![...uncalled].some((f) => u.id === f || isDescendant(here.units, u, f));
  placeConnectHandlers(out, here, visited, siteNames, () => (host.ev ? parsedSource(host.ev, here.file) : undefined));
  scanLater(out, here, visited, siteNames, inScope, inFamily);
  laterUses(out, here.file, here.units, visited, siteNames, inScope);
  if (holder !== undefined) followExportedHolder(out, host, site.file, holder, siteNames, visited);
  if (holder !== undefined) instanceUses(out, site.file, here.units, site.name.slice("this.".length));
  const own = new Set(site.subclasses ?? []);
  if (own.size > 0) scanLater(out, subHere, visited, new Set(["this"]), (u) => own.has(classOf(subHere.units, u) ?? ""), () => true);

  followImporters(out, site, host, walk, visited, moduleScoped);
  exportedBindingSetInFunction(out, site, host);
  followCallers(out, site, host, walk, visited, moduleScoped);
  placeResumed(out, host, mayAuthenticate(site));
  markOverridden(out, overrides);
  return out;
}

/**
 * `WeatherTools.register(server)`: the static method of a class of the workspace (declared in the file
 * or imported), the one member of that name the class declares.
 */
function staticMethod(host: ReplayHost, at: FileUnits, callee: ValueExpr): { at: FileUnits; fn: FlowUnit } | undefined {
  if (callee.k !== "get" || callee.key.k !== "static" || callee.object.k !== "ref") return undefined;
  const method = callee.key.name;
  return classMethodUnit(host, at, callee.object.name, method, (file, cls) => {
    const declared = host.summary(file)?.classes.filter((c) => c.name === cls && c.topLevel) ?? [];
    const members = declared.length === 1 ? declared[0]!.members.filter((m) => m.name === method) : [];
    return members.length === 1 && members[0]!.isStatic && members[0]!.kind === "method";
  });
}

/**
 * The unit of `Class.method` for a class of the workspace named `cls` where the call is written:
 * declared in that file, or imported from a module of the workspace; `accept` vets the class found.
 */
function classMethodUnit(host: ReplayHost, at: FileUnits, cls: string, method: string, accept: (file: string, cls: string) => boolean = () => true): { at: FileUnits; fn: FlowUnit } | undefined {
  const own = (file: string, units: readonly FlowUnit[], name: string) => (accept(file, name) ? units.find((u) => u.kind === "method" && u.className === name && u.name === `${name}.${method}` && !u.bodiless) : undefined);
  const local = own(at.file, at.units, cls);
  if (local) return { at, fn: local };
  const found = importedLocal(host, at.file, cls);
  const fn = found?.units && own(found.file, found.units, found.local);
  return found?.units && fn ? { at: { file: found.file, units: found.units }, fn } : undefined;
}

/**
 * `later`: what the walk reaches runs at a time not followed; `"order"`: now, but in an order against
 * start() that is not known; a `Resume`: after an unawaited async function's first await.
 */
type Later = boolean | "order" | Resume;
type Walk = (at: FileUnits, unit: FlowUnit, events: readonly FlowEventEntry[], names: Set<string>, forced: boolean, depth: number, later: Later) => void;

/**
 * `export const server = new FastMCP(..)`: the modules importing it run after its own, in an order
 * set by the program's imports. One importer is replayed in order (its start() is the server's);
 * with several, what each adds may come before or after another's start(), so all of it is deferred.
 */
function followImporters(out: Replay, site: FastmcpSite, host: ReplayHost, walk: Walk, visited: Set<string>, moduleScoped: Set<string>): void {
  const target = site.event.target;
  if (site.unit.kind !== "module" || site.subclasses || !target || target.length !== 1 || !host.importers) return;
  const summary = host.summary(site.file);
  const names = summary ? exportNamesOf(summary, target[0]) : [];
  if (names.length === 0) return;
  const users = host.importers(site.file, names);
  for (const o of users.open) out.unfollowed.push({ reason: `the server is exported: ${o.why}`, loc: o.loc ?? { file: site.file, span: site.event.span }, phase: "before" });
  const files = new Set(users.found.map((u) => u.file));
  const order = importOrder(users.found, host);
  const found = order ? [...users.found].sort((a, b) => order.rank(a.file) - order.rank(b.file)) : users.found;
  for (const { file, local } of found) {
    const units = host.summary(file)?.flow?.units;
    const module = units?.find((u) => u.kind === "module");
    if (!units || !module) {
      out.unfollowed.push({ reason: `the server is exported, and ${file.slice(file.lastIndexOf("/") + 1)}, which imports it, is not followed`, loc: { file, span: { start: 0, end: 0 } }, phase: "before" });
      continue;
    }
    const at: FileUnits = { file, units };
    const names = new Set([local]);
    moduleScoped.add(file);
    if (!visited.has(key(at, module))) {
      visited.add(key(at, module));
      walk(at, module, module.events, names, false, 0, files.size > 1 && !order?.known(file) ? "order" : false);
    }
    scanLater(out, at, visited, names, () => true);
  }
}

/** The statement of the entry that starts the server: its awaited dynamic imports before it count as loaded first. */
const STARTS_CALL = /\.\s*(?:start|connect)\s*\(/;

/**
 * With one importer starting the server (`main.ts`: `import "./tools/add.js"`, then `server.start()`),
 * the modules it loads run before its own code, in Node's order (core/project/esmOrder.ts): what
 * their top level adds comes before start(), and they are walked in that order, the entry last.
 * Undefined when no single importer starts it, or the order is not worked out.
 */
function importOrder(found: readonly { readonly file: string; readonly local: string }[], host: ReplayHost): { rank(file: string): number; known(file: string): boolean } | undefined {
  if (!host.ev || found.length < 2) return undefined;
  const starts = (f: { file: string; local: string }) => new RegExp(`(?<![\\w$.])${f.local.replace(/\$/g, "\\$")}\\s*\\.\\s*(?:start|connect)\\s*\\(`).test(host.text?.(f.file) ?? "");
  const starters = [...new Set(found.filter(starts).map((f) => f.file))];
  if (starters.length !== 1) return undefined;
  const entry = starters[0]!;
  const before = evaluatedBefore(host.ev, entry, STARTS_CALL);
  if (!before) return undefined;
  const rank = new Map(before.map((f, i) => [f, i] as const));
  rank.set(entry, before.length);
  return { rank: (file) => rank.get(file) ?? before.length + 1, known: (file) => rank.has(file) };
}

/**
 * `export let server: FastMCP; export function init() { server = new FastMCP(..) }`: the modules
 * importing the binding read the server it is given, and what they do with it is not followed.
 */
function exportedBindingSetInFunction(out: Replay, site: FastmcpSite, host: ReplayHost): void {
  const target = site.event.target;
  if (site.unit.kind === "module" || !target || target.length !== 1 || site.unit.params.includes(target[0]!) || site.unit.locals?.includes(target[0]!) || !host.importers) return;
  const summary = host.summary(site.file);
  const names = summary ? exportNamesOf(summary, target[0]) : [];
  if (names.length === 0) return;
  const users = host.importers(site.file, names);
  const at = users.found[0]?.file ?? users.open[0]?.loc?.file;
  if (at === undefined) return;
  out.unfollowed.push({ reason: `the server is assigned to ${target[0]}, which ${site.file.slice(site.file.lastIndexOf("/") + 1)} exports, and what ${at === site.file ? "the modules importing it do" : `${at.slice(at.lastIndexOf("/") + 1)} does`} with it is not followed`, loc: { file: site.file, span: site.event.span }, phase: "before" });
}

/**
 * `function createServer() { ..; return server }`: the server is what its caller binds. One caller,
 * binding it to a name, is replayed from the call on; with several (each builds its own server) or
 * none found, what callers add is not known.
 */
function followCallers(out: Replay, site: FastmcpSite, host: ReplayHost, walk: Walk, visited: Set<string>, moduleScoped: Set<string>): void {
  if (!out.returned) return;
  const factory = site.unit.name;
  const open = (reason: string, loc: Loc) => out.unfollowed.push({ reason, loc, phase: "before" });
  if (site.unit.kind !== "function") return void open(`the server is returned by ${factory}, and what its callers add is not followed`, out.returned);
  const calls: { at: FileUnits; unit: FlowUnit; index: number }[] = [];
  const callsIn = (file: string, local: string) => {
    const units = host.summary(file)?.flow?.units ?? [];
    for (const unit of units) {
      if (file === site.file && (unit.id === site.unit.id || isDescendant(units, unit, site.unit.id))) continue;
      unit.events.forEach(({ event }, index) => {
        if (event.k === "invoke" && event.callee.k === "ref" && event.callee.name === local) calls.push({ at: { file, units }, unit, index });
      });
    }
  };
  callsIn(site.file, factory);
  const summary = host.summary(site.file);
  const names = summary ? exportNamesOf(summary, factory) : [];
  if (names.length > 0 && host.importers) {
    const users = host.importers(site.file, names);
    for (const o of users.open) open(`${factory}() is exported: ${o.why}`, o.loc ?? out.returned);
    for (const u of users.found) callsIn(u.file, u.local);
  }
  // `startMcpHost();`, `main().catch(fail)`: a caller that drops what it gets adds nothing to it.
  const dropped = (c: (typeof calls)[number]): boolean => host.ev !== undefined && resultDiscarded(host.ev, c.at.file, c.unit.events[c.index]!.event.span);
  if (calls.length > 0 && calls.every(dropped)) return;
  const only = calls.length === 1 ? calls[0]! : undefined;
  const entry = only?.unit.events[only.index];
  const result = entry?.event.k === "invoke" ? entry.event.result : undefined;
  if (!only || !entry || result === undefined) {
    if (only && startedAtOnce(only)) return;
    if (calls.length === 0) open(`the server is returned by ${factory}(), and no call of it is found that the analysis follows`, out.returned);
    for (const c of calls) open(calls.length > 1 ? `${factory}() is called ${calls.length} times, each building its own server, and what each caller adds is not followed` : `the server ${factory}() returns is used here in a way the analysis does not follow`, { file: c.at.file, span: c.unit.events[c.index]!.event.span });
    return;
  }
  const named = new Set([result]);
  if (only.unit.kind === "module") moduleScoped.add(only.at.file);
  walk(only.at, only.unit, only.unit.events.slice(only.index + 1), named, entry.conditional, 0, false);
  visited.add(key(only.at, only.unit));
  scanLater(out, only.at, visited, named, (u) => only.unit.kind === "module" || isDescendant(only.at.units, u, only.unit.id));
}

/** `createServer().start(..)`: the caller starts the server it gets and adds nothing to it. */
function startedAtOnce(call: { unit: FlowUnit; index: number }): boolean {
  const made = call.unit.events[call.index]?.event;
  const next = call.unit.events[call.index + 1]?.event;
  if (made?.k !== "invoke" || next?.k !== "invoke" || next.callee.k !== "get") return false;
  const { object, key: member } = next.callee;
  return object.k === "call" && object.span.start === made.span.start && member.k === "static" && STARTS.has(member.name);
}

/** How many re-exports (`export { f } from "./f.js"`) are followed to reach an imported helper. */
const MAX_REEXPORT_HOPS = 4;

/**
 * `registerTools` imported (by name or as default) from a module of the workspace that declares it
 * as a function at its top level, maybe through re-exports: that function, with its file's units.
 */
/**
 * The functions a call stands for: the callee itself, or, when it is the variable of a `for … of` loop
 * (or the parameter of the callback a `forEach` runs) over a list of function names the source writes
 * (a const, here or imported), each of them.
 */
function registrarsCalled(reader: ListReader | undefined, entry: FlowEventEntry, callee: ValueExpr, unit: FlowUnit, callbackLoop: LoopGuard | undefined): readonly ValueExpr[] {
  // `[registerSearch, registerPrompts].forEach((register) => register(server))`: the callback's first parameter is each item.
  const own = entry.loops?.at(-1);
  const loop = own ?? callbackLoop;
  if (callee.k !== "ref" || !reader || loop?.kind !== "of") return [callee];
  const item = own ? loop.binding : unit.params[0] || undefined;
  if (item !== callee.name) return [callee];
  const items = writtenItems(reader, loop.over);
  return items && items.length > 0 && items.every((i) => i.k === "ref") ? items : [callee];
}

function importedHelper(host: ReplayHost, file: string, callee: ValueExpr): { at: FileUnits; fn: FlowUnit } | undefined {
  if (callee.k !== "ref") return undefined;
  const found = importedLocal(host, file, callee.name);
  const units = found?.units;
  const module = units?.find((u) => u.kind === "module");
  const fn = units?.find((u) => u.kind === "function" && u.parent === module?.id && u.name === found!.local && !u.bodiless);
  return units && fn ? { at: { file: found!.file, units }, fn } : undefined;
}

/**
 * The module of the workspace's own code (not a package's build nor a declaration file) that declares
 * what `file` imports as `name`, through re-exports, with the name it has there and that module's flow.
 */
function importedLocal(host: ReplayHost, file: string, name: string): { file: string; local: string; units: readonly FlowUnit[] | undefined } | undefined {
  const ev = host.ev;
  if (!ev) return undefined;
  // `const { default: plugin } = await import("./plugin.js")`: bound from a module loaded at run time.
  const summary = host.summary(file);
  const binding = summary?.imports.get(name) ?? summary?.flow?.loaded?.get(name);
  if (!binding || binding.imported === "*") return undefined;
  const found = exportedDeclaration({ summary: host.summary, resolveModule: (s, f) => ev.host.resolveModule(s, f) }, file, binding.specifier, binding.imported, { maxHops: MAX_REEXPORT_HOPS, skip: (f) => /[\\/]node_modules[\\/]|\.d\.[cm]?ts$/.test(f) });
  return found ? { ...found, units: host.summary(found.file)?.flow?.units } : undefined;
}

/**
 * `new ToolRegistry("notes").register(server)`: the method of a class of the workspace (declared in the
 * file or imported), called on an instance made right there with arguments that do not hold the server.
 */
function newInstanceMethod(host: ReplayHost, at: FileUnits, callee: ValueExpr, names: ReadonlySet<string>): { at: FileUnits; fn: FlowUnit } | undefined {
  if (callee.k !== "get" || callee.key.k !== "static" || callee.object.k !== "new" || callee.object.callee.k !== "ref") return undefined;
  if (callee.object.args.some((a) => mentions(a, names))) return undefined;
  return classMethodUnit(host, at, callee.object.callee.name, callee.key.name);
}

/** The ids of the file's top-level functions that can never run (see neverCalled). Undefined text: none. */
function uncalledFunctions(at: FileUnits, text: string | undefined): Set<number> {
  const module = at.units.find((u) => u.kind === "module");
  return new Set(text === undefined ? [] : at.units.filter((u) => u.parent === module?.id && neverCalled(at.file, text, u)).map((u) => u.id));
}

/** `this.name` as a callee: the name of the method called on `this`. */
function thisMethodName(callee: ValueExpr): string | undefined {
  return callee.k === "get" && callee.object.k === "dyn" && callee.object.text === "this" && callee.key.k === "static" ? callee.key.name : undefined;
}

/** Whether a function sees the server's names as the module's (no parameter or local of its own hides them). */
function seesNames(fn: FlowUnit, names: ReadonlySet<string>): boolean {
  const heads = new Set([...names].map((n) => n.split(".")[0]!));
  if (heads.has("this")) return false;
  return !fn.params.some((p) => heads.has(p)) && !(fn.locals ?? []).some((l) => heads.has(l)) && !(fn.paramFields ?? []).some((f) => f !== null && Object.values(f).some((v) => heads.has(v)));
}

/** Whether an expression names one of `names` (`{ server }`, `[server]`). */
function mentions(e: ValueExpr, names: ReadonlySet<string>): boolean {
  switch (e.k) {
    case "ref":
      return names.has(e.name);
    case "obj":
      return e.entries.some((x) => (x.k === "prop" ? mentions(x.value, names) : mentions(x.expr, names)));
    case "arr":
      return e.items.some((x) => (x.k === "spread" ? mentions(x.expr, names) : mentions(x, names)));
    default:
      return false;
  }
}

/** Registrations and removals on `names` in the units not replayed: they run at a time the analysis cannot know. */
export function scanLater(out: Replay, at: FileUnits, visited: ReadonlySet<string>, names: ReadonlySet<string>, inScope: (u: FlowUnit) => boolean, inMethod: (u: FlowUnit) => boolean = () => false): void {
  const loc = (span: Span): Loc => ({ file: at.file, span });
  for (const u of at.units) {
    if (visited.has(key(at, u)) || !inScope(u)) continue;
    for (const { event } of u.events) {
      if (event.k !== "call" || !names.has(event.receiver.join("."))) continue;
      const reg = REGISTRATIONS[event.method];
      if (reg) out.registrations.push({ method: event.method, key: reg.key, loc: loc(event.methodSpan), callSpan: event.span, phase: "deferred", conditional: true, maybeEmpty: reg.plural, movable: false, ...(inMethod(u) ? { inMethod: true as const } : {}) });
      else if (REMOVALS[event.method]) out.removals.push({ method: event.method, key: REMOVALS[event.method]!, loc: loc(event.methodSpan), phase: "deferred" });
    }
  }
}

export const key = (at: FileUnits, u: FlowUnit): string => `${at.file}\u0000${u.id}`;

/** The class whose `this` a unit sees: its own, or its enclosing method's. */
export function classOf(units: readonly FlowUnit[], u: FlowUnit): string | undefined {
  for (let cur: FlowUnit | undefined = u; cur; cur = cur.parent === null ? undefined : units[cur.parent]) if (cur.className) return cur.className;
  return undefined;
}

/** `this.name()` in `unit`: the method of its class (the most derived one for the server's own subclasses). */
function methodOf(at: FileUnits, unit: FlowUnit, name: string, site: FastmcpSite): FlowUnit | undefined {
  const cls = classOf(at.units, unit);
  if (!cls) return undefined;
  const chain = at.file === (site.subclassFile ?? site.file) && site.subclasses?.includes(cls) ? [...site.subclasses].reverse() : [cls];
  for (const c of chain) {
    const found = at.units.find((u) => u.kind === "method" && u.className === c && u.name === `${c}.${name}`);
    if (found) return found;
  }
  return undefined;
}

/**
 * An async function called without `await` returns at its first `await`: what it does after that
 * happens later, after the caller's next statements (maybe after start()), so it is not replayed in order.
 */
/**
 * Whether an event after the i-th of `events` may touch the server: a call on it, the server handed
 * on or stored, or any call of a function (which may use it by name) other than a promise's
 * `then`/`catch`/`finally` that is not given the server.
 */
function touchedAfter(events: readonly FlowEventEntry[], i: number, names: ReadonlySet<string>): boolean {
  for (let j = i + 1; j < events.length; j++) {
    const e = events[j]!.event;
    if (e.k === "invoke") {
      if (!isPromiseChain(e, names)) return true;
      continue;
    }
    if (e.k === "new") return true;
    if (e.k === "call" && names.has(e.receiver.join("."))) return true;
    if ((e.k === "escape" || e.k === "alias") && names.has(e.source.join("."))) return true;
  }
  return false;
}

/**
 * Whether the constructor's options may hold `authenticate` (written, spread from elsewhere, or not a
 * literal), or `auth`: an OAuth provider (`new GitHubProvider(...)`), whose `authenticate` the
 * constructor makes its own (fastmcp's `if (options.auth) this.#authenticate = …`).
 */
export function mayAuthenticate(site: FastmcpSite): boolean {
  // A subclass gives its own options to FastMCP's constructor: not read here.
  if (site.subclasses && site.subclasses.length > 0) return true;
  const options = site.event.args[0];
  if (!options) return false;
  if (options.k !== "obj") return true;
  return options.entries.some((e) => e.k === "spread" || (e.k === "prop" && (e.key.k === "computed" || e.key.name === "authenticate" || e.key.name === "auth")));
}

interface AwaitSplit {
  /** Where the function's first `await` is written. */
  readonly at: number;
  /** Where the expression it awaits begins: that call is made before the function suspends. */
  readonly operand: number;
}

/** An await split, with where the function resumes from in its caller. */
type ResumingSplit = AwaitSplit & { readonly resume: Resume };

/** The first `await` of a function's own body (not of a function written inside it), read from its syntax. */
function awaitSplit(host: ReplayHost, file: string, fn: FlowUnit): AwaitSplit | undefined {
  const sf = host.ev ? parsedSource(host.ev, file) : undefined;
  return sf ? firstOwnAwait(sf, fn.span) : undefined;
}

/** `calleeFile`: where the callee is written, when another file than the call's. */
function runsLater(host: ReplayHost, file: string, call: Span, callee: FlowUnit, calleeFile = file): boolean {
  const text = host.textAt(calleeFile, callee.span) ?? "";
  const head = text.slice(0, Math.max(0, text.indexOf("(")));
  return /\basync\b/.test(head) && /\bawait\b/.test(text) && !awaited(host, file, call);
}

/** `function* steps()`: calling it runs nothing; its body runs as it is iterated, at a time not followed. */
function isGenerator(host: ReplayHost, file: string, callee: FlowUnit): boolean {
  const text = host.textAt(file, callee.span) ?? "";
  return /^[^(]*\bfunction\s*\*/.test(text) || /^\s*(async\s+)?\*/.test(text);
}

/**
 * `await Promise.all(tools.map(async (t) => { … }))`: the promises of a `map` callback (`call`, the
 * map call; `callback`, the callback), every one awaited together before the statement after runs.
 */
function awaitedForAll(host: ReplayHost, file: string, call: Span, callback: Span): boolean {
  const before = host.textAt(file, { start: Math.max(0, call.start - 40), end: call.start }) ?? "";
  const method = host.textAt(file, { start: call.start, end: callback.start }) ?? "";
  return /\bawait\s+Promise\s*\.\s*(?:all|allSettled)\s*\(\s*$/.test(before) && /\.\s*(?:map|flatMap)\s*\(\s*$/.test(method);
}

function awaited(host: ReplayHost, file: string, call: Span): boolean {
  return /await\s*$/.test(host.textAt(file, { start: Math.max(0, call.start - 6), end: call.start }) ?? "");
}

function isDescendant(units: readonly FlowUnit[], u: FlowUnit, ancestor: number): boolean {
  for (let p = u.parent; p !== null; p = units[p]?.parent ?? null) if (p === ancestor) return true;
  return false;
}

function transportOf(arg: ValueExpr | undefined): StartCall["transport"] {
  if (!arg || arg.k !== "obj") return "unknown";
  for (const e of arg.entries) {
    if (e.k === "prop" && e.key.k === "static" && e.key.name === "transportType") {
      if (e.value.k === "lit" && (e.value.value === "stdio" || e.value.value === "httpStream")) return e.value.value;
      return "unknown";
    }
  }
  return "unknown";
}

/** `{ name: "list_dir", ... }` as written: its literal name. */
function nameOf(arg: ValueExpr | undefined): { name?: string } {
  if (arg?.k !== "obj") return {};
  let name: string | undefined;
  for (const e of arg.entries) {
    // A spread or a computed key may set `name` too: then the name is not known.
    if (e.k === "spread" || e.key.k === "computed") return {};
    if (e.key.name === "name") name = e.value.k === "lit" && typeof e.value.value === "string" ? e.value.value : undefined;
  }
  return name === undefined ? {} : { name };
}

/** The names a removal takes, when each is written as a literal: one (`removeTool`) or a list (`removeTools`). */
function removedNames(arg: ValueExpr | undefined, plural: boolean): string[] | undefined {
  const literal = (e: ValueExpr | undefined): string | undefined => (e?.k === "lit" && typeof e.value === "string" ? e.value : undefined);
  if (!plural) {
    const one = literal(arg);
    return one === undefined ? undefined : [one];
  }
  if (arg?.k !== "arr") return undefined;
  const names: string[] = [];
  for (const item of arg.items) {
    const one = item.k === "spread" ? undefined : literal(item);
    if (one === undefined) return undefined;
    names.push(one);
  }
  return names;
}

/** The names a removal takes on the turns of its loop (`loopItemValues`), when each is a string. */
function loopRemovedNames(values: readonly Value[] | undefined, plural: boolean): string[] | undefined {
  if (!values) return undefined;
  const names: string[] = [];
  const one = (v: Value | undefined): boolean => v?.t === "prim" && typeof v.value === "string" && names.push(v.value) > 0;
  for (const v of values) if (!(plural ? v.t === "arr" && v.items.every(one) : one(v))) return undefined;
  return names;
}

const nonEmptyList = (e: ValueExpr | undefined): boolean => e?.k === "arr" && e.items.some((i) => i.k !== "spread");
const isEmptyList = (e: ValueExpr | undefined): boolean => e?.k === "arr" && e.items.length === 0;

/** `server.addTool.bind` (of a name holding the server): the registration method bound, with its kind. */
function boundMethod(callee: ValueExpr, names: ReadonlySet<string>): { text: string; key: Primitive } | undefined {
  if (callee.k !== "get" || callee.key.k !== "static" || callee.key.name !== "bind") return undefined;
  const method = callee.object;
  if (method.k !== "get" || method.key.k !== "static") return undefined;
  const reg = REGISTRATIONS[method.key.name];
  const owner = exprPath(method.object);
  return reg && owner && names.has(owner) ? { text: `${owner}.${method.key.name}`, key: reg.key } : undefined;
}
