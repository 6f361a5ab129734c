// Replays what a program does with one SDK server, in the order it happens: the constructor's
// capabilities, then every registration, merge and handler (following helpers that receive the server),
// then `connect`, then what callbacks do later. The result is the object the SDK would advertise.
import { exportedDeclaration } from "../../core/project/exportedDeclaration";
import type { AnalysisDiagnostic } from "../../core/model/diagnostics";
import { answerSkippedByThrow } from "./caughtThrows";
import { caughtAround, leadingTryRegions } from "../../core/evaluate/caughtTry";
import { zodRoot } from "./schemaBuilders";
import { handledAndGoesOn, handledWhereCalled, handlerAtCall, processHandlers } from "./rejectionFates";
import { rejectionEndsProgram } from "./rejectionPath";
import { callerGoesOn, connectRacesCaller } from "./asyncRaces";
import { unawaitedSuspension } from "./unawaitedSuspension";
import type { Evaluator } from "../../core/evaluate/evaluator";
import { exprText } from "../../core/evaluate/evaluator";
import { isPlainObject, SPREAD_KEY, toJson, type Binding, type DynamicPart, type Json, type JsonObject, type Loc, type Scope, type Value } from "../../core/evaluate/values";
import { lineOf } from "../../core/evaluate/lineOf";
import { searchText } from "../../core/evaluate/textSearch";
import type { FileSummary, RefPath, FlowEvent, FlowEventEntry, FlowUnit, LoopGuard, Span, ValueExpr, CallEvent } from "../../core/model/summary";
import { returnsServer, type SdkSite } from "./findSdkServers";
import { liveCapabilitiesChange } from "./liveCapabilities";
import { mutatedNames, mutatedNamesOf } from "../../core/evaluate/mutation";
import { handedOnNamesOf } from "../../core/evaluate/handedOn";
import { markInexact, markOpen, markReplaced, markWhole, newState, sealCapabilities, type SdkCause, type SdkState } from "./sdkState";
import { isSdkSpecifier } from "./sdkReexports";
import { constructorStep, PRIMITIVE_OF, snapshot, stepOf, type SdkStep } from "./steps";
import { declareFlagFix, declareKeyFix } from "./fixes";
import { isHarmlessUse } from "./harmlessUses";
import { declaredAround, loopsNeverRun, loopsRunCertainly } from "../../core/evaluate/loopCertainty";
import { forOfItem, regionsNeverRun, regionsRunCertainly } from "../../core/evaluate/knownConditions";
import { guardAlwaysThrows, optionalCallOfNothing, serverFacts, type WalkedServer } from "./serverConditions";
import { mayHaveReturned } from "./earlyReturns";
import { importLoadFailure, missingNamespaceMember } from "../../core/evaluate/missingExports";
import { toolInEitherArm } from "./bothArms";
import { armOf, sameCallInEitherArm, type ArmOf } from "../../core/evaluate/eitherArm";
import { completionsTooLate } from "./lateCompletions";
import { bindingOf, unitScope } from "../../core/evaluate/unitScope";
import { assignsUnreadMember } from "./unreadMembers";
import { connectedRelation, type ConnectedRelation } from "./connectedArms";
import { classMethod, constructorStoresOf, methodTarget, type FunctionTarget, type Instance } from "./methodTargets";
import { privateFactoryCalls } from "./privateFactoryCallers";
import { assignedNameStaysHere, returnedBeforeConnect, returnsOnlyConnected } from "./callerHandsOn";
import { isModuleVariable } from "./moduleVariables";
import { laterInstanceFields } from "./laterFields";
import { subclassLine, writesField, type LineClass } from "./subclassLine";
import { cacheHintThrows, constructorOptionThrows } from "./v2OptionChecks";
import { defaultPassedOver } from "./parameterDefaults";
import { wholeUse } from "./memberOnlyUses";
import { getterUseIsHarmless } from "./moduleGetters";
import { callIsHarmlessStore, escapeIsHarmlessStore, isCollectionStore, isPlainStore, nodeAt, runsAfter, serverShapes } from "./containerStores";
import { constructingIndex, constructorOf, dispatch, ownerIndex, superCallOf } from "./classChain";
import { constructorArguments, pathOfExpr } from "./instanceCalls";
import { optionsWithLaterWrites } from "./capabilitiesWrittenAfter";
import { completableOfTopLevel } from "./completableReuse";
import { basename } from "../../core/project/paths";
import { unmodelledSubclassCode, type ServerSubclass } from "./serverSubclasses";
import { ClassHolders } from "./classHolders";
import { closureArguments, ReturnedClosures } from "./returnedClosures";
import { withConstObjects } from "./constArguments";
import { constructedFields } from "./constructedFields";
import type { Elsewhere } from "./factoryCallers";
import type { EntryServe } from "./entryFactories";
import { withLiteralCalls } from "./literalCalls";
import { connectedInPlace, MADE_HERE } from "./connectedInPlace";
import { inChainOrder } from "./chainOrder";
import { fieldGetters } from "./fieldGetters";
import { rejectionHandled, SendChecks, type UntimedFrame } from "./sendChecks";
import { CapabilityMerges } from "./capabilityMerges";
import { ConnectionChecks } from "./connectionChecks";
import { PrimitiveRegistrations, type LateCall } from "./primitiveRegistrations";
import { callbackLoop, itemFunctions, itemKeys, loopBinding, type ItemFunction } from "./loopItemFunctions";
import { fieldValue, returnedCollection, thisField } from "../../core/evaluate/returnedCollections";
import { serversMade } from "./serversMade";
import { followElsewhere } from "./followElsewhere";
import { bare, fieldConstructionOf, fieldStoreIsHarmless } from "./fieldHolders";
import { ts } from "../../core/typescript";
import { byStartCall, byStartOrder, holderClassHandedOn, holderMethodCall, holderSubclass, isOwnMethod, startCallsNamed, startCallsOf, type StartOrder } from "./holderMethodCalls";
import { otherMethodInvoke, thisMethodInvoke } from "./thisMethodCalls";
import { continuesConnect } from "./connectContinuations";
import { perRequestHandler } from "./perRequestConnect";
import { perRequestPath } from "./perRequestCallers";
import { SDK_METHODS } from "./sdkTables";
import { settleParameterConditions, soleCall } from "./parameterConditions";
import { eraContext } from "./eraSplit";
import { conditionalBeyondArm } from "./chosenArm";
import { returnsFunctionOverThis } from "./returnedClosureCaptures";
import { calledAtStartByImporter, importerStartCalls } from "./importerStarts";
import { underEraCondition } from "./eraConditions";
import type { ZodMain } from "./zodFlavours";
import { settleConstConditions } from "./constConditions";
import { unboundConstruction } from "./unboundConstruction";
import { boundRegistration, type BoundRegistration } from "./boundRegistrations";
import { callResultIgnored, resultIgnoredEverywhere } from "./ignoredResults";
import { calledBySmitheryRuntime } from "./smitheryRuntime";
import { NEWEST_V1, type SdkRelease } from "./sdkRelease";
import { destructuredBindings, isObjectArgumentEntry } from "./objectArguments";
import { plainLiteral, readOnlyByMembers } from "./parameterMembers";
import { constObjectHolder } from "./constObjectHolders";
import { callerName, isReturnedEntry, returnedKey } from "./returnedObjects";
import { holderInstancesOf, privateHolderHandedOn, siteEscapes } from "./siteEscapes";
import { isRegistrationRead, isTasksOf, REGISTRATION_METHODS } from "./registrationReads";
import { connectAfterInBlock } from "./connectGuards";
import { rebinding } from "./rebindings";
import { wrappingHelper } from "./wrappingHelpers";
import { runsInOwnHandler } from "./ownHandlers";
import { extAppsRegistration } from "./extAppsHelpers";
import { neverCalled } from "../../core/summarize/uncalledFunctions";
import { SDK_EVAL } from "./sdkEval";
import { CompletionChecks } from "./completionChecks";
import { HandlerChecks } from "./handlerChecks";
import { DuplicateChecks } from "./duplicateChecks";
import { schemaRefused } from "./schemaChecks";
import { isGetterUnit, unnamedArguments } from "./unnamedArguments";
import { templateRefused } from "./templateChecks";
import { addsCapability, registeredAfterConnect } from "./lateRegistrations";
import type { ReplayPoint } from "./replayPoint";
import { itemNames, itemVars, loopItem, type EachItem } from "../../core/evaluate/loopItem";
import { itemScopes, writtenItemVars } from "../../core/evaluate/writtenItems";
import { itemTurns, type ItemTurns } from "../../core/evaluate/itemTurns";
import { parsedSource } from "../../core/summarize/parsedSource";
import { forwardingProxyAt, forwardingProxyReturned, readForForwarding, type ForwardingProxy } from "./forwardingProxies";
import { callbackElements } from "./callbackElements";
import { ANY_METHOD, writtenMembers } from "./writtenMembers";
import { addToAlternative, AlternativeStarts, joinAlternatives, keysSeenIn, newAlternative, type AlternativeRun } from "./alternatives";
import { childrenOf, inRequestHandler, mentions, sharedNames } from "./unitMentions";

/** When an event runs: `deferred` in a callback after start-up; `conditional` if it may not run at all. */
interface Mode {
  readonly deferred: boolean;
  readonly conditional: boolean;
  /** In a callback given to code not followed (a listener, a timer): it may run before connect() as well as after. */
  readonly anytime?: true;
  /** With `anytime`: the code is the top level of this module, which the program loads at a time not known. */
  readonly module?: string;
  /** Where what runs became conditional: the call or statement under the `if`, loop or callback. */
  readonly conditionAt?: Loc;
  /**
   * Set while the code runs in one alternative of a join (alternatives.ts), and only as long as it is
   * certain to run once that alternative runs: any further condition drops it.
   */
  readonly alternative?: AlternativeRun;
  /** A tool registration taken as certain because the other arm of its `if` registers one too (bothArms.ts): the call itself may not run. */
  readonly oneArm?: true;
  /** In a callback given to `.then`/`.finally` (`via`) of that connect()'s promise: it runs once connect() has resolved, before any request is read (connectContinuations.ts). */
  readonly afterConnect?: { readonly via: string; readonly connect: Loc };
}

/** An `if`/`else` whose two arms are walked as the alternatives of a join. */
interface ArmJoin {
  readonly runs: [AlternativeRun, AlternativeRun];
  readonly end: number;
  /** The mode the `if` itself runs in: where what both arms add goes. */
  readonly mode: Mode;
  /** Each arm is walked from what was registered before the `if`. */
  readonly starts: AlternativeStarts;
  /** The arm being walked. */
  walking: 0 | 1 | undefined;
}

/** The SDK's members that make or check the capabilities the server sends: replaced, none of them is known. */
const CAPABILITY_MAKERS = new Set(["getCapabilities", "registerCapabilities", "_capabilities", "assertCapabilityForMethod", "assertRequestHandlerCapability", "assertNotificationCapability", "_oninitialize"]);

/** `._capabilities`, `["_capabilities"]`: the SDK's own capabilities object, read or written. */
const PRIVATE_CAPABILITIES = /\.\s*_capabilities\b|\[\s*["'`]_capabilities["'`]\s*\]/;

/** Calls that write members onto the object they are given first. */
const OBJECT_WRITERS = /^(?:Object\.(?:assign|defineProperty|defineProperties|setPrototypeOf)|Reflect\.(?:set|defineProperty|setPrototypeOf))$/;

/** The SDK's properties for callbacks of the program's own, which it calls and which add nothing to the capabilities. */
const CALLBACK_HOOKS = new Set(["onclose", "onerror", "oninitialized", "fallbackRequestHandler", "fallbackNotificationHandler"]);

const NOW: Mode = { deferred: false, conditional: false };
const LATER: Mode = { deferred: true, conditional: true };
const MAYBE: Mode = { deferred: false, conditional: true };
/** A callback given to code the analysis does not follow: it may run at once, later, or never. */
const ANYTIME: Mode = { ...MAYBE, anytime: true };

/** A function replayed without knowing when it runs: whether its own connect() was met, and what it sent before. */
/** What a helper the replay runs returns: the server (at that return, when the call's value is used), or anything else too. */
interface ServerReturns {
  /** The depth the invoked function runs at: returns of functions it calls in turn are theirs, not its. */
  readonly depth: number;
  server?: Loc;
  /** A path inside the server (`server.server`), at that return. */
  part?: Loc;
  other?: boolean;
}

const DYNAMIC = "$dynamic";

/** A call whose handler takes an error thrown while it runs, and the words that say so. */
interface HandledCall {
  readonly why: string;
}

/** The requests McpServer answers once a primitive is registered (or declared up front). */
const PRIMITIVE_METHODS: Readonly<Record<string, readonly string[]>> = {
  tools: ["tools/list", "tools/call"],
  resources: ["resources/list", "resources/templates/list", "resources/read"],
  prompts: ["prompts/list", "prompts/get"],
};

/** How deep helpers that receive the server are followed (real servers chain a dozen: tool → search → config → log). */
const MAX_DEPTH = 16;
/** Events one replay may visit: helpers that call helpers many times over must stay bounded. */
const MAX_STEPS = 20_000;
/** Steps kept for the editor's explanations: the analysis goes on past them, the hovers stop there. */
const MAX_RECORDED_STEPS = 2_000;

const key = (p: RefPath) => p.join(".");

/**
 * What a replay found once the server is followed everywhere (`Replay.finish`): read, never changed.
 * The report is built from it (analyzeSdkServer.ts works on its own copy of the state).
 */
export interface ReplayResult {
  readonly state: Readonly<SdkState>;
  readonly release: SdkRelease;
  /** Each registration, merge and handler, in the order they ran (the editor explains them). */
  readonly steps: readonly SdkStep[];
  readonly dynamics: readonly DynamicPart[];
  /** Keys and flags only code that may not run adds, and why (capabilityMerges.ts). */
  readonly conditionalKeys: ReadonlyMap<string, Loc | undefined>;
  readonly conditionCalls: ReadonlyMap<string, string>;
  readonly conditionalFlags: ReadonlyMap<string, Loc | undefined>;
  readonly untimedKeys: ReadonlyMap<string, string>;
  readonly replacedKeys: ReadonlyMap<string, string>;
  readonly instanceKeys: ReadonlyMap<string, string>;
  /** Keys and flags that differ between the releases the server may load. */
  readonly releaseUnknowns: ReadonlyMap<string, { readonly loc: Loc; readonly why: string }>;
  /** Start-up calls that throw if they run, when whether they run is not known. */
  /** `said`: the reason is whole as written (not a start-up that may fail). */
  readonly mayThrowAt: readonly { readonly loc: Loc; readonly why: string; readonly said?: true }[];
  /** v1: where `logging` was added after construction. */
  readonly loggingLate: Loc | undefined;
  /** It was written to the capabilities object the Server holds (capabilitiesWrittenAfter.ts), not added by registerCapabilities. */
  readonly loggingWrittenLate: boolean;
  /** The live capabilities object was written to: what a handler finds there is not known. */
  readonly capsUncertain: boolean;
  readonly connectArg: { readonly file: string; readonly expr: ValueExpr | undefined } | undefined;
  readonly supportedVersions: Json | undefined;
  /** Handlers set by hand (handlerChecks.ts): an era answered by the program itself, handlers of methods not known. */
  readonly ownEraHandlers: ReadonlyMap<"legacy" | "modern", { readonly loc: Loc; readonly caps?: JsonObject }>;
  readonly unknownHandlers: ReadonlySet<string> | "any" | undefined;
  /** completable() that completes nothing (completionChecks.ts). */
  readonly optionalCompletables: CompletionChecks["optionalCompletables"];
  readonly foreignOptionalCompletables: CompletionChecks["foreignOptionalCompletables"];
  /** Quick fixes declaring a key or a flag in the constructor's options. */
  addKeyFix(k: string, value?: string): Pick<AnalysisDiagnostic, "fixes">;
  addFlagFix(k: string, flag: string): Pick<AnalysisDiagnostic, "fixes">;
}

export class Replay {
  readonly state: SdkState;
  readonly #ev: Evaluator;
  readonly #site: SdkSite;
  /** Units already replayed (a helper called twice registers twice, but a cycle must end). */
  readonly #active = new Set<string>();
  readonly #ran = new Set<string>();
  #steps = 0;
  /** Dynamic parts met in option literals (reported as `capabilities-dynamic`). */
  readonly dynamics: DynamicPart[] = [];
  /** Where the constructor's options put each capability key, for diagnostics and quick fixes. */
  optionsValue: Value | undefined;
  /** The server's factory is called in its own file, and what the caller does with it was replayed. */
  followedCallers = false;
  /**
   * The site makes several servers (`const a = make(); const b = make()`, two instances of the class
   * holding it): while one caller's server is followed, `#instance` names it. What a caller does to
   * its own server may not be done to the one a client meets, and its connect() is not the others'.
   */
  #instance: string | undefined;
  /** Each registration, merge, handler and completable argument, in the order they ran (the editor explains them). */
  readonly steps: SdkStep[] = [];
  /** The unit the call being applied is written in. */
  #unit: FlowUnit | undefined;
  /** The scope the call being applied reads its arguments in: its function's consts, then the file. */
  #scope(file: string): Scope {
    const own = unitScope(this.#ev, file, this.#unit);
    const args = this.#unit ? this.#argsOf.get(`${file}#${this.#unit.id}`) : undefined;
    return args ? { file, vars: args, parent: own } : own;
  }
  /** A function run where it is called: its parameters are that call's arguments. */
  readonly #argsOf = new Map<string, ReadonlyMap<string, Binding>>();

  /** Runs `run` with the parameters of the function `unit` bound to a call's arguments (read in the caller's `scope`). */
  #withArguments(file: string, unit: FlowUnit, args: readonly ValueExpr[], scope: Scope, run: () => void): void {
    const id = `${file}#${unit.id}`;
    const before = this.#argsOf.get(id);
    this.#argsOf.set(id, withConstObjects(this.#ev, { file, unit }, closureArguments(this.#ev, { file, unit }, args, scope)));
    try {
      run();
    } finally {
      if (before) this.#argsOf.set(id, before);
      else this.#argsOf.delete(id);
    }
  }
  /**
   * Runs `run` with the fields of the instance the site's method runs on bound where the one
   * construction of its class decides them (`this.opts` of `new Factory({ enablePrompts: true })`).
   */
  #withFields(run: () => void): void {
    const fields = this.era === undefined ? constructedFields(this.#ev, this.elsewhere, this.#site) : undefined;
    if (!fields) return run();
    const id = `${this.#site.file}#${this.#site.unit.id}`;
    this.#argsOf.set(id, fields);
    try {
      run();
    } finally {
      this.#argsOf.delete(id);
    }
  }

  /** The scope of a unit being run (with its bound arguments, when it is a closure called here). */
  #scopeIn(file: string, unit: FlowUnit): Scope {
    const saved = this.#unit;
    this.#unit = unit;
    try {
      return this.#scope(file);
    } finally {
      this.#unit = saved;
    }
  }
  /** Names the functions around the call being applied declare (they hide the file's consts). */
  #hidden(file: string): ReadonlySet<string> {
    return this.#unit ? declaredAround(this.#ev, file, this.#unit) : new Set();
  }
  /** The named function the call being applied is written in (a helper's name). */
  #within: Loc | undefined;
  #merged: readonly string[] | undefined;

  /** Modules that import the exported server → the name they import it as (set when their order is known). */
  readonly importedServer = new Map<string, string>();
  /** Module-level `let`s the server has been assigned to, by file (moduleVariables.ts). */
  readonly #moduleHeld = new Map<string, Set<string>>();

  /** Some user of the server in another file is not followed (said with its place): no generic reason. */
  callersOpen = false;
  /** SDK entry points in other files given the server's factory itself, which serve it. */
  readonly servedBy: EntryServe[] = [];

  /**
   * Whether a registration the server's connect() follows in the same block is taken as certain for
   * what that connect() serves (connectGuards.ts). A replay whose claims do not hold (connectGuardsHold)
   * is run again without.
   */
  trustsConnectGuards = true;
  /** The connect() calls such registrations were taken as certain for, by `file:start`. */
  readonly #guardedBy = new Set<string>();
  /** Every connect() of the server applied, by `file:start`. */
  readonly #connectsMet = new Set<string>();

  /**
   * The registrations taken as certain because a connect() follows them hold only when that connect()
   * is the one way the server is served: the only connect() of it met anywhere, no SDK entry point
   * serving it, and nothing of it going where the replay does not follow (which might connect it).
   */
  connectGuardsHold(): boolean {
    if (this.#guardedBy.size === 0) return true;
    const [only, ...more] = this.#connectsMet;
    return this.#guardedBy.size === 1 && more.length === 0 && only !== undefined && this.#guardedBy.has(only) && this.state.connected !== undefined && this.servedBy.length === 0 && this.state.open.length === 0 && !this.callersOpen;
  }

  /**
   * The connect() a conditional registration on the server is followed by in its block, when the
   * registration may be taken as certain for it: a module-level server (one instance), the call made
   * at start-up before any connect(), with none of the SDK's methods replaced.
   */
  #connectGuard(file: string, unit: FlowUnit, index: number, event: FlowEvent, mode: Mode, local: ReadonlySet<string>, maybeOther: ReadonlySet<string>): Span | undefined {
    // The server by one of its names (not one that may hold another server), or its inner Server.
    const onServer = (r: RefPath) => (local.has(key(r)) && !maybeOther.has(key(r))) || (r.length > 1 && r.at(-1) === "server" && local.has(key(r.slice(0, -1))));
    if (!this.trustsConnectGuards || event.k !== "call" || event.method === "connect" || !REGISTRATION_METHODS.has(event.method) || !onServer(event.receiver)) return undefined;
    if (mode.deferred || mode.anytime || mode.module || this.#untimedWhy !== undefined || this.state.connected || this.#instance !== undefined) return undefined;
    if (this.#site.unit.kind !== "module" || this.#site.subclass || this.#replacedMethods.size > 0) return undefined;
    return connectAfterInBlock(this.#ev, file, unit, index, (e) => e.k === "call" && e.method === "connect" && onServer(e.receiver));
  }

  /**
   * `era`: the factory an SDK v2 entry point calls with its context is run for that era (its first
   * parameter holds `{ era }`), so its conditions on the era are decided (eraSplit.ts).
   */
  constructor(ev: Evaluator, site: SdkSite, readonly elsewhere: Elsewhere = {}, readonly release: SdkRelease = NEWEST_V1, readonly zodMain?: () => ZodMain | undefined, readonly era?: "legacy" | "modern") {
    this.#ev = ev;
    this.#site = site;
    this.#returnKey = returnedKey(site);
    this.state = newState(site.version, site.kind);
    this.#closures = new ReturnedClosures(ev);
    this.#holders = new ClassHolders<Mode>(ev, {
      runUnit: (file, unit, from, paths, depth, mode, at) => this.#through(at, () => this.#runUnit(file, unit, from, paths, depth, mode)),
      open: (why, loc) => markOpen(this.state, why, loc),
    });
    // A listener for uncaught exceptions that goes on keeps the program running past a throw at its top level.
    if (processHandlers(ev, site.file).exceptions) this.#handled = { why: `The program's process.on("uncaughtException") listener takes the error and goes on` };
    this.#point = {
      ev,
      state: this.state,
      release,
      conditional: false,
      deferred: false,
      caught: undefined,
      scope: (file) => this.#scope(file),
      where: (loc) => this.#where(loc),
      withinFor: (loc) => this.#withinFor(loc),
      record: (step) => this.#record(step),
      mayThrow: (loc, why) => this.#mayThrow(loc, why),
      releaseUnknown: (path, loc, why) => this.#registrations.releaseUnknown(path, loc, why),
      thrown: (d) => this.#thrownToHandler(d),
      connectedPerRequest: () => this.#connectedPerRequest(),
      failsPerRequest: (loc, why) => {
        markInexact(this.state, why);
        this.mayThrowAt.push({ loc, why, said: true });
      },
      instanceWhy: () => this.#instanceWhy,
      ...(zodMain ? { zodMain } : {}),
    };
    this.completionChecks = new CompletionChecks(this.#point, {
      ...(zodMain ? { zodMain } : {}),
      hidden: (file) => this.#hidden(file),
      stringPerItem: (file, arg) => this.#stringPerItem(file, arg),
      stringField: (file, arg) => this.#stringField(file, arg),
      itemScopes: (file) => this.#writtenItemScopes(file),
      completions: (cause, call, what) => this.#registrations.completions(cause, call, what),
      mayComplete: () => this.handlerChecks.mayAnswer("completion/complete"),
    });
    this.handlerChecks = new HandlerChecks(this.#point, {
      unit: () => this.#unit,
      capsUncertain: () => this.capsUncertain,
      addKeyFix: (k, value) => this.addKeyFix(k, value),
      addFlagFix: (k, flag) => this.addFlagFix(k, flag),
      merge: (add, cause) => this.merges.merge(add, undefined, cause),
    });
    this.#duplicateChecks = new DuplicateChecks(this.#point, {
      checking: () => (this.#checkingDuplicates && this.#instance === undefined) || this.#checkingCaller,
      instance: () => (this.#checkingCaller ? this.#instance : undefined),
      invokedAt: this.#invokedAt,
      itemRun: () => this.#itemRun,
      thisInstance: () => this.#thisInstance,
      branches: () => this.#branches,
      resultDropped: () => this.#resultDropped(),
      repeatedByLoop: (file) => this.#repeatedByLoop(file),
      eachItem: (file, scope) => this.#itemLoopHere(file, scope) ?? (this.#loops ? undefined : this.#outerLoop()),
      itemLoops: (file, scope) => this.#itemLoopsHere(file, scope),
      evaluateCollection: (over, scope) => this.#evaluateCollection(over, scope),
      alternative: () => this.#alternative,
    });
    this.merges = new CapabilityMerges(this.state, {
      conditional: () => this.#point.conditional,
      conditionAt: () => this.#conditionAt,
      untimedWhy: () => this.#untimedWhy,
      replacedWhy: () => this.#replacedWhy,
      instanceWhy: () => this.#instanceWhy,
      lineOf: (loc) => this.#lineOf(loc),
      alternative: () => this.#alternative,
    });
    this.#registrations = new PrimitiveRegistrations(this.#point, this.merges, () => this.handlerChecks, () => this.#late);
    this.#connection = new ConnectionChecks(this.#point, {
      instance: () => this.#instance,
      unit: () => this.#unit,
      frames: this.#untimedSince,
      branchedOrLooped: () => (this.#branches?.regions.length ?? 0) > 0 || (this.#loops?.length ?? 0) > 0,
      text: (f) => this.#ev.host.text?.(f),
      invokedAt: this.#invokedAt,
      endsProgramIfRejected: () => this.#endsProgramIfRejected(),
      elsewhere: this.elsewhere,
    });
    this.#sends = new SendChecks(this.#point, {
      frames: this.#untimedSince,
      connectedHere: () => this.#connectedHere,
      onInner: () => this.#onInner,
      endsProgramIfRejected: () => this.#endsProgramIfRejected(),
    });
  }

  /** The call being applied, as the checks below see it (the replay sets its flags as it goes). */
  readonly #point: { -readonly [K in keyof ReplayPoint]: ReplayPoint[K] };
  /** McpServer's completers: completable() prompt arguments, resource template complete callbacks. */
  readonly completionChecks: CompletionChecks;
  /** Handlers set by hand: the capability the SDK checks, McpServer's conflicts, own handshakes. */
  readonly handlerChecks: HandlerChecks;
  /** A name or URI registered twice on one McpServer. */
  readonly #duplicateChecks: DuplicateChecks;
  /** Notifications sent, and whether sending them stops the server. */
  readonly #sends: SendChecks;
  /** The transport: connect(), close(), and what they allow. */
  readonly #connection: ConnectionChecks;

  /** What the server's connect() was given, once the replay has run (which eras it serves may depend on the transport). */
  get connectArg(): { readonly file: string; readonly expr: ValueExpr | undefined } | undefined {
    return this.#connection.connectArg;
  }
  /** What registering a tool, resource, prompt or completer does to the capabilities, by release. */
  readonly #registrations: PrimitiveRegistrations;
  /** The capabilities merged so far, and which keys and flags code that may not run added. */
  readonly merges: CapabilityMerges;

  /** Uncalled functions being replayed: each may run before the connect() seen so far as well as after, until it calls connect() itself. */
  readonly #untimedSince: UntimedFrame[] = [];

  /** A top-level function nothing here calls: it never runs, or runs when (and if) something else calls it. */
  #runUncalled(file: string, unit: FlowUnit, names: ReadonlySet<string>): void {
    if (!neverCalled(file, this.#ev.host.text?.(file) ?? "", unit)) this.followUntimed(file, unit, names);
  }

  /**
   * Replays a unit that may run or not, before connect() or after it (a module nothing loads here).
   * `why`: what keys it alone makes conditional are told (instead of "under a condition").
   */
  followUntimed(file: string, unit: FlowUnit, names: ReadonlySet<string>, why?: string): void {
    this.#untimedSince.push({ connected: false });
    try {
      this.#runMaybe(file, unit, names, why ?? this.#untimedWhy);
    } finally {
      this.#untimedSince.pop();
    }
  }

  /**
   * Replays a module that some of the programs serving the server load (before their connect()) and
   * others do not: what it registers is advertised by those programs only (`why` says which).
   */
  followLoadedBySome(file: string, unit: FlowUnit, names: ReadonlySet<string>, why: string): void {
    this.#runMaybe(file, unit, names, why);
  }

  /** Runs a unit that may run or not, with `why` telling the keys only it adds. */
  #runMaybe(file: string, unit: FlowUnit, names: ReadonlySet<string>, why: string | undefined): void {
    const saved = this.#untimedWhy;
    this.#untimedWhy = why;
    try {
      this.#runUnit(file, unit, 0, names, 1, MAYBE);
    } finally {
      this.#untimedWhy = saved;
    }
  }

  /** While a module nothing loads is followed: why what it registers may not be advertised. */
  #untimedWhy: string | undefined;
  /** While a call of a method the code replaced on the server is applied: what replaced it. */
  #replacedWhy: string | undefined;

  /** Workspace class instances that hold the server (`new Registry(server).registerTools()`). */
  readonly #holders: ClassHolders<Mode>;

  run(): SdkState {
    const { site } = { site: this.#site };
    this.#construct();
    // `const server = withLogging(new McpServer(...))`: a helper that returns the server it is given.
    const wrapped = wrappingHelper(site, (callee) => this.#resolveFunction(site.file, callee, site.unit));
    // One line of subclasses of the class holding the server, only the last one made: its overrides
    // are what `this.m()` runs. A subclass giving the field a value of its own holds another server.
    const target = site.event.target;
    const madeAtConstruction = site.unit.kind === "field" || site.unit.name === `${site.unit.className}.constructor`;
    const found = !wrapped && target?.length === 2 && target[0] === "this" && site.unit.className !== undefined && madeAtConstruction ? subclassLine(this.#ev, this.elsewhere, site.file, site.unit.className) : undefined;
    if (found && !found.slice(0, -1).some((c) => writesField(this.#ev, c, target![1]!))) this.#line = found;
    if (!wrapped) {
      const escapes = siteEscapes(this.#ev, site, this.elsewhere, this.servedBy, this.#line);
      for (const { why, loc } of escapes) markOpen(this.state, why, loc);
      // `launch(new McpServer(...))`: no name holds the server, so the replay cannot follow it.
      const unbound = escapes.length === 0 ? unboundConstruction(this.#ev, site) : undefined;
      if (unbound) markOpen(this.state, unbound.why, unbound.loc);
      const passedOver = defaultPassedOver(this.#ev, site);
      if (passedOver) markInexact(this.state, passedOver.why);
      // `container.server`, `App.server` of a module-level binding: only while the binding goes nowhere whole.
      const holder = site.unit.kind === "module" && site.event.target?.length === 2 && site.event.target[0] !== "this" ? site.event.target[0]! : undefined;
      const whole = holder !== undefined ? wholeUse(this.#ev, this.elsewhere, site.file, holder) : undefined;
      if (whole) markOpen(this.state, `${holder}, which holds the server, is used whole, and what is done with its server there is not followed`, whole);
    }
    if (site.subclass) this.#runConstructors(site.subclass);
    const paths = new Set<string>([wrapped ? wrapped.result : key(site.event.target ?? ["<anonymous>"])]);
    const summary = this.#ev.summary(site.file)!;
    // A server held in a field of a class (`this.server = new McpServer(...)`).
    const field = site.event.target;
    const inField = field?.length === 2 && field[0] === "this" && site.unit.className !== undefined;
    // `get server() { return this.#mcp; }`: in the class's own code, `this.server` is the field's server.
    if (inField && !wrapped) for (const getter of fieldGetters(summary.flow?.units ?? [], site.unit.className!, field[1]!)) paths.add(`this.${getter}`);
    for (const inner of wrapped?.inner ?? []) this.#runUnit(inner.helper.file, inner.helper.unit, 0, new Set([inner.param]), 1, { deferred: false, conditional: wrapped!.conditional });
    if (wrapped) this.#runUnit(wrapped.helper.file, wrapped.helper.unit, 0, new Set([wrapped.param]), 1, { deferred: false, conditional: wrapped.conditional });
    // `if (ctx.era === "legacy") throw …` before the server is made: that era gets an error instead.
    for (const entry of site.unit.events.slice(0, site.eventIndex)) {
      if (entry.event.k === "throw" && entry.conditional && underEraCondition(this.#ev, site.file, site.unit, entry)) {
        const loc = { file: site.file, span: entry.event.span };
        this.#mayThrow(loc, this.#eraThrow(loc));
      }
    }
    const runSite = () => this.#runUnit(site.file, site.unit, wrapped ? wrapped.index + 1 : site.eventIndex + 1, paths, 0, NOW);
    // `export async function run(withResources) { … if (withResources) server.registerResource(…) }`
    // called once, as `run(true)`: its parameters hold what that call gives.
    const call = this.#soleCall();
    if (this.era !== undefined) this.#withArguments(site.file, site.unit, [eraContext(this.era, site.unit.span)], this.#ev.fileScope(site.file), runSite);
    else if (call) this.#withArguments(site.file, site.unit, call.args, unitScope(this.#ev, call.file, call.unit), runSite);
    else this.#withFields(runSite);
    // Fields declared after the server's own are given their values as the instance is made, before
    // the constructor's body: `private log = createLogger(this.server)` runs at start-up, once.
    if (inField && site.unit.kind === "field" && !wrapped) {
      for (const unit of laterInstanceFields(this.#ev, site.file, site.unit)) {
        if (this.#mentionsDeep(site.file, unit, paths, new Set())) this.#runUnit(site.file, unit, 0, paths, 1, NOW);
      }
    }
    // Past the code that makes the server, what is followed may be another server made by the same
    // code (each caller of a factory gets its own): a name registered there again is no duplicate.
    // A server made once at module level is the only one: its functions all register on it. So is a
    // server in a field, for the class's own methods (several instances are told apart by #asInstance).
    if (!(site.unit.kind === "module" || inField) || wrapped) this.#checkingDuplicates = false;
    // Code that runs later, on its own: uncalled top-level functions (`main`), the class's other
    // members (for a server held in a field), and callbacks, which run only after start-up.
    const units = summary.flow?.units ?? [];
    if (site.unit.kind !== "function") {
      const laterMethods: FlowUnit[] = [];
      const handedOn = privateHolderHandedOn(this.#ev, site);
      // A subclass's constructor and overrides (a hook the class's own methods call) use the same field.
      const sub = site.unit.className !== undefined && site.unit.kind !== "module" ? holderSubclass(this.#ev, site.file, site.unit.className) : undefined;
      const line = this.#line;
      if (!line && sub) markOpen(this.state, `the class holding the server is extended by ${sub.name}, whose code is not followed`, { file: site.file, span: { start: sub.start, end: sub.end } });
      // `WithTools(Base)`: a mixin may extend it, and its code runs on the same field.
      const handed = site.unit.className !== undefined && site.unit.kind !== "module" ? holderClassHandedOn(this.#ev, site.file, site.unit.className) : undefined;
      if (handed) markOpen(this.state, `the class holding the server is handed to ${handed.to}, which may extend it (as a mixin does), and that code is not followed`, { file: site.file, span: { start: handed.start, end: handed.end } });
      const leaf = line?.[0];
      const maybeLater: { file: string; unit: FlowUnit }[] = [];
      let startGroup = false;
      const ownCtor = units.some((u) => u.kind === "method" && u.className === site.unit.className && u.name === `${site.unit.className}.constructor`);
      // Made in the class's own constructor, or with no constructor to wait for: the subclasses' go on now.
      if (line && (!ownCtor || site.unit.kind === "method")) this.#constructSubclasses(line, paths);
      for (const unit of units) {
        // A closure or a field of another class does nothing here (of a file with many servers, most units).
        if (unit === site.unit || (site.unit.className === undefined && unit.kind !== "function" && unit.kind !== "method")) continue;
        if (this.#ran.has(`${site.file}#${unit.id}`)) continue;
        if (site.unit.className !== undefined && isOwnMethod(units, unit, site.unit.className)) {
          const method = unit.kind === "method" ? unit.name.slice(site.unit.className.length + 1) : undefined;
          // With a line of subclasses, a method may call hooks only they implement.
          if (!line && !this.#mentionsDeep(site.file, unit, paths, new Set())) continue;
          // Overridden below: it runs only through `super.m()`, where that call is followed.
          if (line && method !== undefined && method !== "constructor" && line.slice(0, -1).some((c) => classMethod(this.#ev, c.file, c.name, method))) continue;
          // A method another method calls runs where that call is followed; one nothing calls never runs.
          let when = unit.name.endsWith(".constructor") ? "atStart" : holderMethodCall(this.#ev, site.file, unit);
          // The constructor runs before a method can be called on the instance: when that method (not
          // the constructor, nor anything it calls) makes the server, the constructor meets the field
          // still unset. `this.server?.registerTool(...)` does nothing then; a use without `?.` throws.
          if (method === "constructor" && !line && site.unit.kind === "method" && holderMethodCall(this.#ev, site.file, site.unit) !== "within") {
            const { unset, reached } = this.#beforeTheServer(site.file, unit, paths);
            if (unset) this.#mayThrow(unset, `${site.unit.className}'s constructor uses ${this.#ev.host.text?.(site.file)?.slice(unset.span.start, unset.span.end) ?? "the field"} (${this.#where(unset)}) before ${site.unit.name}() makes the server, which throws a TypeError if it runs`);
            // What it (and the methods it calls) does reaches no server: those methods run for the server only where another call is followed.
            for (const u of reached) this.#ran.add(`${site.file}#${u.id}`);
            continue;
          }
          // A method of the base is called on instances of its subclass, wherever that is made.
          if (line && when === "dead") when = "maybe";
          // `new App().start()` at the top level of the one module importing the class (or its last subclass).
          // `await new Leaf().start()` at the top level of the module making the last class of the line, for a method it inherits.
          if ((when === "maybe" || when === "within") && method !== undefined && (calledAtStartByImporter(this.#ev, this.elsewhere, leaf?.file ?? site.file, leaf?.name ?? site.unit.className, method) || (leaf !== undefined && startCallsNamed(this.#ev, leaf.file, leaf.name, method).length > 0))) when = "atStart";
          if (when === "within") laterMethods.push(unit);
          else if (when === "atStart") {
            // The methods the program calls on the instance at start-up run in the order it calls
            // them (`kb.registerAll(); await kb.start();`), not in the order the class declares them:
            // all of them, sorted, where the first one is met.
            if (!line && method !== "constructor") {
              if (!startGroup) {
                startGroup = true;
                const calls = this.#startCalls(site, units, paths);
                const ranBefore = new Set(calls.filter((c) => this.#ran.has(`${site.file}#${c.unit.id}`)).map((c) => c.unit));
                // Once through each of the program's calls (`app.setup(); app.setup();`): a registration
                // met again through another call (the second one, `this.setup()` in run()) is made twice.
                for (const c of calls) if (!ranBefore.has(c.unit)) this.#through(c.at, () => this.#runUnit(site.file, c.unit, 0, paths, 1, NOW));
              }
              if (this.#ran.has(`${site.file}#${unit.id}`)) continue;
            }
            this.#runUnit(site.file, unit, 0, paths, 1, NOW);
            // The subclasses' fields and constructors run once the class's own constructor returns.
            if (line && method === "constructor") this.#constructSubclasses(line, paths);
          }
          // A method this file never calls may still be called by whatever the instance is handed to,
          // in an order not known: before or after a connect() another such method makes.
          else if (when !== "dead" || handedOn) {
            // With a line of subclasses, what runs at start-up is known only once their methods are
            // placed too: what may run or not comes after it.
            if (line) maybeLater.push({ file: site.file, unit });
            else this.followUntimed(site.file, unit, paths);
          }
        } else if (unit.kind === "function") {
          // Nothing here calls it: it may run (a `main` the program's entry calls) or not (a helper
          // for embedders), so what it adds is not stated. A parameter of the server's name is
          // another server.
          // A name local to the method or function the server is made in is not seen from here.
          const own = new Set([...paths].filter((p) => !unit.params.includes(p.split(".")[0]!) && !this.#localToSite(p)));
          if (own.size > 0 && this.#mentionsDeep(site.file, unit, own, new Set())) this.#runUncalled(site.file, unit, own);
        } else if (unit.kind === "method" && isGetterUnit(this.#ev.host.text?.(site.file), unit)) {
          // `class App { get server() { return server; } }`: read as `app.server`, where the replay does not go.
          const returned = unit.events.find(({ event: e }) => e.k === "return" && e.source !== undefined && e.source !== null && paths.has(key(e.source)));
          if (returned) markOpen(this.state, `the server is returned by the getter ${unit.name} (${this.#where({ file: site.file, span: returned.event.span })}), and what is done with it where the property is read is not followed`, { file: site.file, span: returned.event.span });
        }
      }
      // Called only where the replay did not go (a callback, a method that may not run): it may run or not.
      for (const unit of laterMethods) if (!this.#ran.has(`${site.file}#${unit.id}`)) this.followUntimed(site.file, unit, paths);
      // The subclasses' methods no call of the line reached: run at start-up when the module making
      // the last class calls them at its top level (`await new Leaf().start()`), or the one module
      // importing it does, once through each such call and in their order; else they may run or not.
      const leafStarts: { unit: FlowUnit; key: StartOrder; at: Loc }[] = [];
      for (const cls of line?.slice(0, -1) ?? []) {
        for (const unit of this.#ev.summary(cls.file)?.flow?.units ?? []) {
          if (unit.kind !== "method" || unit.className !== cls.name || this.#ran.has(`${cls.file}#${unit.id}`) || unit.name === `${cls.name}.constructor`) continue;
          const method = unit.name.slice(cls.name.length + 1);
          // Overridden further down: it runs only through `super.m()`.
          if (line!.slice(0, line!.indexOf(cls)).some((c) => classMethod(this.#ev, c.file, c.name, method))) continue;
          const starts = cls === leaf ? [...startCallsOf(this.#ev, cls.file, unit), ...(importerStartCalls(this.#ev, this.elsewhere, leaf.file, leaf.name, method) ?? [])] : [];
          if (starts.length > 0) for (const call of starts) leafStarts.push({ unit, ...call });
          else maybeLater.push({ file: cls.file, unit });
        }
      }
      leafStarts.sort(byStartCall);
      for (const { unit, at } of leafStarts) this.#through(at, () => this.#runUnit(leaf!.file, unit, 0, paths, 1, NOW));
      for (const { file, unit } of maybeLater) if (!this.#ran.has(`${file}#${unit.id}`) && this.#mentionsDeep(file, unit, paths, new Set())) this.followUntimed(file, unit, paths);
    }
    // `const app = new App()` of the class holding the server in a field: `app.server` is this server.
    if (inField) {
      const instances = holderInstancesOf(this.#ev, site.file, units, site.unit.className, field[1]!);
      for (const inst of instances) {
        const named = new Set([`${inst.name}.${field[1]}`]);
        const many = instances.length > 1 ? `${site.unit.className} is constructed more than once` : undefined;
        this.#asInstance(many && inst.name, many, () => this.#runUnit(site.file, inst.unit, inst.index + 1, named, 1, { deferred: false, conditional: inst.conditional || many !== undefined }));
        if (inst.unit.kind !== "module") continue;
        for (const other of units) {
          if (other.kind !== "function" || this.#ran.has(`${site.file}#${other.id}`) || other.params.includes(inst.name)) continue;
          if (this.#mentionsDeep(site.file, other, named, new Set())) this.#runUncalled(site.file, other, named);
        }
      }
    }
    // `const server = createServer()` in this file: what follows the call happens to this server too,
    // and so does what the file's uncalled functions (`main`) do with that name.
    if (site.unit.kind === "function" && returnsServer(site)) {
      const made = serversMade(units, site.unit.name);
      const many = made > 1 ? `${site.unit.name}() is called more than once` : undefined;
      for (const unit of units) {
        unit.events.forEach((entry, i) => {
          const { event } = entry;
          if (event.k !== "invoke" || !event.result || event.callee.k !== "ref" || event.callee.name !== site.unit.name) return;
          const mode: Mode = { deferred: false, conditional: conditionalBeyondArm(this.#ev, site.file, entry) || many !== undefined };
          const named = new Set([event.result]);
          this.followedCallers = true;
          // What the caller does next is done to the server the factory made for it, with the factory's names on it.
          this.#checkingCaller = true;
          try {
            this.#asInstance(many && `${unit.id}:${i}`, many, () => this.#runUnit(site.file, unit, i + 1, named, 1, mode));
          } finally {
            this.#checkingCaller = false;
          }
          this.#handedOn(site.file, unit, i, event.result);
          if (unit.kind !== "module") return;
          for (const other of units) {
            if (other.kind !== "function" || other === site.unit || this.#ran.has(`${site.file}#${other.id}`) || other.params.includes(event.result)) continue;
            if (this.#mentionsDeep(site.file, other, named, new Set())) this.#runUncalled(site.file, other, named);
          }
        });
      }
    }
    // `await make().connect(transport)`: connected where it is made, nothing else done with it.
    if (site.unit.kind === "function" && returnsServer(site)) {
      // Only when every mention of the factory is its declaration, a bound call or one of these.
      const name = site.unit.name;
      const mentions = [...(this.#ev.host.text?.(site.file) ?? "").matchAll(new RegExp(`(?<![\\w$.])${name.replace(/\$/g, "\\$")}(?![\\w$])`, "g"))].length;
      const bound = units.flatMap((u) => u.events).filter(({ event }) => event.k === "invoke" && event.callee.k === "ref" && event.callee.name === name && event.result).length;
      const inPlace = units.map((u) => connectedInPlace(u, name, MADE_HERE));
      const accounted = mentions === 1 + bound + inPlace.flat().length;
      const made = serversMade(units, name);
      const many = made > 1 ? `${name}() is called more than once` : undefined;
      for (const [u, unit] of units.entries()) {
        for (const { index, conditional, call } of inPlace[u]!) {
          if (accounted) this.followedCallers = true;
          this.#unit = unit;
          this.#asInstance(many && `${unit.id}:${index}`, many, () => this.#apply(site.file, call, { deferred: false, conditional: conditional || (unit.events[index]?.conditional ?? false) }));
        }
      }
    }
    if (this.#returnKey !== undefined) this.#followObjectCallers(site, units, this.#returnKey);
    // `const server = this.createServer()` in the class of a private factory method: the same, for each caller.
    if (site.unit.kind === "method" && returnsServer(site)) this.#followPrivateFactoryCalls(site.file, site.unit);
    // `() => withLogging(createServer())`: a factory hands the server it returns to a local helper.
    if (site.unit.kind === "function") {
      for (const unit of units) {
        for (const { event } of unit.events) {
          if (event.k !== "return" || event.expr?.k !== "call") continue;
          const at = event.expr.args.findIndex((a) => a.k === "call" && a.callee.k === "ref" && a.callee.name === site.unit.name);
          const target = at >= 0 ? this.#resolveFunction(site.file, event.expr.callee) : undefined;
          const param = target?.unit.params[at];
          if (target && param && !this.#ran.has(`${target.file}#${target.unit.id}`)) this.#runUnit(target.file, target.unit, 0, new Set([param]), 1, NOW);
        }
      }
    }
    // Callers of an exported factory, and importers of an exported server, in other files.
    followElsewhere(this, this.#ev, site);
    // `return { server, cleanup }`: the object's store is settled once every caller took it apart.
    if (this.objectCallersFollowed === 0 || this.objectCallersOpen || this.callersOpen) for (const h of this.#returnedHeld) markOpen(this.state, h.why, h.loc);
    // Callbacks inside what ran, in this file and in the helpers' files: request handlers use the
    // server once it is connected; any other callback may run at once, later, or never.
    const files = [...new Set([...this.#namesIn.keys()].map((id) => id.slice(0, id.lastIndexOf("#"))))];
    for (const file of files) {
      const fileUnits = this.#ev.summary(file)?.flow?.units ?? [];
      for (const unit of inChainOrder(fileUnits)) {
        // Most closures of a file with many servers are inside no unit this server's code ran: asked first.
        if (unit.kind !== "closure") continue;
        const names = this.#namesAround(file, fileUnits, unit);
        if (!names || (this.#ran.has(`${file}#${unit.id}`) && !this.#closures.runsAlsoElsewhere(file, unit)) || this.#closures.runsOnlyWhereCalled(file, unit)) continue;
        if (this.#unreadAssigned.size > 0 && this.#assignedToUnread(file, unit)) continue;
        if (!mentions(unit, names) && !this.#callsMethodUsing(file, unit, names)) continue;
        // A handler of this very server runs once it is connected: nothing there changes its capabilities.
        const own = runsInOwnHandler(fileUnits, unit, (id) => this.#namesIn.get(`${file}#${id}`), this.#ev.host.text?.(file) ?? "");
        // `server.connect(t).then(() => …)`: right after connect() has resolved, at start-up.
        const continued = own ? undefined : continuesConnect(this.#ev, file, unit, names, [this.#site.file]);
        const connected = this.state.connected;
        const afterConnect = continued && connected && connected.file === continued.file && connected.span.start >= continued.span.start && connected.span.end <= continued.span.end ? { via: unit.passedTo!, connect: connected } : undefined;
        if (own) sealCapabilities(this.state, () => this.#runUnit(file, unit, 0, names, 1, LATER));
        else if (afterConnect) this.#runUnit(file, unit, 0, names, 1, { ...NOW, afterConnect });
        else this.#runUnit(file, unit, 0, names, 1, inRequestHandler(fileUnits, unit) ? LATER : ANYTIME);
      }
    }
    return this.state;
  }

  /**
   * Methods of the server the code gives a function of its own (`server.tool = …`, `Object.assign(server,
   * { prompt })`, in any function followed): a registration through one from then on may not be the SDK's.
   */
  readonly #replacedMethods = new Map<string, string>();

  /** `file\u0000member`: properties of the server no code reads, given a value (unreadMembers.ts). */
  readonly #unreadAssigned = new Set<string>();

  /** `(server as any).addHealth = () => { … }` with `addHealth` read nowhere: the function never runs. */
  #assignedToUnread(file: string, unit: FlowUnit): boolean {
    const sf = parsedSource(this.#ev, file);
    const fn = sf ? nodeAt(sf, unit.span) : undefined;
    let at: ts.Node | undefined = fn;
    while (at?.parent && (ts.isParenthesizedExpression(at.parent) || ts.isAsExpression(at.parent) || ts.isSatisfiesExpression(at.parent))) at = at.parent;
    const assign = at?.parent;
    // A statement of its own: its value goes nowhere else (`const h = (server as any).x = () => …` does).
    if (!at || !assign || !ts.isBinaryExpression(assign) || assign.operatorToken.kind !== ts.SyntaxKind.EqualsToken || assign.right !== at || !ts.isExpressionStatement(assign.parent)) return false;
    const left = bare(assign.left);
    const member = ts.isPropertyAccessExpression(left) ? left.name.text : undefined;
    return member !== undefined && this.#unreadAssigned.has(`${file}\u0000${member}`);
  }

  /** The key the site's function returns the server under in an object literal (`return { server, cleanup }`). */
  readonly #returnKey: string | undefined;
  /** Stores of the server in the returned object literal: open unless its callers are all followed. */
  readonly #returnedHeld: { why: string; loc: Loc }[] = [];
  /** Callers that took the returned object apart and were followed, and whether one used it otherwise. */
  objectCallersFollowed = 0;
  objectCallersOpen = false;

  /** `const { server } = createServer()` in this file: what follows runs on the server under that name. */
  #followObjectCallers(site: SdkSite, units: readonly FlowUnit[], rkey: string): void {
    const name = site.unit.name;
    const text = this.#ev.host.text?.(site.file) ?? "";
    const explained: Span[] = site.unit.nameSpan ? [site.unit.nameSpan] : [];
    for (const unit of units) {
      unit.events.forEach(({ event, conditional }, i) => {
        if (event.k !== "invoke" || event.callee.k !== "ref" || event.callee.name !== name) return;
        explained.push(event.callee.span);
        const local = callerName(rkey, event);
        if (local === null) return;
        if (local === undefined) {
          this.objectCallersOpen = true;
          markOpen(this.state, `the object ${name}() returns is used whole, and what is done with the server in it is not followed`, { file: site.file, span: event.span });
          return;
        }
        this.objectCallersFollowed++;
        this.followedCallers = true;
        this.#runUnit(site.file, unit, i + 1, new Set([local]), 1, { deferred: false, conditional });
        this.#handedOn(site.file, unit, i, local);
      });
    }
    // Any other mention of the factory (handed to a function, exported, aliased) may call it out of sight.
    const re = new RegExp(`(?<![\\w$.])${name.replace(/\$/g, "\\$")}(?![\\w$])`, "g");
    for (const m of text.matchAll(re)) {
      if (explained.some((sp) => m.index! >= sp.start && m.index! < sp.end)) continue;
      this.objectCallersOpen = true;
      markOpen(this.state, `${name} is used in a way the analysis does not follow`, { file: site.file, span: { start: m.index!, end: m.index! + name.length } });
      return;
    }
  }

  #followPrivateFactoryCalls(file: string, method: FlowUnit): void {
    const calls = privateFactoryCalls(this.#ev, file, method);
    if (!calls || calls.length === 0) return;
    this.followedCallers = true;
    // Each caller gets a server of its own: what one adds may not be on the one a client meets.
    const many = calls.length > 1 ? `${method.name}() is called more than once` : undefined;
    for (const call of calls) {
      const conditional = call.conditional && conditionalBeyondArm(this.#ev, file, call.unit.events[call.index]!);
      this.#asInstance(many && `${call.unit.id}:${call.index}`, many, () => this.#runUnit(file, call.unit, call.index + 1, new Set([call.result]), 1, { deferred: false, conditional: conditional || many !== undefined }));
      this.#handedOn(file, call.unit, call.index, call.result);
    }
  }

  /** A caller of the factory that returns the server before connecting it, or keeps it where other code reads it. */
  #handedOn(file: string, caller: FlowUnit, index: number, name: string): void {
    // Handed out only once connected: nothing the caller does with it can add a capability any more.
    if (returnsOnlyConnected(this.#site.unit, this.#site.eventIndex + 1, this.#site.event.target)) return;
    const returned = returnedBeforeConnect(caller, index + 1, name);
    if (returned && !resultIgnoredEverywhere(this.#ev, file, caller) && !calledBySmitheryRuntime(this.#ev, file, caller)) markOpen(this.state, `the server is returned by ${caller.name}(), and what its callers add is not followed`, { file, span: (returned.event as { span: Span }).span });
    const call = caller.events[index]?.event;
    if (call?.k === "invoke" && !assignedNameStaysHere(this.#ev, file, caller, call.span)) {
      markOpen(this.state, `the server is assigned to ${name}, and what is done with it there is not followed`, { file, span: call.span });
    }
  }

  /**
   * Replays a unit of another file from event `from`, the server known there as `names` (a caller of
   * the factory, an importer of the server); `maybe`: it may run or not.
   */
  followUnit(file: string, unit: FlowUnit, from: number, names: ReadonlySet<string>, conditional: boolean, maybe = false): void {
    this.#runUnit(file, unit, from, names, 1, maybe ? MAYBE : { deferred: false, conditional });
  }

  /**
   * A module's code run when the program loads it, which may be before connect() or after: what it
   * registers once connected throws, so it may throw, and what it adds may be there or not.
   */
  followLoadedAnytime(file: string, unit: FlowUnit, names: ReadonlySet<string>): void {
    this.#runUnit(file, unit, 0, names, 1, { ...ANYTIME, module: basename(file) });
  }

  /**
   * Modules that run before the server's own module has made the server (an import cycle): their
   * top-level code is not followed as registering on it (see followImportOrder.ts).
   */
  readonly earlyImporters = new Set<string>();

  /** Code at start-up that throws where it runs, for a reason found outside the replay. */
  startupThrows(loc: Loc, why: string): void {
    this.#mayThrow(loc, why);
  }

  /** Whether a unit uses the names, itself or through a function of its file; false once it ran. */
  usesServer(file: string, unit: FlowUnit, names: ReadonlySet<string>): boolean {
    return !this.#ran.has(`${file}#${unit.id}`) && this.#mentionsDeep(file, unit, names, new Set());
  }

  /** The names the server went by in a unit that ran. */
  namesIn(file: string, unit: FlowUnit): ReadonlySet<string> {
    return this.#namesIn.get(`${file}#${unit.id}`) ?? new Set();
  }

  /** The names the server had in the nearest enclosing unit that ran (none: nothing around it ran). */
  #namesAround(file: string, units: readonly FlowUnit[], unit: FlowUnit): ReadonlySet<string> | undefined {
    const ran = this.#namesInFile.get(file);
    if (!ran) return undefined;
    for (let p = unit.parent; p !== null; p = units[p]?.parent ?? null) {
      const names = ran.get(p);
      if (names) return names;
    }
    return undefined;
  }

  /** Each unit that ran → the names the server went by in it (a helper called twice: both calls' names). */
  readonly #namesIn = new Map<string, Set<string>>();

  /** The same sets by file, then by unit id (`#namesAround` walks up a file's units). */
  readonly #namesInFile = new Map<string, Map<number, Set<string>>>();

  /**
   * `createServer((req, res) => { this.handle(req, res); })`: a callback that calls a method of its
   * class which uses the server (itself or through functions of its file). It runs that method's code
   * when it runs, as if written there: a request handler, once connected.
   */
  #callsMethodUsing(file: string, unit: FlowUnit, paths: ReadonlySet<string>): boolean {
    const seen = new Set<number>([unit.id]);
    for (const { event } of unit.events) {
      const own = event.k === "call" ? thisMethodInvoke(event) : event.k === "invoke" && isThisCallee(event.callee) ? event : undefined;
      const target = own && this.#resolveFunction(file, own.callee, unit);
      if (target && target.file === file && target.unit.kind === "method" && this.#mentionsDeep(file, target.unit, paths, seen)) return true;
    }
    return false;
  }

  /** Of `paths` seen in a closure: those that none of the functions it is written in declares (module names, `this.` fields). */
  #outerNames(file: string, unit: FlowUnit, paths: ReadonlySet<string>): string[] {
    const units = this.#ev.summary(file)?.flow?.units ?? [];
    const declared = new Set<string>();
    for (let u: FlowUnit | undefined = unit, hops = 0; u && u.kind !== "module" && hops < 64; u = u.parent === null ? undefined : units[u.parent], hops++) {
      for (const n of [...u.params, ...(u.locals ?? []), ...(u.consts?.keys() ?? [])]) declared.add(n);
    }
    return [...paths].filter((p) => {
      const root = p.split(".")[0]!;
      return root === "this" || !declared.has(root);
    });
  }

  /** Whether a unit uses the paths itself, or calls a function of its file that does. */
  #mentionsDeep(file: string, unit: FlowUnit, paths: ReadonlySet<string>, seen: Set<number>): boolean {
    if (seen.has(unit.id)) return false;
    seen.add(unit.id);
    if (mentions(unit, paths)) return true;
    for (const { event } of unit.events) {
      if (event.k !== "invoke") continue;
      const target = this.#resolveFunction(file, event.callee, unit);
      if (target && target.file === file && this.#mentionsDeep(file, target.unit, paths, seen)) return true;
      // `installers[k]()`: any function of the object may be the one called.
      if (!target && event.callee.k === "get" && event.callee.key.k === "computed") {
        for (const t of this.#everyKeyOf(file, unit, event.callee) ?? []) if (t.file === file && this.#mentionsDeep(file, t.unit, paths, seen)) return true;
      }
    }
    // Callbacks written inside it (`runLater(() => server.registerTool(...))`) use its names too.
    for (const child of childrenOf(this.#ev.summary(file)?.flow?.units, unit.id)) {
      if (child.kind !== "closure") continue;
      if (child.params.some((p) => [...paths].some((n) => n.split(".")[0] === p))) continue;
      if (this.#mentionsDeep(file, child, paths, seen)) return true;
    }
    return false;
  }

  /**
   * The code a constructor runs (its body, the methods of the file it calls), and where it reaches into
   * a field the server is kept in without `?.` (`this.server.registerTool`, `this.server!.connect`);
   * `unset` undefined when every such use is optional (`this.server?.…`), which does nothing while the
   * field is unset, or follows a guard that leaves the function when it is (`if (!this.server) return`).
   */
  #beforeTheServer(file: string, unit: FlowUnit, paths: ReadonlySet<string>): { unset?: Loc; reached: FlowUnit[] } {
    const text = this.#ev.host.text?.(file);
    const fields = [...paths].flatMap((p) => (/^this\.#?[A-Za-z_$][\w$]*$/.test(p) ? [p.slice(5).replace(/^#/, "")] : []));
    const reached: FlowUnit[] = [];
    if (text === undefined || fields.length === 0) return { reached };
    const use = new RegExp(`\\bthis\\s*\\.\\s*#?(?:${fields.map((f) => f.replace(/\$/g, "\\$")).join("|")})\\b(?=\\s*!?\\s*[.[(])`, "g");
    const guard = new RegExp(`\\bif\\s*\\(\\s*!\\s*this\\s*\\.\\s*#?(?:${fields.map((f) => f.replace(/\$/g, "\\$")).join("|")})\\s*\\)\\s*(?:\\{\\s*)?(?:return|throw)\\b`);
    const seen = new Set<number>();
    const queue = [unit];
    let unset: Loc | undefined;
    while (queue.length > 0) {
      const u = queue.pop()!;
      if (seen.has(u.id)) continue;
      seen.add(u.id);
      reached.push(u);
      use.lastIndex = u.span.start;
      const m = use.exec(text);
      // `if (!this.server) return;` first: what follows in that function runs only once the field is set.
      const guarded = m && guard.test(text.slice(u.span.start, m.index));
      if (m && m.index < u.span.end && !guarded) unset ??= { file, span: { start: m.index, end: m.index + m[0].length } };
      for (const { event } of u.events) {
        if (event.k !== "invoke") continue;
        const target = this.#resolveFunction(file, event.callee, u);
        if (target && target.file === file) queue.push(target.unit);
      }
    }
    return { ...(unset ? { unset } : {}), reached };
  }

  #construct(): void {
    // SDK 0.4.0's Server takes its serverInfo only: options (and capabilities in them) are ignored.
    if (this.release.handlersImply) return;
    const { event, file } = this.#site;
    const written = constructorArguments(this.#ev, this.#site);
    if (!written) {
      markInexact(this.state, "the options the server class gives the SDK's constructor are not known statically");
      markOpen(this.state, "the options the server class gives the SDK's constructor are not known statically", { file, span: event.span });
      this.capsUncertain = true;
      return;
    }
    const given = written.args[1];
    if (!given) return;
    const later = optionsWithLaterWrites(this.#ev, this.#site, given, { version: this.state.version, lowLevel: this.state.kind === "low" });
    const options = later?.options ?? given;
    const called = this.#constructorArguments();
    const scope: Scope = called ? { file, vars: called, parent: written.scope } : written.scope;
    const value = withLiteralCalls(this.#ev, options, scope, this.#ev.evaluate(options, scope, SDK_EVAL));
    if (value.t === "dyn") {
      this.dynamics.push({ text: value.text, loc: value.loc, ...(value.why ? { why: value.why } : {}) });
      // Any key may be in them: said for the whole, whatever else is said.
      markWhole(this.state, "the constructor's options are not known statically", value.loc);
      this.capsUncertain = true;
      return;
    }
    if (value.t !== "obj") return;
    this.state.optionsObject = value.loc;
    const declared = value.entries.get("capabilities");
    // `resources: config.listResources ? {} : undefined`, with the function's one call passing a literal.
    // Run for one era (eraSplit.ts): `capabilities: ctx.era === "legacy" ? {...} : {...}` is decided by it;
    // else the one call's arguments decide `capabilities: logging ? { logging: {} } : {}`.
    const runArgs = this.era === undefined ? called : closureArguments(this.#ev, { file, unit: this.#site.unit }, [eraContext(this.era, this.#site.unit.span)], this.#ev.fileScope(file));
    const capsEntry = declared && { ...declared, value: settleConstConditions(this.#ev, this.#site, settleParameterConditions(this.#ev, this.#site, this.elsewhere, declared.value, declared.keyLoc), runArgs) };
    if (capsEntry) {
      this.optionsValue = capsEntry.value;
      this.state.optionsCaps = capsEntry.value.loc;
      const json = this.#json(capsEntry.value);
      if (json) this.merges.merge(json, capsEntry.value, { because: "constructor", loc: capsEntry.keyLoc }, true);
      this.#constructorKey = capsEntry.keyLoc;
    }
    // `maxToolInputElements: 0` (or NaN, or a string): McpServer's constructor throws (v1 from 1.32.0, v2
    // from 2.3.0, the v2 rules stated). A value known only at run time (`Number(process.env.MAX)`, NaN
    // when the variable is unset) may throw.
    const limit = this.state.kind === "mcp" && (this.state.version !== "v1" || this.release.toolInputLimitChecked) ? value.entries.get("maxToolInputElements")?.value : undefined;
    if (limit?.t === "prim" && limit.value !== undefined && (typeof limit.value !== "number" || Number.isNaN(limit.value) || limit.value < 1)) {
      this.#mayThrow(limit.loc, `McpServer's constructor throws a RangeError for maxToolInputElements ${typeof limit.value === "string" ? JSON.stringify(limit.value) : String(limit.value)} (it must be a number of at least 1, or Infinity), so the server does not start`);
    } else if (limit?.t === "dyn" && !/^(?:Infinity|Number\.POSITIVE_INFINITY)$/.test(limit.text.trim())) {
      this.#mayThrow(limit.loc, `maxToolInputElements is only known at run time, and McpServer's constructor throws a RangeError unless it is a number of at least 1 or Infinity (an unset variable read with Number() gives NaN)`);
    }
    if (this.state.version === "v2") for (const thrown of constructorOptionThrows(value)) this.#mayThrow(thrown.loc, thrown.why);
    const versions = value.entries.get("supportedProtocolVersions");
    if (versions) this.supportedVersions = this.#json(versions.value) ?? undefined;
    if (later?.loggingLate && "logging" in this.state.caps) {
      this.loggingLate ??= { file, span: later.loggingLate };
      this.loggingWrittenLate = true;
    }
    else if ("logging" in this.state.caps) {
      this.state.loggingAtConstruction = true;
      // SDK v1 before 1.17.5 installs no logging/setLevel handler: clients that set a level get -32601.
      if (this.state.version !== "v1" || this.release.setLevelInstalled) this.state.handlers.set("logging/setLevel", { file, span: event.span });
    }
    const other = this.release.mayLoad;
    const declares = ["tools", "resources", "prompts"].some((k) => k in this.state.caps);
    if (this.state.kind === "mcp" && this.state.version === "v1" && declares && other && other.release.eagerInstall !== this.release.eagerInstall) {
      for (const k of ["tools", "resources", "prompts"]) {
        // `tools: { listChanged: true }` in the options is sent by every release: forcing it changes nothing.
        const given = this.state.caps[k];
        if (isPlainObject(given) && given["listChanged"] === true) continue;
        if (k in this.state.caps) this.#registrations.releaseUnknown(`${k}.listChanged`, { file, span: event.span }, `${other.why}: whether McpServer sets it for a declared ${k} depends on the release`);
      }
    }
    if (this.state.kind === "mcp" && (this.state.version !== "v1" || this.release.eagerInstall)) {
      // McpServer installs the handlers of every primitive its options declare (v2, and v1 since 1.32)
      // and advertises listChanged: v2 keeps an explicit false, v1 forces true.
      for (const k of ["tools", "resources", "prompts"]) {
        if (!(k in this.state.caps)) continue;
        const cause: SdkCause = { because: "eagerInstall", loc: { file, span: event.span }, detail: "McpServer installs the handlers of declared primitives" };
        if (this.state.version === "v1") {
          this.merges.merge({ [k]: { listChanged: true } }, undefined, cause);
          this.state.registered.add(k);
        } else {
          this.merges.firstRegistration(k, cause);
        }
        for (const m of PRIMITIVE_METHODS[k]!) this.state.handlers.set(m, { file, span: event.span });
      }
    }
    if (this.#constructorKey) this.#record(constructorStep(this.#constructorKey, this.state.version, this.state.kind, this.state.caps));
  }

  #constructorKey: Loc | undefined;

  /**
   * The server's function called once (`createServer(true)`), its parameters holding what that call
   * gives, as the replay runs its body: not for a subclass's construction (its `super(...)` decides).
   */
  #soleCall(): ReturnType<typeof soleCall> {
    const site = this.#site;
    return site.unit.kind === "function" && site.unit.params.length > 0 && !site.subclass ? soleCall(this.#ev, this.elsewhere, site) : null;
  }

  /**
   * The function's parameters bound to its one call's arguments, as its body is run, for the
   * constructor's options to read (`capabilities: logging ? { logging: {} } : {}`). An argument
   * but a literal primitive stays unknown when the file may change its object or hand it on.
   */
  #constructorArguments(): ReadonlyMap<string, Binding> | undefined {
    const call = this.era === undefined ? this.#soleCall() : null;
    if (!call) return undefined;
    const { file, unit } = this.#site;
    const summary = this.#ev.summary(file);
    const read = () => this.#ev.host.text?.(file);
    const mutated = summary ? mutatedNamesOf(summary, read) : undefined;
    const handed = summary ? handedOnNamesOf(summary, read) : undefined;
    if (!mutated || !handed) return undefined;
    const vars = new Map<string, Binding>();
    for (const [name, binding] of closureArguments(this.#ev, { file, unit }, call.args, unitScope(this.#ev, call.file, call.unit))) {
      const primitive = "expr" in binding && binding.expr.k === "lit";
      if (primitive || (!mutated.has(name) && !handed.has(name))) vars.set(name, binding);
    }
    return vars.size > 0 ? vars : undefined;
  }

  supportedVersions: Json | undefined;

  /** Set once any capability object was not fully known statically. */
  capsUncertain = false;

  /** Evaluates a capability object; dynamic parts make the result inexact. */
  #json(v: Value): JsonObject | undefined {
    if (v.t !== "obj" || [...v.entries.keys()].includes(DYNAMIC)) this.capsUncertain = true;
    if (v.t === "dyn") {
      this.dynamics.push({ text: v.text, loc: v.loc, ...(v.why ? { why: v.why } : {}) });
      markInexact(this.state, "part of the capabilities is not known statically");
      // Whatever it holds is merged in at run time: the object says so instead of guessing.
      return { [SPREAD_KEY]: v.text };
    }
    const parts: DynamicPart[] = [];
    // `{ tools: {}, ...overrides }`: the SDK sends what the spread leaves of tools, which may differ.
    const json = toJson(v, parts, { laterSpreadsReplace: true });
    if (parts.length > 0) {
      this.dynamics.push(...parts);
      markInexact(this.state, "part of the capabilities is not known statically");
    }
    return isPlainObject(json) ? json : undefined;
  }

  /**
   * The call whose handler takes an error thrown in the code being followed, and the program goes on
   * (`main().catch(log)` at line N, said as a sentence's start); undefined when such an error ends it.
   * One object per handling call: an error thrown under it ends the code up to that call (#aborted).
   */
  #handled: HandledCall | undefined;
  /** The handling call whose code a thrown error is ending: the replay walks nothing until it is back there. */
  #aborted: HandledCall | undefined;
  /** The handling call the call being applied is under, when that is what takes an error it throws. */
  #caughtBy: HandledCall | undefined;
  /** An error a caller's handler took before the server was connected, in code that connects it next. */
  #abortedBeforeConnect: AnalysisDiagnostic | undefined;

  /**
   * What takes an error the code at hand throws, as a sentence's start: the handler of a call the
   * replay followed into this code (kept in #caughtBy, whose code the error then ends), or, once the
   * server is connected, the handler of every call of the function the code is in.
   */
  #handledNow(file: string, unit: FlowUnit): string | undefined {
    this.#caughtBy = this.#handled;
    if (this.#handled) return this.#handled.why;
    if (!this.state.connected) return undefined;
    // Asked for every call applied: read once per function.
    const id = `${file}#${unit.id}`;
    if (!this.#handledWhere.has(id)) this.#handledWhere.set(id, handledWhereCalled(this.#ev, file, unit, (span) => this.#where({ file, span })));
    return this.#handledWhere.get(id);
  }

  /** The call being applied sits in the `try` block of a `try` whose catch keeps the program running (caughtThrows.ts). */
  #inTry = false;

  /** By function (`file#unit`): what takes an error thrown in it, read from its calls (see #handledNow). */
  readonly #handledWhere = new Map<string, string | undefined>();

  /**
   * The call being applied threw, and what takes the error is a caller's handler: the rest of the code
   * up to that call does not run. Before connect(), the connect() in that code may be what is skipped
   * (said once everything is followed, see settleAfterFollowing).
   */
  #thrownToHandler(d?: AnalysisDiagnostic): void {
    // Under a condition, or in a callback, it may not throw at all: the code goes on as walked.
    if (!this.#caughtBy || (d && (this.#point.conditional || this.#point.deferred))) return;
    this.#aborted = this.#caughtBy;
    if (!this.state.connected && d) this.#abortedBeforeConnect ??= d;
  }

  /** Start-up calls that throw if they run, under a condition: whether the server serves at all is not known. */
  readonly mayThrowAt: { readonly loc: Loc; readonly why: string; readonly said?: true }[] = [];

  /** The first registration that gave each top-level schema to completable() (completableReuse.ts). */
  readonly #completableAt = new Map<string, Loc>();

  #mayThrow(loc: Loc, why: string): void {
    markInexact(this.state, why);
    this.mayThrowAt.push({ loc, why });
  }

  /** The condition the call being applied runs under, when that is elsewhere (a helper called under an `if`). */
  #conditionAt: Loc | undefined;
  /** The alternative of a join the call being applied runs in (see Mode.alternative). */
  #alternative: AlternativeRun | undefined;

  /** The route or listener running the function the server's connect() was met in, for every request (perRequestConnect.ts, perRequestCallers.ts). */
  #connectedPerRequest(): string | undefined {
    const at = this.state.connected;
    if (!at) return undefined;
    let unit: FlowUnit | undefined;
    for (const u of this.#ev.summary(at.file)?.flow?.units ?? []) {
      if (u.kind !== "module" && u.span.start <= at.span.start && at.span.end <= u.span.end && (!unit || u.span.end - u.span.start < unit.span.end - unit.span.start)) unit = u;
    }
    if (!unit || unit.kind === "field") return undefined;
    return perRequestHandler(this.#ev, at.file, unit) ?? perRequestPath(this.#ev, this.elsewhere, at.file, unit)?.via;
  }

  /** Why a caller's server is one of several (`2 calls of createServer()`), while it is followed. */
  #instanceWhy: string | undefined;

  /** What another file's caller does to the server it made, when the factory makes several (`many` says how). */
  /** `await createServer().connect(transport)` in another file: the connect, as a call on the server made there. */
  connectMade(file: string, unit: FlowUnit, call: Extract<FlowEvent, { k: "call" }>, conditional: boolean, instance: string | undefined, many: string | undefined): void {
    this.#unit = unit;
    this.#asInstance(instance, many, () => this.#apply(file, call, { deferred: false, conditional }));
  }

  followInstance(instance: string, many: string | undefined, follow: () => void): void {
    this.#asInstance(many && instance, many, follow);
  }

  /** Runs `follow` with `instance` as the server being followed, when the site makes several (`many` says how). */
  #asInstance(instance: string | undefined, many: string | undefined, follow: () => void): void {
    const saved = [this.#instance, this.#instanceWhy] as const;
    this.#instance = instance;
    this.#instanceWhy = many;
    try {
      follow();
    } finally {
      [this.#instance, this.#instanceWhy] = saved;
    }
  }

  /**
   * `suspended`: from that offset on, the unit's events run at a time not known against what its
   * caller does next (an unawaited async helper after its first await, unawaitedSuspension.ts): they
   * are replayed as a unit of unknown timing is, with that reason for the keys only they add.
   */
  #runUnit(file: string, unit: FlowUnit, from: number, paths: ReadonlySet<string>, depth: number, mode: Mode, suspended?: { readonly at: number; readonly why: string }): void {
    const id = `${file}#${unit.id}`;
    const innerParams = this.#innerParams;
    this.#innerParams = undefined;
    if (depth > MAX_DEPTH || this.#active.has(id)) {
      markOpen(this.state, "the server goes through helpers too deep to follow");
      return;
    }
    this.#active.add(id);
    this.#ran.add(id);
    const local = new Set(paths);
    /** Every name the server had in this unit (a name rebound to another server leaves `local`). */
    const seen = new Set(paths);
    /** Names another server's block-scoped declaration hides, until its block ends. */
    const hiddenUntil = new Map<string, number>();
    // Helper calls written alike in both arms of an if: the later one is skipped in this walk, its
    // twin having run as certain (sameCallInEitherArm).
    const twins = new Set<number>();
    // The `if`/`else` whose arms are being walked as the alternatives of a join (bothArms.ts armOf), by their regions.
    const arms = new Map<string, ArmJoin>();
    // `server.registerTool = (name, ...) => { if (allowed(name)) original(name, ...) }`: from here on,
    // that method's calls run the replacement, which the analysis does not follow.
    const twinInOtherArm = (entry: FlowEventEntry, within: readonly string[]): boolean => {
      // Only a call given the server can register on it (and the search is per event of the unit).
      if (entry.event.k !== "invoke" || !entry.event.args.some((a) => a !== null && local.has(key(a)))) return false;
      const twin = sameCallInEitherArm(this.#ev, file, unit, entry, within);
      if (twin) twins.add(twin.event.span.start);
      return twin !== undefined;
    };
    /** Names that may have been given another server (under a condition): what they reach may not be this one. */
    const maybeOther = new Set<string>();
    /** Names of McpServer's inner low-level Server (`const protocol = server.server`), which are in `local` too. */
    const innerNames = new Set<string>(innerParams);
    this.#innerOf.set(id, innerNames);
    // `typeof server.tool === "function"`, `server instanceof V1McpServer`: decided by the release (serverConditions.ts).
    const walked: WalkedServer = {
      version: this.state.version,
      kind: this.state.kind,
      release: this.release,
      subclass: this.#site.subclass !== undefined,
      holds: (path) => local.has(path) && !innerNames.has(path) && !maybeOther.has(path) && !this.#handedOffHolders.has(`${file}\u0000${path}`),
      replaced: (method) => this.#replacedMethods.has(method) || this.#replacedMethods.has(ANY_METHOD),
    };
    const facts = serverFacts(this.#ev, file, walked);
    const ownScopeEnd = file === this.#site.file && unit === this.#site.unit ? this.#site.event.scopeEnd : undefined;
    // The branch regions of each connect() of this server in this unit: what follows one in the same
    // region runs once the server is connected.
    const connects: (readonly string[])[] = [];
    // Where in this unit the server got connected (by a connect() here or in a helper it calls): a
    // registration in the other arm of an `if` around it is not after it.
    const connectedAtStart = this.state.connected;
    let connectedBy: readonly string[] | undefined;
    let previous: FlowEventEntry | undefined;
    let untimed: { readonly why: string | undefined } | undefined;
    const outerTurns = this.#turns;
    try {
      for (let i = from; i < unit.events.length; i++) {
        this.#turns = undefined;
        if (this.state.threw || this.#aborted) return;
        if (connectedAtStart === undefined && connectedBy === undefined && this.state.connected && previous) connectedBy = previous.branches ?? [];
        previous = unit.events[i];
        if (suspended && !untimed && unit.events[i]!.event.span.start >= suspended.at) {
          untimed = { why: this.#untimedWhy };
          this.#untimedSince.push({ connected: false });
          this.#untimedWhy = suspended.why;
          mode = { ...mode, conditional: true, alternative: undefined };
        }
        if (++this.#steps > MAX_STEPS) {
          markOpen(this.state, `the analysis stops after ${MAX_STEPS.toLocaleString("en-US")} steps of the server's code (calls and registrations, helpers included), and this server has more`);
          return;
        }
        const entry = unit.events[i]!;
        for (const [k, join] of arms) if (join.end <= entry.event.span.start) (arms.delete(k), this.#joinArms(join));
        // `tool(...)` of `const tool = server.registerTool.bind(server)`: that method called on the server.
        const bound = entry.event.k === "invoke" && entry.event.callee.k === "ref" ? this.#bound.get(`${file}#${unit.id}#${entry.event.callee.name}`) : undefined;
        const event: FlowEvent = bound && entry.event.k === "invoke" ? { k: "call", receiver: bound.receiver, method: bound.method, args: entry.event.argExprs, span: entry.event.span, methodSpan: entry.event.callee.span } : entry.event;
        // Past the block a name was declared in, it means what it meant before (or nothing).
        for (const [n, end] of hiddenUntil) if (event.span.start >= end) (hiddenUntil.delete(n), local.add(n));
        if (ownScopeEnd !== undefined && event.span.start >= ownScopeEnd && this.#site.event.target?.length === 1) local.delete(this.#site.event.target[0]!);
        // What a branch the source rules out would do never happens.
        if (entry.conditional && regionsNeverRun(this.#ev, file, unit, entry, this.#argsOf.get(`${file}#${unit.id}`), facts)) continue;
        // The twin of a helper call made in the other arm, walked there as certain (sameCallInEitherArm).
        if (twins.has(entry.event.span.start)) continue;
        if (entry.conditional && loopsNeverRun(this.#ev, file, unit, entry)) {
          // `[].forEach((p) => ...)`: the callback is never called either, now or later.
          if (event.k === "invoke" && event.callee.k === "fn") {
            const callback = this.#resolveFunction(file, event.callee, unit);
            if (callback) this.#ran.add(`${callback.file}#${callback.unit.id}`);
          }
          continue;
        }
        const within = !mode.conditional && i > this.#site.eventIndex ? this.#constructionBranches(file, unit) : [];
        // `try { server.tool(…) } catch …` with the call first in the block: the block alone makes it no condition.
        const lifted = this.#liftedFromTry(file, unit, entry);
        const decided = lifted ?? entry;
        // `for (const d of DEFS) if (d.kind === "tool") …`: conditions on a loop's item, decided item by item.
        const turns = decided.conditional ? itemTurns(this.#ev, file, unit, decided, within, this.#argsOf.get(`${file}#${unit.id}`), this.#eachItem.get(`${file}#${unit.id}`)) : undefined;
        if (turns?.taken.length === 0) continue;
        this.#turns = turns && { file, unit, turns };
        const loopsHere = entry.loops ?? (turns?.loop ? [turns.loop] : lifted && this.#forOfLoops(file, unit, lifted));
        const liftedWhole = lifted !== undefined && (!lifted.conditional || (lifted.branches!.length === within.length && within.every((b, k) => lifted.branches![k] === b)));
        const surely = liftedWhole || loopsRunCertainly(this.#ev, file, unit, entry, within) || turns !== undefined || (decided.conditional && (regionsRunCertainly(this.#ev, file, unit, decided, within, this.#argsOf.get(`${file}#${unit.id}`), facts) || twinInOtherArm(entry, within)));
        // A tool registration in one arm of an `if` whose other arm registers one too: `tools` is
        // certain, but the call itself runs only in its arm.
        const certain = surely || (entry.conditional && toolInEitherArm(this.#ev, file, unit, entry, within));
        const other = (name: string) => maybeOther.has(name) || this.#handedOffHolders.has(`${file}\u0000${name}`);
        const elsewhere = (maybeOther.size > 0 || this.#handedOffHolders.size > 0) && ((event.k === "call" && other(event.receiver[0]!)) || (event.k === "invoke" && event.args.some((a) => a !== null && other(a[0]!))));
        // A return before here that only the SDK rules out (`if (server instanceof McpServer) return;` on a
        // low-level Server) leaves what follows certain: a throw there is a guard the release decides.
        const returnedBySource = !mode.conditional && mayHaveReturned(this.#ev, file, unit, from, i);
        const returned = returnedBySource && mayHaveReturned(this.#ev, file, unit, from, i, undefined, facts);
        // Under a guard that also holds the server's one connect(), after it: certain for what that serves.
        const guardedBy = (entry.conditional && !certain) || mode.conditional ? this.#connectGuard(file, unit, i, event, mode, local, maybeOther) : undefined;
        if (guardedBy) this.#guardedBy.add(`${file}:${guardedBy.start}`);
        const conditionHere = (entry.conditional && !certain && !guardedBy) || elsewhere || returned;
        const conditionalHere = (mode.conditional && !guardedBy) || conditionHere;
        // In one arm of an `if`/`else` reached for certain (or within an alternative): that arm's alternative.
        const arm = conditionHere && !elsewhere && !returned && (!mode.conditional || mode.alternative) ? armOf(this.#ev, file, unit, entry, within) : undefined;
        const alternative = arm ? this.#armAlternative(arms, arm, mode) : undefined;
        const here: Mode = { ...mode, conditional: conditionalHere, ...(conditionalHere && !mode.conditional ? { conditionAt: { file, span: event.span } } : {}), ...(conditionHere ? { alternative } : {}), ...(certain && !surely ? { oneArm: true as const } : {}) };
        switch (event.k) {
          case "alias":
            this.#holders.onOtherUse(file, unit, event.source, `aliased as ${event.target}`, event.span);
            // `const s = server` and `const protocol = server.server` (the low-level Server inside).
            if (local.has(key(event.source)) || (event.source.length > 1 && event.source.at(-1) === "server" && local.has(key(event.source.slice(0, -1))))) {
              local.add(event.target);
              seen.add(event.target);
              // The inner Server by another name: its calls are the low-level Server's, not McpServer's.
              if (local.has(key(event.source)) ? innerNames.has(key(event.source)) : this.state.kind === "mcp") innerNames.add(event.target);
              else innerNames.delete(event.target);
            } else if (event.source.length === 2 && local.has(event.source[0]!) && this.#readForForwarding(file, event.span, event.target, event.source[0]!)) {
              // `const originalTool = server.tool`, called only by a forwarding proxy's wrapper: as the proxy's own calls are.
            } else if (isRegistrationRead(event.source, local) || isTasksOf(event.source, local) || isTasksOf([...event.source, "tasks"], local)) {
              markOpen(this.state, `${key(event.source)} is read as ${event.target}, and what its calls register is not followed`, { file, span: event.span });
            }
            break;
          case "call": {
            const receiver = key(event.receiver);
            const onServer = local.has(receiver);
            const onInner = [...local].some((p) => receiver === `${p}.server`);
            // `server.experimental.tasks.registerToolTask(...)` (v1 McpServer, from 1.24): a tool of the server.
            const onTasks = event.method === "registerToolTask" && isTasksOf(receiver, local);
            if (!onServer && !onInner && !onTasks) {
              const held = this.#holders.onCall(file, unit, event, depth, here);
              const own = held ? undefined : thisMethodInvoke(event);
              // `registry.start(server)`: a method another dialect reads (fastmcp's `start`), on an object of the program's own.
              const other = held || own ? undefined : otherMethodInvoke(event, SDK_METHODS);
              if (other) this.#invoke(file, unit, other, local, depth, here, connects.some((c) => runsAfter(c, entry.branches ?? [])));
              if (own) {
                const outerReturns = this.#returns;
                const returns: ServerReturns = { depth: depth + 1 };
                this.#returns = returns;
                try {
                  this.#invoke(file, unit, own, local, depth, this.#overridable(file, unit, here, event.span), connects.some((c) => runsAfter(c, entry.branches ?? [])));
                } finally {
                  this.#returns = outerReturns;
                }
                // `this.wrap(server)` handing the server back: where its value goes is not followed.
                if (returns.server || returns.part) markOpen(this.state, `${returns.server ? "the server" : "a part of the server"} is returned by this.${event.method}(), and what is done with it there is not followed`, { file, span: event.span });
              }
              break;
            }
            // `server.tool?.(...)` on a release without tool(): nothing is called.
            if (onServer && walked.holds(receiver) && optionalCallOfNothing(this.#ev, file, event, walked)) break;
            // A subclass's own `connect`/`tool` (which may call `super.connect(...)`) runs instead.
            if (onServer && this.#site.subclass && this.#runOverride(file, unit, event, local, depth, here)) break;
            const replacedBy = onServer ? (this.#replacedMethods.get(event.method) ?? this.#replacedMethods.get(ANY_METHOD)) : undefined;
            this.#replacedWhy = replacedBy;
            const applied: Mode = replacedBy ? { ...here, conditional: true, alternative: undefined } : here;
            this.#within = this.#namedUnitOf(file, unit);
            this.#unit = unit;
            this.#caughtBy = undefined;
            this.#inTry = caughtAround(this.#ev, file, entry);
            this.#point.caught = this.#inTry ? "The catch around it takes the error" : this.#handledNow(file, unit);
            // Read only when a throw is taken (most calls in a try throw nothing).
            this.#point.answerSkipped = this.#inTry
              ? () => {
                  const skipped = answerSkippedByThrow(this.#ev, file, entry);
                  return skipped && { what: skipped.what, loc: { file, span: skipped.span } };
                }
              : undefined;
            this.#connectedHere = connectedBy && connectedRelation(this.#ev, file, connectedBy, entry.branches ?? []);
            this.#loops = loopsHere;
            this.#branches = { file, regions: entry.branches ?? [] };
            this.#onInner = (onInner && !onServer) || (onServer && innerNames.has(receiver));
            try {
              this.#apply(file, event, applied);
            } finally {
              this.#replacedWhy = undefined;
              this.#onInner = false;
              this.#point.caught = undefined;
              this.#point.answerSkipped = undefined;
              this.#inTry = false;
              this.#connectedHere = undefined;
              this.#loops = undefined;
              this.#branches = undefined;
            }
            if (event.method === "connect" && (!entry.conditional || entry.branches)) connects.push(entry.branches ?? []);
            break;
          }
          case "invoke": {
            // `server.registerTool.call(server, ...)`, `.apply(...)`, `.bind(...)`: a registration made out of sight.
            const read = event.callee.k === "get" ? pathOfExpr(event.callee.object) : undefined;
            if (read && isRegistrationRead(read, local)) {
              const alias = boundRegistration(this.#ev, file, unit, event, read);
              if (alias) {
                this.#bound.set(`${file}#${unit.id}#${event.result}`, alias);
                break;
              }
              markOpen(this.state, `${key(read)} is used as a value, and what it registers is not followed`, { file, span: event.span });
              break;
            }
            // `{ server }` written in this call's object argument: open unless the callee takes it apart.
            const held = this.#heldInObject.get(`${file}:${event.span.start}`);
            this.#heldInObject.delete(`${file}:${event.span.start}`);
            const onThis = event.callee.k === "get" && event.callee.object.k === "dyn" && event.callee.object.text === "this";
            const invokeMode = onThis ? this.#overridable(file, unit, here, event.span) : here;
            this.#loops = loopsHere;
            const outerReturns = this.#returns;
            const returns: ServerReturns = { depth: depth + 1 };
            this.#returns = returns;
            const outerHandled = this.#handled;
            const handler = handlerAtCall(this.#ev, file, entry, (span) => this.#where({ file, span }), [this.#site.file]);
            this.#handled = handler === "awaited" ? outerHandled : handler === undefined ? undefined : { why: handler };
            const tried = caughtAround(this.#ev, file, entry);
            if (tried) this.#tried++;
            try {
              if (!this.#holders.onInvoke(file, unit, event, local, depth, invokeMode)) this.#invoke(file, unit, event, local, depth, invokeMode, connects.some((c) => runsAfter(c, entry.branches ?? [])));
            } finally {
              this.#loops = undefined;
              this.#returns = outerReturns;
              // Back at the call whose handler took an error thrown under it: the program goes on from here.
              if (this.#aborted !== undefined && this.#aborted === this.#handled && this.#handled !== outerHandled) this.#aborted = undefined;
              this.#handled = outerHandled;
              if (tried) this.#tried--;
            }
            if (returns.part) markOpen(this.state, `a part of the server is returned by ${exprText(event.callee)}(), and what is done with it there is not followed`, { file, span: event.span });
            if (returns.server) {
              // `const server = wrap(base)`: the same server under a new name, when that is all the helper
              // can return; any other use of the value (or another value it may return) is not followed.
              if (event.result !== undefined && !returns.other) {
                local.add(event.result);
                seen.add(event.result);
              } else if (!returns.other && this.#chainReceiver(file, unit, event)) {
                // `new MyServer().init().start()`: the next call of the chain is on the server again.
                this.#chained.set(`${file}:${event.span.start}:${event.span.end}`, this.#chainReceiver(file, unit, event)!);
              } else markOpen(this.state, `the server is returned by ${exprText(event.callee)}(), and what is done with it there is not followed`, { file, span: event.span });
            }
            if (held && !this.#objectFollowed.has(`${file}:${event.span.start}`)) markOpen(this.state, held.why, held.loc);
            break;
          }
          case "escape": {
            // A method given to the low-level Server inside (`server.server.getCapabilities = …`) is given to the server.
            const onInner = event.member !== undefined && !local.has(key(event.source)) && event.source.length > 1 && event.source.at(-1) === "server" && local.has(key(event.source.slice(0, -1)));
            // The SDK's hooks for the program's own callbacks (`server.server.onerror = (e) => log(e)`): meant to be set.
            if (event.member !== undefined && CALLBACK_HOOKS.has(event.member) && (onInner || local.has(key(event.source)))) break;
            // The server's own making of its capabilities replaced (`server.server.getCapabilities = …`): none of them is known.
            if (event.member !== undefined && CAPABILITY_MAKERS.has(event.member) && (onInner || local.has(key(event.source)))) {
              markReplaced(this.state, `the program gives ${key(event.source)} its own ${event.member} (${this.#where({ file, span: event.span })}), in place of the SDK's`, { file, span: event.span });
              break;
            }
            if (onInner) {
              markOpen(this.state, `the server is ${event.how}, and what is done with it there is not followed`, { file, span: event.span });
              break;
            }
            // A property the SDK never reads, named nowhere else: nothing changes (unreadMembers.ts).
            if (event.member !== undefined && local.has(key(event.source)) && assignsUnreadMember(this.#ev, this.elsewhere.list, file, unit, event.member, event.span)) {
              // A function given to it is never called: nothing names the property to call it.
              this.#unreadAssigned.add(`${file}\u0000${event.member}`);
              break;
            }
            if (event.member !== undefined && local.has(key(event.source))) this.#replacedMethods.set(event.member, `registered through ${key(event.source)}.${event.member}, which the code replaces with a function of its own (${this.#placeIn({ file, span: event.span })}) that the analysis does not follow`);
            // `target = other`: a name of this server given another value is no longer this server
            // (or may not be, when the assignment may not happen).
            const into = event.into ? key(event.into) : undefined;
            // The server stored where it is already (`constructor(private server = new McpServer())`): nothing changes.
            if (into !== undefined && local.has(into) && local.has(key(event.source))) break;
            if (into !== undefined && local.has(into) && !local.has(key(event.source))) {
              if (here.conditional) maybeOther.add(into);
              else local.delete(into);
            }
            // `target = server` into a module's `let`: its functions reach the server by that name now.
            if (event.into?.length === 1 && local.has(key(event.source)) && isModuleVariable(this.#ev, file, event.into[0]!)) {
              local.add(event.into[0]!);
              seen.add(event.into[0]!);
              let held = this.#moduleHeld.get(file);
              if (!held) this.#moduleHeld.set(file, (held = new Set()));
              held.add(event.into[0]!);
            }
            if (this.#holders.onEscape(file, unit, event, local, depth, here)) break;
            if (local.has(key(event.source)) && this.#followFieldConstruction(file, unit, event, local, depth, here)) break;
            if (this.#constructorStores.has(`${file}:${event.span.start}`)) break;
            // `{ server }`, `[server]`, `ctx.server = server`, `new Plugins(server)`: whatever holds it
            // now may register on it, out of the analysis's sight.
            if (!local.has(key(event.source))) break;
            // `new Proxy(server, { get … })` handing everything through: the server under another name (forwardingProxies.ts).
            const proxy = event.source.length === 1 ? this.#forwardingProxy(file, event.span) : undefined;
            if (proxy && proxy.target === event.source[0]) {
              if (proxy.use.k === "const") {
                local.add(proxy.use.name);
                seen.add(proxy.use.name);
              }
              break;
            }
            const harmless = this.#harmlessEscape(file, event, local, this.#afterConnect || connects.some((c) => runsAfter(c, entry.branches ?? [])));
            // `const ctx = { server, api }` that only goes to calls and member reads: the server is
            // `ctx.server` now, and the functions given `ctx` are followed (a registration there after
            // connect() throws, which a store harmless otherwise does not show).
            const holder = event.how === "stored in an object" ? constObjectHolder(this.#ev, file, event.span) : undefined;
            if (holder) {
              local.add(`${holder.name}.${holder.key}`);
              seen.add(`${holder.name}.${holder.key}`);
              this.#objectHolders.set(`${file}\u0000${holder.name}`, { harmless });
              break;
            }
            // In a callback run once the server is connected (its connect() seen): the SDK refuses new
            // capabilities from then on (registerCapabilities throws), so whatever holds it now cannot add one.
            if (!harmless && !(here.deferred && this.state.connected)) {
              const why = `the server is ${event.how}, and what is done with it there is not followed`;
              const call = unit.events.slice(i + 1).find(({ event: e }) => e.k === "invoke" && isObjectArgumentEntry(e, event.span.start))?.event;
              if (call) this.#heldInObject.set(`${file}:${call.span.start}`, { why, loc: { file, span: event.span } });
              else if (this.#returnKey !== undefined && file === this.#site.file && unit === this.#site.unit && isReturnedEntry(unit.events, event.span.start)) this.#returnedHeld.push({ why, loc: { file, span: event.span } });
              else markOpen(this.state, why, { file, span: event.span });
            }
            break;
          }
          case "new": {
            const rebound = i === this.#site.eventIndex && unit === this.#site.unit && file === this.#site.file ? undefined : rebinding(event, local, here.conditional);
            if (rebound?.kind === "hidden") hiddenUntil.set(rebound.name, rebound.until);
            if (rebound && rebound.kind !== "open") local.delete(rebound.name);
            // Given another server only under a condition: what follows on that name may not happen to this one.
            if (rebound?.kind === "open") maybeOther.add(rebound.name);
            this.#holders.onNew(file, unit, event, local, depth, here);
            break;
          }
          case "throw": {
            // A throw at start-up on every way to it stops the server, unless a catch around keeps the
            // program going. Under a condition it is a guard the configuration decides (the answer is
            // what the server sends once it starts), except a condition on the era a v2 factory serves.
            const loc = { file, span: event.span };
            if (here.deferred || caughtAround(this.#ev, file, entry)) break;
            this.#caughtBy = undefined;
            if (this.#handledNow(file, unit)) {
              // Taken by a caller's handler: the code up to that call ends here, unless the throw is under a condition.
              if (!here.conditional) this.#thrownToHandler();
              break;
            }
            // `if (!(server instanceof McpServer)) throw …` with the other major's class: the release decides the guard.
            if (!here.conditional && ((entry.conditional && !regionsRunCertainly(this.#ev, file, unit, entry, within, this.#argsOf.get(`${file}#${unit.id}`))) || returnedBySource)) {
              guardAlwaysThrows(this.#point, loc, event.exit === true, facts.why);
              break;
            }
            if (!here.conditional) this.#mayThrow(loc, event.exit ? `the program exits at ${this.#where(loc)} whenever it gets there, which may be before the server answers` : `the code throws at ${this.#where(loc)} whenever it gets there, so the server does not start`);
            else if (underEraCondition(this.#ev, file, unit, entry)) this.#mayThrow(loc, this.#eraThrow(loc));
            break;
          }
          case "return":
            // `get server() { return server; }`, `{ get: () => server }`: a getter handing the server out is
            // read as a property (`app.server.registerTool(...)`), which the replay does not follow.
            // (A getter of the class holding the server in a field is looked at where the field's uses are: siteEscapes.)
            if (event.source && event.source[0] !== "this" && local.has(key(event.source)) && !this.#returns && isGetterUnit(this.#ev.host.text?.(file), unit)) {
              markOpen(this.state, `the server is returned by a getter (${this.#where({ file, span: event.span })}), and what is done with it where the property is read is not followed`, { file, span: event.span });
            }
            // `return this` from a method whose call's value goes nowhere (`new Host(server).add("a");`): nothing is handed on.
            if (!(event.source?.length === 1 && event.source[0] === "this" && this.#resultDropped())) this.#holders.onOtherUse(file, unit, event.source, "returned", event.span);
            // A helper handing the server back (`const s = server as Wrapped; …; return s;`): its caller decides.
            // (The server's own factory returning it is followed to its callers elsewhere: #handedOn.)
            if (this.#returns?.depth === depth && !here.deferred && !(file === this.#site.file && unit.id === this.#site.unit.id)) {
              // `return new Proxy(server, …)` handing everything through (forwardingProxies.ts): the server.
              const proxied = event.source === null ? this.#forwardingReturn(file, event.span) : undefined;
              if ((event.source && local.has(key(event.source))) || (proxied !== undefined && local.has(proxied))) {
                if (!this.#resultDropped()) this.#returns.server ??= { file, span: event.span };
                // Returned under a condition of its own (the call of the helper may be under one: that is the caller's).
                if (conditionHere) this.#returns.other = true;
              } else {
                this.#returns.other = true;
                // `return server.server`: the low-level Server inside, which takes handlers too; `return () =>
                // this` from a method of the server's own class: a function that hands the server to whoever
                // calls it (helpers' returned closures are followed where they are called: returnedClosures.ts).
                const part = (event.source && event.source.some((_, k) => k > 0 && local.has(key(event.source!.slice(0, k))))) || (event.source === null && unit.kind === "method" && local.has("this") && returnsFunctionOverThis(this.#ev.host.text?.(file), event.span));
                if (part && !this.#resultDropped()) this.#returns.part ??= { file, span: event.span };
              }
            }
            break;
        }
      }
      for (const join of arms.values()) this.#joinArms(join);
    } finally {
      this.#turns = outerTurns;
      if (untimed) {
        this.#untimedSince.pop();
        this.#untimedWhy = untimed.why;
      }
      // A connect set aside while this unit went on (connectRacesCaller) has happened by now.
      for (let k = this.#racingConnects.length - 1; k >= 0; k--) {
        const racing = this.#racingConnects[k]!;
        if (racing.callerId !== id) continue;
        this.#racingConnects.splice(k, 1);
        this.state.connected ??= racing.loc;
      }
      this.#active.delete(id);
      const names = this.#namesIn.get(id);
      for (const n of local) seen.add(n);
      if (names) for (const n of seen) names.add(n);
      else {
        this.#namesIn.set(id, seen);
        let byUnit = this.#namesInFile.get(file);
        if (!byUnit) this.#namesInFile.set(file, (byUnit = new Map()));
        byUnit.set(unit.id, seen);
      }
    }
  }

  /**
   * The branch regions of the server's construction, for events of its own unit: what is registered
   * beside it (`else { const server = ...; server.registerTool(...) }`) runs whenever the server exists.
   */
  #constructionBranches(file: string, unit: FlowUnit): readonly string[] {
    if (unit !== this.#site.unit || file !== this.#site.file) return [];
    return unit.events[this.#site.eventIndex]?.branches ?? [];
  }

  /**
   * A store of the server that cannot add a capability: one that runs no program code once the server
   * is connected, or one into a container of the file whose every read is harmless.
   */
  #harmlessEscape(file: string, event: Extract<FlowEvent, { k: "escape" }>, paths: ReadonlySet<string>, connected: boolean): boolean {
    const getters = (sf: ts.SourceFile, ref: ts.Node) => getterUseIsHarmless(this.#ev, this.elsewhere, file, sf, ref);
    return (connected && isPlainStore(event.how)) || escapeIsHarmlessStore(this.#ev, file, event.span, paths, getters) || fieldStoreIsHarmless(this.#ev, file, event.span, !this.#site.subclass);
  }

  /** `sessions.set(id, { server, transport })`, `servers.add(server)`, `seen.has(server)` on a collection of the file. */
  #harmlessCollectionCall(file: string, event: Extract<FlowEvent, { k: "invoke" }>, paths: ReadonlySet<string>, connected: boolean): boolean {
    return (connected && isCollectionStore(this.#ev, file, event.span)) || callIsHarmlessStore(this.#ev, file, event.span, serverShapes(paths));
  }

  /**
   * `private logger = new Logger(this.server)`, a field whose object is only ever used by calling its
   * methods there (fieldHolders.ts): its constructor runs now with the server, and each
   * `this.logger.m()` runs `m` with the fields the constructor stored it in (methodTargets.ts).
   */
  #followFieldConstruction(file: string, unit: FlowUnit, event: Extract<FlowEvent, { k: "escape" }>, paths: ReadonlySet<string>, depth: number, mode: Mode): boolean {
    const made = fieldConstructionOf(this.#ev, file, unit, event.span);
    const classes = made ? this.#ev.summary(made.file)?.classes.filter((c) => c.name === made.name && c.topLevel) : undefined;
    if (!made?.args || classes?.length !== 1) return false;
    const own = constructorStoresOf(this.#ev, made.file, made.name);
    // Without a constructor of its own, the arguments go to a base class's, which is not read here.
    if (!own) return classes[0]!.heritage === null;
    const { ctor } = own;
    const bound = new Set(ctor.params.filter((p, i) => p !== "" && made.args![i] !== undefined && paths.has(made.args![i]!)));
    // `constructor(private server: McpServer)`, `this.server = server`: the stores its methods are run with.
    for (const { index, span } of own.stores) if (index >= 0 && bound.has(ctor.params[index]!)) this.#constructorStores.add(`${made.file}:${span.start}`);
    if (bound.size > 0) this.#runUnit(made.file, ctor, 0, bound, depth + 1, mode);
    return true;
  }
  /** Stores of the server into `this` by the constructor of an object a field keeps (see #followFieldConstruction): followed. */
  readonly #constructorStores = new Set<string>();

  /** A call that may hand the server to a helper, or run a local function that uses it. */
  #invoke(file: string, unit: FlowUnit, event: Extract<FlowEvent, { k: "invoke" }>, paths: ReadonlySet<string>, depth: number, mode: Mode, connected = false): void {
    // A helper called after the connect() of the function calling it runs after it too.
    const outerAfterConnect = this.#afterConnect;
    this.#afterConnect ||= connected;
    try {
      this.#invokeNow(file, unit, event, paths, depth, mode, connected);
    } finally {
      this.#afterConnect = outerAfterConnect;
    }
  }

  /** The helper being followed is called after a connect() of the server that surely came first. */
  #afterConnect = false;

  #invokeNow(file: string, unit: FlowUnit, event: Extract<FlowEvent, { k: "invoke" }>, paths: ReadonlySet<string>, depth: number, mode: Mode, connected: boolean): void {
    if (this.#site.subclass && this.#invokeOnInstance(file, unit, event, paths, depth, mode)) return;
    if (this.#invokeWithHolder(file, unit, event, paths, depth, mode)) return;
    const closure = this.#closures.called(file, unit, event.callee, this.#classAround(file, unit));
    if (closure) {
      const names = new Set(closure.names);
      closure.unit.params.forEach((p, i) => {
        const a = event.args[i];
        if (p && a && paths.has(key(a))) names.add(p);
      });
      this.#withArguments(closure.file, closure.unit, event.argExprs, this.#scopeIn(file, unit), () => this.#calledFrom(file, unit, () => this.#runUnit(closure.file, closure.unit, 0, names, depth + 1, mode), event.span));
      return;
    }
    // `registerAppTool(server, ...)` of ext-apps: the registration it makes on the server.
    const app = this.state.kind === "mcp" && event.args[0] && paths.has(key(event.args[0])) ? extAppsRegistration(file, (f) => this.#ev.host.text?.(f), this.#ev.summary(file), event) : undefined;
    if (app) {
      this.#within = this.#namedUnitOf(file, unit);
      this.#unit = unit;
      this.#apply(file, app, mode);
      return;
    }
    // The server itself, or the low-level Server inside it (`server.server`), which takes handlers too.
    const passed = event.args.map((a) => (a && (paths.has(key(a)) || (a.length > 1 && a.at(-1) === "server" && paths.has(key(a.slice(0, -1))))) ? true : false));
    // `registerTools({ server, db })`: the server handed over inside an object is not followed.
    const inObject = event.argExprs.some((a) => a.k === "obj" && a.entries.some((x) => x.k === "prop" && x.value.k === "ref" && paths.has(x.value.name)));
    if (inObject) {
      if (this.#harmlessCollectionCall(file, event, paths, connected)) return;
      if (this.#followObjectArgument(file, unit, event, paths, passed, depth, mode)) return;
      markOpen(this.state, `the server is passed inside an object to ${exprText(event.callee)}, which the analysis does not follow`, { file, span: event.span });
      return;
    }
    const target = this.#resolveFunction(file, event.callee, unit);
    if (!target) {
      // `for (const register of [a, b]) register(server)`: each item in turn.
      const c = event.callee;
      // `const register = table[role]; register(server)`: the const read of the table, called.
      const read = c.k === "ref" ? this.#keyedRead(file, unit, c.name) : undefined;
      const keyed = read ? this.#keyedItems(file, unit, read) : c.k === "get" && c.key.k === "computed" ? this.#keyedItems(file, unit, c) : undefined;
      const items = read ? keyed?.items : c.k === "ref" ? this.#loopItems(file, unit, c.name) : c.k === "get" && c.key.k === "static" && c.object.k === "ref" ? this.#loopItems(file, unit, c.object.name, c.key.name) : keyed?.items;
      // A key not known statically: any function of the table may be the one that runs, here, and what
      // each registers for certain once it runs is joined after (alternatives.ts).
      const join = keyed && !keyed.certain;
      const itemMode: Mode = join ? { ...mode, conditional: true, conditionAt: mode.conditionAt ?? { file, span: event.span } } : mode;
      const runs: AlternativeRun[] = [];
      const keys = join ? (mode.alternative ? keysSeenIn(mode.alternative) : Object.keys(this.state.caps)) : [];
      const starts = join ? new AlternativeStarts(this.state) : undefined;
      if (items) {
        // Each item's function runs once (the loop is what goes through them): not "called once per item".
        const loops = this.#loops;
        this.#loops = undefined;
        const outerItem = this.#itemRun;
        const outerInstance = this.#thisInstance;
        try {
          items.forEach((item, index) => {
            this.#perItem = true;
            // Each item runs the code on its own: a registration met again for another item is a second one.
            this.#itemRun = { call: { file, span: event.span }, index };
            this.#thisInstance = item.instance;
            // `installers[k]()`: each function of the table sees the server's names of the scope it shares with the caller.
            const shared = keyed && item.file === file ? sharedNames(this.#ev.summary(file)?.flow?.units ?? [], unit, item.unit, paths) : undefined;
            const run = newAlternative(keys);
            runs.push(run);
            starts?.next();
            this.#invokeTarget(file, unit, event, item, paths, passed, depth, join ? { ...itemMode, alternative: run } : itemMode, shared);
          });
        } finally {
          this.#loops = loops;
          this.#perItem = false;
          this.#itemRun = outerItem;
          this.#thisInstance = outerInstance;
          this.#alternative = undefined;
          starts?.end();
        }
        if (join && this.#joinable(file, event)) this.#joined(joinAlternatives(runs), mode);
        return;
      }
      // `Object.assign(server.server, { getCapabilities() {...} })`, `Object.defineProperty(server.server, "getCapabilities", …)`.
      const writer = passed[0] && OBJECT_WRITERS.test(exprText(event.callee)) ? this.#ev.textAt(file, event.span) : undefined;
      const made = writer !== undefined ? [...CAPABILITY_MAKERS].find((m) => new RegExp(`\\b${m}\\b`).test(writer)) : undefined;
      if (made) {
        markReplaced(this.state, `the program writes ${made} onto the server with ${exprText(event.callee)} (${this.#where({ file, span: event.span })}), in place of the SDK's`, { file, span: event.span });
        return;
      }
      // `Object.assign(server, { tool: … })`, `Object.defineProperty(server, "registerTool", …)`, a new prototype: calls of those methods from here on may not be the SDK's.
      if (writer !== undefined) {
        const by = `${exprText(event.callee)} (${this.#placeIn({ file, span: event.span })})`;
        for (const m of writtenMembers(exprText(event.callee), event.argExprs, (e) => this.#ev.evaluate(e, this.#scopeIn(file, unit), SDK_EVAL))) {
          this.#replacedMethods.set(m, m === ANY_METHOD ? `registered through a method of the server that ${by} may replace with one the analysis does not follow` : `registered through ${m}, which the code replaces with ${by} by a function of its own the analysis does not follow`);
        }
      }
      // `tools.register(server)` on a namespace import of a module that exports no `register`: a TypeError where it runs.
      const absent = passed.some(Boolean) ? missingNamespaceMember(this.#ev, file, event.callee) : undefined;
      if (absent) {
        const loc = { file, span: event.span };
        this.#mayThrow(loc, `${exprText(event.callee)} is not a function (${this.#where(loc)}): ${basename(absent.module)} exports no ${absent.member}, so the call throws a TypeError whenever it runs`);
        return;
      }
      // `addPrompts(server)` imported from a module Node cannot load (CommonJS in an ES module scope): the import throws first.
      const failed = passed.some(Boolean) ? importLoadFailure(this.#ev, file, event.callee) : undefined;
      if (failed) {
        this.#mayThrow({ file, span: event.span }, `${exprText(event.callee)} comes from a module that does not load: ${failed}`);
        return;
      }
      if (passed.some(Boolean) && !isHarmlessUse(event.callee, paths) && !this.#harmlessCollectionCall(file, event, paths, connected)) {
        const declared = this.#findFunction(file, event.callee, unit);
        const where = declared ? `, declared without its code in ${basename(declared.file)},` : ",";
        markOpen(this.state, `the server is passed to ${exprText(event.callee)}${where} which the analysis cannot follow`, { file, span: event.span });
      }
      return;
    }
    // `[a, b].forEach((register) => register(server))`: the callback's first parameter is each item.
    const eachLoop = event.callee.k === "fn" ? callbackLoop(this.#loops) : undefined;
    const eachKey = `${target.file}#${target.unit.id}`;
    const param = target.unit.params[0];
    // `Object.entries(groups).forEach(([name, register]) => register(server))`: the elements of each item.
    const elements = eachLoop && !param ? callbackElements(this.#ev, target.file, target.unit) : undefined;
    const each: EachItem | undefined = eachLoop && param ? { param, over: eachLoop.over, scope: this.#scopeIn(file, unit) } : eachLoop && elements ? { elements, over: eachLoop.over, scope: this.#scopeIn(file, unit) } : undefined;
    if (each) this.#eachItem.set(eachKey, each);
    try {
      this.#invokeTarget(file, unit, event, target, paths, passed, depth, mode);
    } finally {
      if (each) this.#eachItem.delete(eachKey);
    }
  }

  /** Consts and parameters holding the server in an object literal (`file\u0000name`), followed as `name.key` (see constObjectHolders.ts, parameterMembers.ts). */
  readonly #objectHolders = new Map<string, { readonly harmless: boolean }>();
  /** Those of them handed to code not followed (`file\u0000name`): their members may hold another server since. */
  readonly #handedOffHolders = new Set<string>();

  /**
   * `registerTools(ctx)` with `ctx` such a const: the callee runs with its parameter bound to the
   * server's member path (`c.server`), or its destructured name. A callee the replay cannot resolve, or
   * one that uses the parameter otherwise than by reading its members, keeps the result open.
   */
  #invokeWithHolder(file: string, unit: FlowUnit, event: Extract<FlowEvent, { k: "invoke" }>, paths: ReadonlySet<string>, depth: number, mode: Mode): boolean {
    const holderKeys = event.args.map((a) => (a?.length === 1 && this.#objectHolders.has(`${file}\u0000${a[0]}`) ? `${file}\u0000${a[0]}` : undefined));
    const held = event.args.map((a, i) => (holderKeys[i] ? [...paths].filter((p) => p.startsWith(`${a![0]}.`)).map((p) => p.slice(a![0]!.length + 1)) : []));
    if (held.every((h) => h.length === 0)) return false;
    const target = this.#resolveFunction(file, event.callee, unit);
    const extra = new Set<string>();
    let open = !target;
    if (target) held.forEach((members, i) => {
      const param = target.unit.params[i];
      const fields = target.unit.paramFields?.[i];
      for (const member of members) {
        const [first, ...rest] = member.split(".");
        if (fields) {
          // A field the callee does not take is dropped with the object.
          const local = Object.prototype.hasOwnProperty.call(fields, first!) ? fields[first!] : undefined;
          if (local !== undefined) extra.add([local, ...rest].join("."));
        } else if (param && readOnlyByMembers(this.#ev, target.file, target.unit, param)) {
          extra.add(`${param}.${member}`);
          this.#objectHolders.set(`${target.file}\u0000${param}`, { harmless: false });
        }
        else open = true;
      }
    });
    if (open || !target) {
      const handedOff = holderKeys.filter((k): k is string => k !== undefined && !this.#objectHolders.get(k)!.harmless);
      // A store the replay found harmless (a plain store once connected) stays so where it cannot follow.
      if (handedOff.length === 0) return true;
      // What it is given to may point the object's members at another server: what follows on them may not be on this one.
      for (const k of handedOff) this.#handedOffHolders.add(k);
      const name = holderKeys.find((k) => k !== undefined)!.slice(file.length + 1);
      markOpen(this.state, `the object holding the server (${name}) is passed to ${exprText(event.callee)}, which the analysis does not follow`, { file, span: event.span });
      return true;
    }
    const passed = event.args.map((a) => (a ? paths.has(key(a)) : false));
    this.#invokeTarget(file, unit, event, target, paths, passed, depth, mode, extra);
    return true;
  }

  /** The functions a loop's item stands for, when `name` is that item (see loopItemFunctions.ts). */
  #loopItems(file: string, unit: FlowUnit, name: string, member?: string): readonly ItemFunction[] | undefined {
    const loop = loopBinding(this.#loops, name);
    if (loop) return itemFunctions(this.#ev, loop.over, this.#scopeIn(file, unit), this.elsewhere.want, member, this.#classAround(file, unit), loop.element?.index);
    const each = this.#eachItemOf(file, unit);
    if (each?.param === name) return itemFunctions(this.#ev, each.over, each.scope, this.elsewhere.want, member, this.#classAround(file, unit));
    const element = each?.elements?.find((e) => e.name === name);
    return element && each ? itemFunctions(this.#ev, each.over, each.scope, this.elsewhere.want, member, this.#classAround(file, unit), element.index) : undefined;
  }

  /**
   * `installers[k]()`: with `k` the item of a loop over strings the source gives, `installers.a`,
   * `installers.b`, … in turn (certain); with any other key, every function of the table, each of which
   * may be the one that runs (not certain). Undefined unless every one is a function the replay reads.
   */
  #keyedItems(file: string, unit: FlowUnit, callee: Extract<ValueExpr, { k: "get" }>): { readonly items: readonly ItemFunction[]; readonly certain: boolean } | undefined {
    const k = callee.key.k === "computed" ? callee.key.expr : undefined;
    if (k?.k !== "ref") return undefined;
    const loop = loopBinding(this.#loops, k.name);
    const each = loop ? undefined : this.#eachItemOf(file, unit);
    const over = loop && loop.binding === k.name ? { over: loop.over, scope: this.#scopeIn(file, unit) } : each?.param === k.name ? each : undefined;
    const keys = over && itemKeys(this.#ev, over.over, over.scope);
    // `toolMap[role]` with `const role = "admin"` (no loop): the one function under that key, for certain.
    const known = over ? undefined : this.#ev.evaluate(k, this.#scopeIn(file, unit), SDK_EVAL);
    if (known?.t === "prim" && typeof known.value === "string") {
      const only = this.#resolveFunction(file, { ...callee, key: { k: "static", name: known.value, span: callee.key.span } }, unit);
      return only ? { items: [only], certain: true } : undefined;
    }
    if (!keys) {
      const every = this.#everyKeyOf(file, unit, callee);
      return every && every.length > 0 ? { items: every, certain: false } : undefined;
    }
    const items: ItemFunction[] = [];
    for (const name of keys) {
      const target = this.#resolveFunction(file, { ...callee, key: { k: "static", name, span: callee.key.span } }, unit);
      if (!target) return undefined;
      items.push(target);
    }
    return { items, certain: true };
  }

  #forwardingProxy(file: string, span: Span): ForwardingProxy | undefined {
    const sf = parsedSource(this.#ev, file);
    return sf && forwardingProxyAt(sf, span);
  }

  /** The name the forwarding proxy a `return` hands back is made over. */
  #forwardingReturn(file: string, span: Span): string | undefined {
    const sf = parsedSource(this.#ev, file);
    return sf && forwardingProxyReturned(sf, span)?.target;
  }

  #readForForwarding(file: string, span: Span, name: string, over: string): boolean {
    const sf = parsedSource(this.#ev, file);
    return sf !== undefined && readForForwarding(sf, span, name, over);
  }

  /**
   * Whether what every alternative of `register(server)` registers is advertised: the call is not an
   * optional one (`register?.(server)` runs nothing for a key the table lacks) and no `catch` takes
   * the TypeError calling a missing function throws (the program would go on without any of them).
   */
  #joinable(file: string, event: Extract<FlowEvent, { k: "invoke" }>): boolean {
    const after = this.#ev.textAt(file, { start: event.callee.span.end, end: Math.min(event.span.end, event.callee.span.end + 8) });
    return after !== undefined && !/^\s*\?\./.test(after) && this.#tried === 0 && this.#handled === undefined;
  }

  /** The keys a join found in every alternative: certain where the call is, or one step more of an outer alternative. */
  #joined(joined: ReadonlyMap<string, Json>, mode: Mode): void {
    if (mode.alternative) addToAlternative(mode.alternative, joined);
    else if (!mode.conditional) for (const [k, value] of joined) this.merges.certain(k, value);
  }

  /** The alternative of the arm `arm` is, starting that arm's walk from the kinds registered and the handlers set before the `if`. */
  #armAlternative(arms: Map<string, ArmJoin>, arm: ArmOf, mode: Mode): AlternativeRun {
    let join = arms.get(arm.key);
    if (!join) {
      const keys = mode.alternative ? keysSeenIn(mode.alternative) : Object.keys(this.state.caps);
      join = { runs: [newAlternative(keys), newAlternative(keys)], end: arm.end, mode, starts: new AlternativeStarts(this.state), walking: undefined };
      arms.set(arm.key, join);
    }
    if (join.walking !== arm.index) {
      join.starts.next();
      join.walking = arm.index;
    }
    return join.runs[arm.index];
  }

  /** Both arms walked: what either registered stays registered, and what both add for certain is joined. */
  #joinArms(join: ArmJoin): void {
    join.starts.end();
    this.#joined(joinAlternatives(join.runs), join.mode);
  }

  /** A const of the unit whose value is a read of a table by a computed key (`const register = table[role]`). */
  #keyedRead(file: string, unit: FlowUnit, name: string): Extract<ValueExpr, { k: "get" }> | undefined {
    const bound = bindingOf(this.#scopeIn(file, unit), name);
    // A const of the module (`const register = toolMap[role]` at the top level).
    const decl = bound ? undefined : this.#ev.summary(file)?.decls.get(name);
    const expr = bound && "expr" in bound && bound.scope.file === file ? bound.expr : decl?.k === "const" ? decl.init : undefined;
    return expr?.k === "get" && expr.key.k === "computed" ? expr : undefined;
  }

  /** The functions an object of static keys holds (`installers` in `installers[k]()`), each as `installers.<key>` resolves; undefined unless each entry is one. */
  #everyKeyOf(file: string, unit: FlowUnit, callee: Extract<ValueExpr, { k: "get" }>): FunctionTarget[] | undefined {
    const object = this.#ev.evaluate(callee.object, this.#scopeIn(file, unit), SDK_EVAL);
    if (object.t !== "obj" || object.entries.size > 50) return undefined;
    const out: FunctionTarget[] = [];
    for (const name of object.entries.keys()) {
      const target = this.#resolveFunction(file, { ...callee, key: { k: "static", name, span: callee.key.span } }, unit);
      if (!target) return undefined;
      out.push(target);
    }
    return out;
  }

  /** The class whose method (or a callback written in one) `unit` is: what `this` is there. */
  #classAround(file: string, unit: FlowUnit | undefined): string | undefined {
    const units = this.#ev.summary(file)?.flow?.units ?? [];
    for (let u = unit, hops = 0; u && hops < 64; u = u.parent === null ? undefined : units[u.parent], hops++) {
      if (u.className !== undefined) return u.className;
      // A function's own `this` is not the class's.
      if (u.kind === "function" || (u.kind === "closure" && !this.#isArrow(file, u))) return undefined;
    }
    return undefined;
  }

  /** An arrow function keeps the `this` of where it is written; a function expression or an object's method has its own. */
  #isArrow(file: string, unit: FlowUnit): boolean {
    const head = this.#ev.host.text?.(file)?.slice(unit.span.start, unit.span.start + 16);
    return head !== undefined && !unit.name.startsWith("(method)") && !/^(?:async\s+)?function\b/.test(head);
  }

  /** The collection a callback of `[a, b].forEach((item) => ...)` being run is called over, item by item. */
  #eachItemOf(file: string, unit: FlowUnit | undefined): EachItem | undefined {
    if (unit?.kind !== "closure") return undefined;
    // Its conditions on the item decided turn by turn: only the items whose turn runs the event.
    const turns = this.#turns;
    if (turns && !turns.turns.loop && turns.file === file && turns.unit === unit) return turns.turns.each;
    return this.#eachItem.get(`${file}#${unit.id}`);
  }
  /** The event being walked, when conditions on a loop's item decide it turn by turn (itemTurns.ts). */
  #turns: { readonly file: string; readonly unit: FlowUnit; readonly turns: ItemTurns } | undefined;
  /**
   * `entry` without the `try` blocks whose first statement is its call (leadingTryRegions): as the
   * flow summary would record it outside them; undefined when it is in no such block.
   */
  #liftedFromTry(file: string, unit: FlowUnit, entry: FlowEventEntry): FlowEventEntry | undefined {
    if (!entry.conditional || entry.event.k !== "call" || !entry.branches) return undefined;
    const leads = leadingTryRegions(this.#ev, file, entry, zodRoot(this.#ev, file, unit));
    if (leads.size === 0) return undefined;
    const branches = entry.branches.filter((r) => !leads.has(r));
    return branches.length === 0 ? { event: entry.event, conditional: false } : { ...entry, branches };
  }

  /** `for (const name of NAMES) try { … }`: the loops an event lifted from its `try` is in, when every region left is a `for…of` over every item. */
  #forOfLoops(file: string, unit: FlowUnit, entry: FlowEventEntry): readonly LoopGuard[] | undefined {
    const loops: LoopGuard[] = [];
    for (const region of entry.branches ?? []) {
      const loop = region.startsWith("loop:") ? forOfItem(this.#ev, file, unit, region) : undefined;
      if (!loop) return undefined;
      const last = loop.elements?.at(-1);
      loops.push({ kind: "of", over: loop.over, ...(loop.param !== undefined ? { binding: loop.param } : {}), ...(loop.elements ? { elements: loop.elements } : {}), ...(last ? { element: last } : {}) });
    }
    return loops.length > 0 ? loops : undefined;
  }
  /** Callbacks of `[a, b].forEach(...)` being run → their first parameter and what it is each item of. */
  readonly #eachItem = new Map<string, EachItem>();
  /** Set while the function one item of a registrar table stands for is called: it runs once. */
  #perItem = false;
  /** How many of the calls being walked into sit in a `try` whose `catch` takes what they throw. */
  #tried = 0;
  /** Loops over a collection the source gives that the functions being run were called in (innermost last). */
  readonly #calledInLoop: EachItem[] = [];

  /** Runs the function an invoke calls, with the server bound where the call passes it. */
  #invokeTarget(file: string, unit: FlowUnit, event: Extract<FlowEvent, { k: "invoke" }>, target: FunctionTarget, paths: ReadonlySet<string>, passed: readonly boolean[], depth: number, mode: Mode, held?: ReadonlySet<string>): void {
    const bound = new Set<string>(held);
    target.unit.params.forEach((p, i) => {
      if (p && passed[i]) bound.add(p);
    });
    // `install(...servers)`, `arguments[0]`: the server is reached by no name the replay binds. Where
    // the function does something with that list (not only hand it to console), it is not followed.
    const unnamed = passed.some(Boolean) ? unnamedArguments(this.#ev, target.file, target.unit) : undefined;
    const restFrom = unnamed?.restFrom;
    const inRest = restFrom !== undefined && passed.some((p, i) => p && i >= restFrom) ? target.unit.params[restFrom] : undefined;
    if (unnamed && (inRest !== undefined || unnamed.argumentsObject)) {
      markOpen(this.state, `the server is passed to ${exprText(event.callee)}(), which takes it ${inRest === undefined ? "through arguments" : "in a rest parameter"}, and what it does with it there is not followed`, { file, span: event.span });
    }
    // A function of the same file also sees the module's own names (a `setup()` using `server`); one
    // written in place (`names.map((n) => server.registerTool(...))`) sees the caller's too, closure or not.
    if (target.file === file && (unit.kind !== "closure" || event.callee.k === "fn")) for (const p of paths) if (!target.unit.params.includes(p)) bound.add(p);
    // `createServer((req, res) => this.handle(req, res))` in a method: the method called sees the
    // module's names and the instance's fields, not the names the functions around the arrow declare.
    if (target.file === file && unit.kind === "closure" && isThisCallee(event.callee)) for (const p of this.#outerNames(file, unit, paths)) if (!target.unit.params.includes(p)) bound.add(p);
    // A function of another module that imports the exported server uses it by that module's name.
    const imported = target.file !== file ? this.importedServer.get(target.file) : undefined;
    if (imported !== undefined && !target.unit.params.includes(imported)) bound.add(imported);
    for (const held of this.#moduleHeld.get(target.file) ?? []) if (!target.unit.params.includes(held)) bound.add(held);
    // `this.registerTools()` run on the same instance, in a subclass's file: the fields hold the same server.
    if (target.sameInstance) for (const p of paths) if (p.startsWith("this.")) bound.add(p);
    // `this.logger.info()` of a `new Logger(this.server)` kept in a field: the fields its constructor stored the server in.
    const fieldObject = target.fieldObject;
    if (fieldObject) fieldObject.args.forEach((arg, i) => {
      if (paths.has(arg)) for (const f of fieldObject.stores.get(i) ?? []) bound.add(f);
    });
    if (bound.size === 0 || !this.#mentionsDeep(target.file, target.unit, bound, new Set())) return;
    const wasConnected = this.state.connected;
    // `setup();` of an async helper registering after an await: that part runs after what follows
    // the call (connect(), most often), so it is not taken as coming before it.
    // Only when something may run meanwhile: the caller goes on, or, in a function, its own caller does.
    const meanwhile = unit.kind !== "module" || callerGoesOn(unit, event, paths);
    const suspendAt = wasConnected || !meanwhile ? undefined : unawaitedSuspension(this.#ev, file, event, target.file, target.unit, bound);
    const suspended = suspendAt === undefined ? undefined : {
      at: suspendAt,
      why: `registered after an await in ${event.callee.k === "fn" ? "an async function run in place" : `${exprText(event.callee)}()`}, which nothing waits for (${this.#where({ file, span: event.span })}): that part runs after the code following the call, so it may come after connect(), where the SDK refuses a new capability and ${rejectionHandled(this.#ev.host.text?.(file), event.span) ? "the registration throws (the handler on its promise takes the error, and the server goes on without it)" : "the server stops"}`,
    };
    // The parameters given McpServer's inner low-level Server (`addTools(server.server)`, or a name
    // for it): their calls are the low-level Server's, which has no registerTool (nor McpServer a setRequestHandler).
    const inner = this.#innerArguments(file, unit, event, target.unit.params, paths);
    // Its parameters stand for this call's arguments while it runs (`defineTool(server, "q", schema)`).
    this.#withArguments(target.file, target.unit, event.argExprs, this.#scopeIn(file, unit), () =>
      this.#calledFrom(file, unit, () => {
        this.#innerParams = inner;
        this.#runUnit(target.file, target.unit, 0, bound, depth + 1, mode, suspended);
      }, event.span, { args: event.argExprs, params: target.unit.params }),
    );
    // `start();` (async, connecting after an await) then `server.registerTool(...)`: the registration
    // may well come first. The connect is set aside until the caller's unit ends, and the order is
    // not claimed.
    if (!wasConnected && this.state.connected && connectRacesCaller((f) => this.#ev.host.text?.(f), file, unit, event, target.file, target.unit, paths)) {
      this.#racingConnects.push({ callerId: `${file}#${unit.id}`, loc: this.state.connected });
      this.state.connected = undefined;
      markInexact(this.state, `${exprText(event.callee)}() is async and not awaited, and connects after an await: what its caller does next may come before connect() or after it`);
    }
    this.#noteReturned(file, unit, event, target, bound);
  }

  /** The inner-Server names of each unit being walked (`file#unit`), for the helpers it hands them to. */
  readonly #innerOf = new Map<string, ReadonlySet<string>>();
  /** The parameters of the unit about to be walked that hold McpServer's inner Server: read once as it starts. */
  #innerParams: ReadonlySet<string> | undefined;

  /** The helper's parameters given McpServer's inner low-level Server: `server.server`, or a name the caller has for it. */
  #innerArguments(file: string, unit: FlowUnit, event: Extract<FlowEvent, { k: "invoke" }>, params: readonly (string | undefined)[], paths: ReadonlySet<string>): ReadonlySet<string> | undefined {
    if (this.state.kind !== "mcp") return undefined;
    const callerInner = this.#innerOf.get(`${file}#${unit.id}`);
    let out: Set<string> | undefined;
    event.args.forEach((a, i) => {
      const p = params[i];
      if (!a || !p) return;
      const named = paths.has(key(a));
      const inner = named ? callerInner?.has(key(a)) === true : a.length > 1 && a.at(-1) === "server" && paths.has(key(a.slice(0, -1))) && callerInner?.has(key(a.slice(0, -1))) !== true;
      if (inner) (out ??= new Set()).add(p);
    });
    return out;
  }

  /** `file#unit#name` of `const name = server.registerTool.bind(server)` → the method and the server it is bound to. */
  readonly #bound = new Map<string, BoundRegistration>();

  /** Closures over the server returned by helpers, held in consts that are only called. */
  readonly #closures: ReturnedClosures;

  /** Stores of the server in an object argument, by the call they are written in (`file:start`): settled by that call. */
  readonly #heldInObject = new Map<string, { why: string; loc: Loc }>();
  /** Calls (`file:start`) that followed the server into a callee taking their object argument apart. */
  readonly #objectFollowed = new Set<string>();

  /**
   * `registerTools({ mcp: server })` with `function registerTools({ mcp })`: the callee runs with the
   * server under its destructured name. False when the callee is not one of the workspace's functions
   * or does not take the object apart plainly.
   */
  #followObjectArgument(file: string, unit: FlowUnit, event: Extract<FlowEvent, { k: "invoke" }>, paths: ReadonlySet<string>, passed: readonly boolean[], depth: number, mode: Mode): boolean {
    const target = this.#resolveFunction(file, event.callee, unit);
    if (!target) return false;
    const bound = destructuredBindings(event, paths, target.unit, (param, literal) => {
      if (!plainLiteral(this.#ev, file, literal) || !readOnlyByMembers(this.#ev, target.file, target.unit, param)) return false;
      this.#objectHolders.set(`${target.file}\u0000${param}`, { harmless: false });
      return true;
    });
    if (!bound) return false;
    target.unit.params.forEach((p, i) => {
      if (p && passed[i]) bound.add(p);
    });
    if (target.file === file && unit.kind !== "closure") for (const p of paths) if (!target.unit.params.includes(p)) bound.add(p);
    this.#objectFollowed.add(`${file}:${event.span.start}`);
    if (bound.size === 0 || !this.#mentionsDeep(target.file, target.unit, bound, new Set())) return true;
    // Its parameters (the names its pattern takes apart) stand for this call's arguments while it runs.
    this.#withArguments(target.file, target.unit, event.argExprs, this.#scopeIn(file, unit), () =>
      this.#through({ file, span: event.span }, () => this.#runUnit(target.file, target.unit, 0, bound, depth + 1, mode)),
    );
    this.#noteReturned(file, unit, event, target, bound);
    return true;
  }

  /** `const tool = makeRegistrar(server)`, `makeInstaller({ server })`: the closure a helper returns runs where it is called. */
  #noteReturned(file: string, unit: FlowUnit, event: Extract<FlowEvent, { k: "invoke" }>, target: FunctionTarget, bound: ReadonlySet<string>): void {
    this.#closures.noteResult(file, unit, event.result, target, this.#namesIn.get(`${target.file}#${target.unit.id}`) ?? bound, event.span);
  }

  /**
   * The constructors of a subclass server, from the SDK's base up: each one's code after its `super(...)`
   * runs on the server (`this.setupTools()`, `this.tool(...)`).
   */
  #runConstructors(sub: ServerSubclass): void {
    const at: Loc = { file: this.#site.file, span: this.#site.event.span };
    // A subclass's own getCapabilities (or registerCapabilities, or capability check): what it makes is not the SDK's.
    const maker = sub.chain.classes.flatMap((o) => o.cls.members.filter((m) => !m.isStatic && CAPABILITY_MAKERS.has(m.name)).map((m) => `${o.cls.name} overrides the SDK's ${m.name}`))[0];
    if (maker) markReplaced(this.state, maker, at);
    const unmodelled = unmodelledSubclassCode(this.#ev, sub);
    if (unmodelled) markOpen(this.state, unmodelled, at);
    for (const owner of [...sub.chain.classes].reverse()) {
      // Each class's instance fields are given their values once its base's constructor returns
      // (`tool = this.registerTool(...)`), before the rest of its own constructor.
      for (const field of owner.units?.filter((u) => u.kind === "field" && u.className === owner.cls.name) ?? []) this.#runUnit(owner.file, field, 0, new Set(["this"]), 1, NOW);
      const ctor = constructorOf(owner);
      if (!ctor) continue;
      const call = superCallOf(ctor);
      this.#runUnit(owner.file, ctor, call ? call.index + 1 : 0, new Set(["this"]), 1, NOW);
    }
  }

  /**
   * A method called on a subclass server (`server.addTool(...)`, `this.setupTools()`, `super.connect(t)`):
   * the workspace method an instance of the class runs, on `this`. False when no workspace class
   * declares it (the SDK's own method: the ordinary rules apply).
   */
  #invokeOnInstance(file: string, unit: FlowUnit, event: Extract<FlowEvent, { k: "invoke" }>, paths: ReadonlySet<string>, depth: number, mode: Mode): boolean {
    const chain = this.#site.subclass!.chain;
    const callee = event.callee;
    if (callee.k !== "get" || callee.key.k !== "static") return false;
    const method = callee.key.name;
    const viaSuper = callee.object.k === "dyn" && callee.object.text === "super";
    // `new MyServer().run()` of the very construction this server is: the method runs on it.
    const madeHere = callee.object.k === "new" && this.#site.event.target === null && file === this.#site.file && callee.object.span.start === this.#site.event.span.start && callee.object.span.end === this.#site.event.span.end;
    // `new MyServer().init().start()`: called on what a method returned, the server itself.
    const chained = callee.object.k === "call" ? this.#chained.get(`${file}:${callee.object.span.start}:${callee.object.span.end}`) : undefined;
    const receiver = viaSuper ? ["this"] : madeHere ? ["<anonymous>"] : chained ?? pathOfExpr(callee.object);
    if (!receiver || !paths.has(key(receiver))) return false;
    const from = viaSuper ? ownerIndex(chain, file, unit) + 1 : 0;
    if (viaSuper && from === 0) return false;
    const target = dispatch(chain, method, from, constructingIndex(chain, file, unit));
    if (target.k === "inherited") {
      if (!viaSuper) return false;
      // `super.connect(transport)`: the SDK's own method, on this server.
      const methodSpan = callee.key.span;
      this.#within = this.#namedUnitOf(file, unit);
      this.#unit = unit;
      this.#apply(file, { k: "call", receiver: ["this"], method, args: event.argExprs, span: event.span, methodSpan }, mode);
      return true;
    }
    if (target.k === "opaque") {
      markOpen(this.state, `the server's method ${target.owner.cls.name}.${method} is not followed`, { file, span: event.span });
      return true;
    }
    const bound = new Set(["this"]);
    target.unit.params.forEach((p, i) => {
      const a = event.args[i];
      if (p && a && paths.has(key(a))) bound.add(p);
    });
    this.#through({ file, span: event.span }, () => this.#runUnit(target.file, target.unit, 0, bound, depth + 1, mode));
    return true;
  }

  /** A call of an SDK method (`connect`, `tool`) that a workspace class of the subclass server overrides. */
  #runOverride(file: string, unit: FlowUnit, event: CallEvent, paths: ReadonlySet<string>, depth: number, mode: Mode): boolean {
    const chain = this.#site.subclass!.chain;
    // Called from a constructor of the line: the fields of the classes below it are not assigned yet.
    const target = dispatch(chain, event.method, 0, constructingIndex(chain, file, unit));
    if (target.k === "inherited") return false;
    if (target.k === "opaque") {
      markOpen(this.state, `the server's method ${target.owner.cls.name}.${event.method} is not followed`, { file, span: event.span });
      return true;
    }
    if (event.args.some((a) => a.k === "ref" && paths.has(a.name))) {
      markOpen(this.state, `the server is passed to its own ${target.owner.cls.name}.${event.method}, which the analysis does not follow`, { file, span: event.span });
    }
    void unit;
    this.#runUnit(target.file, target.unit, 0, new Set(["this"]), depth + 1, mode);
    return true;
  }

  /**
   * Whether the class the server is made in (held in its field) is extended, or abstract: its
   * `this.x()` may run a subclass's override, whose code is not followed (that is said once, at the
   * start). Classes the server is handed to are followed through their subclasses (classHolders.ts).
   */
  #extended(file: string, className: string | undefined): boolean {
    if (className === undefined || file !== this.#site.file || className !== this.#site.unit.className || this.#site.subclass) return false;
    const k = `${file}#${className}`;
    let known = this.#extendedClasses.get(k);
    if (known === undefined) this.#extendedClasses.set(k, (known = holderSubclass(this.#ev, file, className) !== undefined));
    return known;
  }
  readonly #extendedClasses = new Map<string, boolean>();

  /** The mode of `this.setup()` in a unit of the class: under a condition when a subclass's override may run instead. */
  #overridable(file: string, unit: FlowUnit, here: Mode, span: Span): Mode {
    // In a class of the line of subclasses, `this.m()` is dispatched to the one override that runs.
    const cls = this.#line ? this.#classAround(file, unit) : undefined;
    if (cls !== undefined && this.#line!.some((c) => c.file === file && c.name === cls)) return here;
    return this.#extended(file, unit.className) ? { ...here, conditional: true, conditionAt: here.conditionAt ?? { file, span }, alternative: undefined } : here;
  }

  /** Whether a name the server goes by is local to the function or method it is made in (not seen by other functions). */
  #localToSite(path: string): boolean {
    const { unit, event } = this.#site;
    if (unit.kind === "module") return false;
    const head = path.split(".")[0]!;
    return head !== "this" && (unit.params.includes(head) || (unit.locals?.includes(head) ?? false) || (event.declared === true && event.target?.[0] === head));
  }

  /**
   * The function unit a callee names: a local function, an imported one, or an inline arrow. None for a
   * function declared without its code (a declaration file): what it does is not known.
   */
  #resolveFunction(file: string, callee: ValueExpr, from?: FlowUnit): { file: string; unit: FlowUnit } | undefined {
    const found = this.#findFunction(file, callee, from);
    return found?.unit.bodiless ? undefined : found;
  }

  #findFunction(file: string, callee: ValueExpr, from?: FlowUnit): FunctionTarget | undefined {
    const summary = this.#ev.summary(file);
    if (!summary?.flow) return undefined;
    const dispatched = this.#line && callee.k === "get" ? this.#dispatch(file, from, callee) : undefined;
    if (dispatched) return dispatched;
    if (callee.k === "fn") {
      const unit = summary.flow.units.find((u) => u.span.start === callee.span.start);
      return unit ? { file, unit } : undefined;
    }
    // `features.registerPrompts(server)` after `import * as features from "./features"`.
    if (callee.k === "get" && callee.key.k === "static" && callee.object.k === "ref") {
      // Also `const features = await import("./features.js")`.
      const ns = summary.imports.get(callee.object.name) ?? summary.flow.loaded?.get(callee.object.name);
      if (ns?.imported === "*") return this.#exportedFunction(file, ns.specifier, callee.key.name, 0);
    }
    // `tools.registerTools(server)`, `new Tool(client).attach(server)`, `this.registerX(server)`.
    if (callee.k === "get" && from) return methodTarget(this.#ev, file, from, callee, this.elsewhere.want);
    if (callee.k !== "ref") return undefined;
    const local = summary.flow.units.find((u) => u.kind === "function" && u.name === callee.name);
    if (local) return { file, unit: local };
    const imported = summary.imports.get(callee.name) ?? summary.flow.loaded?.get(callee.name);
    if (!imported || imported.imported === "*") return undefined;
    return this.#exportedFunction(file, imported.specifier, imported.imported, 0);
  }

  /**
   * The methods of the class holding the server (in a field) that the program calls on its one instance
   * at start-up, in this module or the one importing the class, sorted into the order those calls run.
   */
  #startCalls(site: SdkSite, units: readonly FlowUnit[], paths: ReadonlySet<string>): { unit: FlowUnit; at: Loc }[] {
    const className = site.unit.className!;
    const found: { unit: FlowUnit; key: StartOrder; at: Loc }[] = [];
    for (const unit of units) {
      if (unit === site.unit || !isOwnMethod(units, unit, className) || !this.#mentionsDeep(site.file, unit, paths, new Set())) continue;
      // A method by its name; an arrow-function property by its function (called as the property).
      const method = unit.kind === "method" ? unit.name.slice(className.length + 1) : undefined;
      if (method === "constructor") continue;
      const when = holderMethodCall(this.#ev, site.file, unit);
      const calls = when === "atStart" ? startCallsOf(this.#ev, site.file, unit) : (when === "maybe" || when === "within") && method !== undefined ? importerStartCalls(this.#ev, this.elsewhere, site.file, className, method) ?? [] : [];
      for (const call of calls) found.push({ unit, ...call });
    }
    return found.sort((a, b) => byStartOrder(a.key, b.key)).map(({ unit, at }) => ({ unit, at }));
  }

  /** The line of subclasses of the class holding the server, most derived first (subclassLine.ts). */
  #line: readonly LineClass[] | undefined;

  /**
   * `this.m()` in code of a class of the line: the most derived class's own `m`; `super.m()`: the
   * nearest one above the calling class.
   */
  #dispatch(file: string, from: FlowUnit | undefined, callee: Extract<ValueExpr, { k: "get" }>): FunctionTarget | undefined {
    const line = this.#line!;
    if (callee.key.k !== "static" || callee.object.k !== "dyn" || (callee.object.text !== "this" && callee.object.text !== "super")) return undefined;
    const cls = this.#classAround(file, from);
    const at = line.findIndex((c) => c.file === file && c.name === cls);
    if (at < 0) return undefined;
    const method = callee.key.name;
    const start = callee.object.text === "super" ? at + 1 : 0;
    for (const [i, c] of line.slice(start).entries()) {
      const found = classMethod(this.#ev, c.file, c.name, method);
      if (!found) continue;
      // Called by a base class's constructor: the subclasses' fields and parameter properties are set
      // only once super() returns, so an override reading them (or an arrow-function field) meets undefined.
      if (from?.name === `${cls}.constructor` && start + i < at) {
        const early = this.#beforeSubclassFields(line.slice(start + i, at), found, method);
        if (early) this.#mayThrow({ file, span: callee.span }, `${cls}'s constructor calls ${method}() ${early}, before the subclass's constructor has run (super() comes first): what it does there is only known at run time`);
        if (found.unit.kind === "closure") return undefined;
      }
      return { ...found, sameInstance: true };
    }
    return undefined;
  }

  /**
   * Why an override that a base constructor calls runs on an instance not yet built: it is an
   * arrow-function field (undefined then), or it reads a field or parameter property one of `below`
   * (the subclasses down to it) declares. Undefined when it reads none.
   */
  #beforeSubclassFields(below: readonly LineClass[], found: FunctionTarget, method: string): string | undefined {
    if (found.unit.kind === "closure") return `(${method} is an arrow-function field of a subclass, not set yet)`;
    const text = this.#ev.host.text?.(found.file);
    if (text === undefined) return undefined;
    const body = text.slice(found.unit.span.start, found.unit.span.end);
    for (const c of below) {
      const cls = this.#ev.summary(c.file)?.classes.find((x) => x.name === c.name && x.topLevel);
      const source = this.#ev.host.text?.(c.file);
      if (!cls || source === undefined) continue;
      const own = cls.members.filter((m) => m.kind === "property" && !m.isStatic && !m.typeOnly).map((m) => m.name);
      const params = /\bconstructor\s*\(([^)]*)\)/.exec(source.slice(cls.span.start, cls.span.end))?.[1] ?? "";
      for (const m of params.matchAll(/\b(?:private|protected|public|readonly)\s+(?:readonly\s+)?([A-Za-z_$][\w$]*)/g)) own.push(m[1]!);
      const read = own.find((name) => new RegExp(`\\bthis\\s*\\.\\s*${name.replace(/\$/g, "\\$")}\\b`).test(body));
      if (read) return `(${c.name}'s override), which reads this.${read}, still undefined then`;
    }
    return undefined;
  }

  /** The line's classes below the holder, base first: their fields and constructors, as the instance is made. */
  #constructSubclasses(line: readonly LineClass[], paths: ReadonlySet<string>): void {
    for (const cls of [...line.slice(0, -1)].reverse()) {
      const units = this.#ev.summary(cls.file)?.flow?.units ?? [];
      const fields = units.filter((u) => u.kind === "field" && u.className === cls.name);
      const ctor = units.find((u) => u.kind === "method" && u.className === cls.name && u.name === `${cls.name}.constructor`);
      for (const unit of [...fields, ...(ctor ? [ctor] : [])]) if (this.#mentionsDeep(cls.file, unit, paths, new Set())) this.#runUnit(cls.file, unit, 0, paths, 1, NOW);
    }
  }

  #exportedFunction(fromFile: string, specifier: string, name: string, hops: number): { file: string; unit: FlowUnit } | undefined {
    // A helper module that does not import the SDK itself (it takes the server as a parameter) is
    // summarised with a flow on request.
    const summary = (file: string) => {
      if (this.#ev.summary(file)?.flow === undefined) this.elsewhere.want?.(file);
      return this.#ev.summary(file);
    };
    // The SDK's own functions are modelled by what they do, not read: its source may be in the
    // workspace (the SDK's repository, or a monorepo that vendors it), and following it only costs.
    const found = exportedDeclaration({ summary, resolveModule: (s, f) => this.#host.resolveModule(s, f) }, fromFile, specifier, name, { maxHops: 5, stop: isSdkSpecifier }, hops);
    const unit = found && this.#ev.summary(found.file)?.flow?.units.find((u) => u.kind === "function" && u.name === found.local);
    return found && unit ? { file: found.file, unit } : undefined;
  }

  get #host(): { resolveModule(specifier: string, from: string): string | undefined } {
    return this.#ev.host;
  }

  /** The name of the function a unit is (or, for a callback, is written in); none at the top level. */
  #namedUnitOf(file: string, unit: FlowUnit): Loc | undefined {
    const units = this.#ev.summary(file)?.flow?.units ?? [];
    let u: FlowUnit | undefined = unit;
    for (let hops = 0; u && u.kind === "closure" && u.parent !== null && hops < 64; hops++) u = units[u.parent];
    return u && u.kind !== "module" && u.nameSpan ? { file, span: u.nameSpan } : undefined;
  }

  /** Applies one call on the server, and records it as a step when it is one the editor explains. */
  #apply(file: string, e: CallEvent, mode: Mode): void {
    const recorded =
      this.steps.length < MAX_RECORDED_STEPS &&
      (e.method === "setRequestHandler" || e.method === "registerCapabilities" || (PRIMITIVE_OF[e.method] !== undefined && this.state.kind === "mcp"));
    if (!recorded) return this.#applyCall(file, e, mode);
    const before = snapshot(this.state);
    const lateBefore = this.loggingLate;
    this.handlerChecks.facts = {};
    this.#merged = undefined;
    const mark = this.steps.length;
    this.#applyCall(file, e, mode);
    const loc: Loc = { file, span: e.methodSpan };
    // Steps of its own arguments (a completable prompt argument) explain their keys themselves.
    const inner = this.steps.slice(mark);
    this.steps.splice(
      mark,
      0,
      stepOf(
        {
          call: e.method,
          loc,
          ...(this.#within ? { within: this.#within } : {}),
          version: this.state.version,
          kind: this.state.kind,
          conditional: mode.conditional,
          deferred: mode.deferred,
          ...this.handlerChecks.facts,
          ...(this.#merged ? { merged: this.#merged } : {}),
          loggingLate: this.loggingLate !== lateBefore,
          inner: inner.flatMap((x) => x.set.map((c) => c.path)),
          innerCalls: [...new Set(inner.map((x) => x.call))],
        },
        before,
        this.state,
      ),
    );
  }

  /** The whole expression of the call being applied (its rejection's path starts there). */
  #callLoc: Loc | undefined;

  /** Whether a rejection of the call being applied surely ends the program (rejectionPath.ts). */
  #endsProgramIfRejected(): boolean {
    return this.#callLoc !== undefined && rejectionEndsProgram(this.#ev, this.#callLoc, this.#invokedAt, [this.#site.file]);
  }

  #applyCall(file: string, e: CallEvent, mode: Mode): void {
    this.#applying = file;
    this.#callLoc = { file, span: e.span };
    const loc: Loc = { file, span: e.methodSpan };
    const deferred = mode.deferred;
    this.#point.conditional = mode.conditional;
    this.#conditionAt = mode.conditionAt;
    this.#alternative = mode.alternative;
    this.#point.deferred = deferred;
    const summary = this.#ev.summary(file)!;
    switch (e.method) {
      case "connect":
        // What follows a connect() in a function of unknown timing does run after it.
        // Sent in each function followed before its own connect(): before connect() whenever it runs.
        this.#sends.connected();
        this.#connectsMet.add(`${file}:${e.span.start}`);
        return this.#connection.connect(file, e, loc, mode);
      case "close":
        return this.#connection.close(file, e, loc, mode);
      case "getCapabilities": {
        // The live object the server sends: a write to it is advertised, and is not followed.
        const text = this.#ev.host.text?.(file);
        const how = text === undefined ? undefined : liveCapabilitiesChange(text, e.span.start, e.span.end, () => mutatedNames(summary, text));
        if (how) {
          markOpen(this.state, `the code ${how}`, loc);
          // A handler set after this may find its capability there.
          this.capsUncertain = true;
        }
        return;
      }
      case "sendToolListChanged":
      case "sendResourceListChanged":
      case "sendPromptListChanged":
      case "sendResourceUpdated":
      case "sendLoggingMessage":
        return this.#sends.send(e.method, loc, mode, rejectionHandled(this.#ev.host.text?.(file), e.span, this.#inTry), handledAndGoesOn(this.#ev.host.text?.(file), e.span.end));
      case "setNotificationHandler": {
        // McpServer has none (its inner Server has); v2's refuses a schema object. Allowed after connect().
        const surely = !mode.conditional && !deferred && !mode.oneArm;
        if (this.#sends.lacks(this.#receiverKind(e.method), e.method, loc, !deferred && !mode.anytime, surely)) return;
        return this.handlerChecks.setNotificationHandler(summary, e, loc, surely);
      }
      case "notification": {
        this.#sends.sentBeforeConnect(e.method, loc, mode);
        const arg = e.args[0];
        const v = arg ? this.#ev.evaluate(arg, this.#scope(file), SDK_EVAL) : undefined;
        const method = v?.t === "obj" ? v.entries.get("method")?.value : undefined;
        // Sent at start-up, nothing taking its error: a throw there ends the program.
        const startup = !mode.deferred && !mode.anytime && !mode.conditional && !this.#point.caught;
        if (method?.t === "prim" && typeof method.value === "string") this.state.sends.push({ method: method.value, loc, raw: true, ...(startup ? { startup } : {}) });
        return;
      }
    }
    // Another server the site makes was connected: this one may still take registrations.
    const otherConnected = this.#connection.otherConnected();
    // In a function that may run before connect() as well as after, the connect() seen so far proves nothing.
    const untimed = this.#untimedSince.length > 0 && !this.#untimedSince.at(-1)!.connected;
    // Connected in the other arm of an `if` this call is in: not after it; in a region this call is
    // not inside: after it only if that region ran.
    const exclusive = this.#connectedHere === "exclusive";
    if (this.#connectedHere === "maybe" && !mode.conditional) mode = { ...mode, conditional: true, conditionAt: this.state.connected!, alternative: undefined };
    const closed = this.#connection.closedBefore(deferred);
    if (closed && !closed.certain && (addsCapability(e.method) || e.method === "registerCapabilities")) {
      // close() not awaited (or not certain to run): the transport may or may not be let go of yet.
      this.#mayThrow(loc, `${e.method} at ${this.#where(loc)} follows close() (${this.#where(closed.loc)}), and whether the server has let go of its transport by then (or the SDK refuses new capabilities) is only known at run time`);
      mode = { ...mode, conditional: true, conditionAt: closed.loc, alternative: undefined };
    }
    if (deferred || (this.state.connected && !closed && !exclusive && !otherConnected && !untimed && e.method !== "setRequestHandler")) {
      const why = deferred
        ? "it runs in a callback, after the server is connected"
        : mode.anytime
          ? mode.module
            ? `it is in ${mode.module}, which may be loaded after connect() (${this.#where(this.state.connected!)}): the order the program loads its modules in is not known here`
            : `it is in a callback that may run after connect() (${this.#where(this.state.connected!)})`
          : mode.afterConnect
            ? `it is in a callback given to .${mode.afterConnect.via}() of connect()'s promise (${this.#where(mode.afterConnect.connect)}), which runs once connect() has resolved, before any request is read`
            : `connect() comes first (${this.#where(this.state.connected!)})`;
      if (registeredAfterConnect(this.#point, loc, e.method, why, deferred, mode.conditional, mode.anytime && (mode.module ?? true))) return;
      // Its primitive's handlers are installed already; a completer it brings still has to add completions.
      if (!deferred) this.#late = { loc, call: e.method, why, conditional: mode.conditional, anytime: mode.anytime ? (mode.module ?? true) : false };
    }
    this.#alternative = mode.alternative;
    try {
      this.#applyRegistration(file, summary, e, loc, mode, deferred);
    } finally {
      this.#late = undefined;
    }
  }

  /**
   * `(server.server as any)._capabilities`, the SDK's own object that initialize sends as it is, reached
   * in a file the server's code runs in: what the code does to it (deleting a key, adding one) is not
   * followed, so nothing of the capabilities is stated.
   */
  #privateCapabilities(): void {
    const files = new Set([...this.#namesIn.keys()].map((id) => id.slice(0, id.lastIndexOf("#"))));
    for (const file of files) {
      const at = searchText(this.#ev.host, file, "sdk-private-capabilities", PRIVATE_CAPABILITIES) ?? -1;
      if (at < 0) continue;
      const loc: Loc = { file, span: { start: at, end: at + 1 } };
      markReplaced(this.state, `the code reaches the SDK's own capabilities object, _capabilities (${this.#where(loc)}), which initialize sends as it is, and what it does to it is not followed`, loc);
      return;
    }
  }

  /** Set while a call on the McpServer's inner low-level Server (`server.server.…`) is applied. */
  #onInner = false;

  /** The server escapes the analysis there (a caller of its factory not followed, for one). */
  escapes(why: string, loc?: Loc): void {
    markOpen(this.state, why, loc);
  }

  /**
   * Once the server is followed everywhere (run(), then what its callers and importers do): what the
   * replay found, settled and frozen.
   */
  finish(): ReplayResult {
    this.#settleAfterFollowing();
    this.#privateCapabilities();
    const { merges } = this;
    return Object.freeze({
      state: this.state,
      release: this.release,
      steps: this.steps,
      dynamics: this.dynamics,
      conditionalKeys: merges.conditionalKeys,
      conditionCalls: merges.conditionCalls,
      conditionalFlags: merges.conditionalFlags,
      untimedKeys: merges.untimedKeys,
      replacedKeys: merges.replacedKeys,
      instanceKeys: merges.instanceKeys,
      releaseUnknowns: this.#registrations.releaseUnknowns,
      mayThrowAt: this.mayThrowAt,
      loggingLate: this.loggingLate,
      loggingWrittenLate: this.loggingWrittenLate,
      capsUncertain: this.capsUncertain,
      connectArg: this.#connection.connectArg,
      supportedVersions: this.supportedVersions,
      ownEraHandlers: this.handlerChecks.ownEraHandlers,
      unknownHandlers: this.handlerChecks.unknownHandlers,
      optionalCompletables: this.completionChecks.optionalCompletables,
      foreignOptionalCompletables: this.completionChecks.foreignOptionalCompletables,
      addKeyFix: (k: string, value?: string) => this.addKeyFix(k, value),
      addFlagFix: (k: string, flag: string) => this.addFlagFix(k, flag),
    });
  }

  /**
   * Once the server is followed everywhere: a close() right after connect() with no connect() after
   * it stops the server; each send after connect() whose capability is still not advertised, and could
   * not have been by code the analysis does not follow, is rejected by the SDK, and the rejection stops
   * the server unless it is caught.
   */
  #settleAfterFollowing(): void {
    // A caller's handler took an error before connect(), and no connect() ran after it: the server does not start.
    if (this.#abortedBeforeConnect && !this.state.connected && !this.state.threw) {
      const d = this.#abortedBeforeConnect;
      this.state.diagnostics.splice(this.state.diagnostics.findIndex((x) => x.loc === d.loc && x.code === d.code), 1);
      this.state.threw = { ...d, message: `${d.message.replace(/ (The handler on the promise|The program's process\.on).*$/, "")} A caller's handler takes the error, but the code it ends held the connect(), so the server does not start.` };
    }
    this.#connection.settle();
    this.#sends.settle((key) => key in this.state.caps || this.state.open.length > 0 || this.capsUncertain || this.merges.conditionalKeys.has(key));
  }

  /** How the call being applied stands to the connect() of the unit it is in (connectedRelation), when one is there. */
  #connectedHere: ConnectedRelation | undefined;

  /** Set while a registration after connect() is applied: why it is late, for the completions it may add. */
  #late: LateCall | undefined;

  /**
   * What the call's receiver is, for the methods it lacks: McpServer, the plain low-level Server
   * (McpServer's inner `server.server`, or one the program makes), or "own" for a workspace subclass
   * of Server or one whose method the code replaces (its own methods may be any).
   */
  #receiverKind(method: string): "mcp" | "low" | "own" {
    if (this.#onInner) return "low";
    if (this.state.kind === "mcp") return "mcp";
    return this.#site.subclass || this.#replacedMethods.has(method) || this.#replacedMethods.has(ANY_METHOD) ? "own" : "low";
  }

  #applyRegistration(file: string, summary: FileSummary, e: CallEvent, loc: Loc, mode: Mode, deferred: boolean): void {
    // `server.registerPrompt(...)` on a release without it, `server.tool(...)` on v2: a TypeError where it runs.
    if (this.#sends.lacks(this.#receiverKind(e.method), e.method, loc, true, !mode.conditional && !deferred && !mode.oneArm)) return;
    if (this.#duplicateChecks.check(file, e, loc, mode.conditional || mode.deferred)) return;
    switch (e.method) {
      case "registerCapabilities": {
        if (this.release.handlersImply) {
          markOpen(this.state, `registerCapabilities does not exist in SDK ${this.release.handlersImply} (a TypeError if it runs)`, loc);
          return;
        }
        const arg = e.args[0];
        if (!arg) return;
        const value = this.#ev.evaluate(arg, this.#scope(file), SDK_EVAL);
        const json = this.#json(value);
        if (!json) return;
        this.#merged = Object.keys(json);
        this.merges.merge(json, value, { because: "registerCapabilities", loc }, true);
        if ("logging" in json && this.state.version === "v2") this.state.handlers.set("logging/setLevel", loc);
        if ("logging" in json && this.state.version === "v1" && !this.state.loggingAtConstruction) this.loggingLate ??= loc;
        return;
      }
      case "setRequestHandler":
        return this.handlerChecks.setHandler(file, summary, e, loc, !mode.conditional && !deferred);
      case "registerTool":
      case "tool":
        if (schemaRefused(this.#point, file, e, loc, mode, this.#itemLoopHere(file, this.#scope(file)))) return;
        return this.#registrations.register("tools", loc, e.method, PRIMITIVE_METHODS.tools!);
      case "registerToolTask":
        // The SDK makes the tool as registerTool does (`_createRegisteredTool`), only run as a task. It
        // refuses `execution: { taskSupport: "forbidden" }` first ("Use registerTool() instead"): the
        // type does not allow it, so only a cast writes it; what then happens is said, not modelled.
        if (this.state.version === "v1" && this.#taskSupport(file, e) === "forbidden") {
          this.#mayThrow(loc, `registerToolTask at ${this.#where(loc)} is given taskSupport "forbidden", which it refuses ("Cannot register task-based tool … Use registerTool() instead")`);
          return;
        }
        if (this.state.version === "v1") return this.#registrations.register("tools", loc, e.method, PRIMITIVE_METHODS.tools!);
        markInexact(this.state, `SDK v2's McpServer has no experimental.tasks: registerToolTask is not modelled for it (${this.#where(loc)})`);
        return;
      case "registerResource":
      case "resource":
        if (templateRefused(this.#point, file, e, mode, this.#itemLoopHere(file, this.#scope(file)))) return;
        if (this.state.version === "v2" && e.method === "registerResource") {
          // registerResource checks its config's cacheHint first.
          const config = e.args[2] ? this.#ev.evaluate(e.args[2], this.#scope(file), SDK_EVAL) : undefined;
          const thrown = config?.t === "obj" ? cacheHintThrows(config.entries.get("cacheHint")?.value, "the resource's cacheHint", "registerResource") : [];
          for (const t of thrown) this.#mayThrow(t.loc, `${t.why.replace("so the server does not start", `at ${this.#where(loc)}, so the server does not start`)}`);
          if (thrown.length > 0) return;
        }
        this.#registrations.register("resources", loc, e.method, PRIMITIVE_METHODS.resources!);
        if (!completionsTooLate(deferred) && this.#registrations.releaseCompletions(e.method, loc)) this.completionChecks.templateCompletions(file, e);
        return;
      case "registerPrompt":
      case "prompt":
        if (schemaRefused(this.#point, file, e, loc, mode, this.#itemLoopHere(file, this.#scope(file)))) return;
        for (const name of completableOfTopLevel(summary, e.args)) {
          const why = `completable() marks ${name} in place, so a second call on it throws ("Cannot redefine property: Symbol(mcp.completable)")`;
          const first = this.#completableAt.get(name);
          if (this.#loops?.length) this.#mayThrow(loc, `${e.method} at ${this.#where(loc)} runs completable(${name}, …) on every turn of its loop, and ${name} is one schema: ${why}`);
          else if (first && first.span.start !== loc.span.start) this.#mayThrow(loc, `${e.method} at ${this.#where(loc)} runs completable(${name}, …) again after the one at ${this.#where(first)}: ${why}`);
          if (!first) this.#completableAt.set(name, loc);
        }
        this.#registrations.register("prompts", loc, e.method, PRIMITIVE_METHODS.prompts!);
        if (!completionsTooLate(deferred) && this.#registrations.releaseCompletions(e.method, loc)) this.completionChecks.promptCompletions(file, e);
        return;
    }
  }

  /** `registerToolTask(name, { execution: { taskSupport } }, …)`: the taskSupport written, when the source settles it. */
  #taskSupport(file: string, e: CallEvent): unknown {
    const config = e.args[1] ? this.#ev.evaluate(e.args[1], this.#scope(file), SDK_EVAL) : undefined;
    const execution = config?.t === "obj" ? config.entries.get("execution")?.value : undefined;
    const support = execution?.t === "obj" ? execution.entries.get("taskSupport")?.value : undefined;
    return support?.t === "prim" ? support.value : undefined;
  }

  /** v1 only: where `logging` was added after construction (no `logging/setLevel` then). */
  loggingLate: Loc | undefined;
  loggingWrittenLate = false;

  #record(step: SdkStep): void {
    if (this.steps.length < MAX_RECORDED_STEPS) this.steps.push(step);
  }

  /** The enclosing helper of the call being applied, when the place is in the same file. */
  #withinFor(loc: Loc): Loc | undefined {
    return this.#within?.file === loc.file ? this.#within : undefined;
  }

  /**
   * `["flags://all", "flags://mine"].map((uri) => server.registerResource(name, uri, ...))`: the
   * argument is a string for every item of the loop it is in (so a static resource, not a template).
   */
  #stringPerItem(file: string, arg: ValueExpr): boolean {
    const each = this.#itemLoopHere(file, this.#scope(file));
    if (!each) return false;
    const over = this.#evaluateCollection(each.over, each.scope);
    if (over.t !== "arr" || over.items.length === 0) return false;
    return over.items.every((item) => {
      const inner: Scope = { file, vars: itemVars(each, item), parent: this.#scope(file) };
      const v = this.#ev.evaluate(arg, inner, SDK_EVAL);
      return v.t === "prim" && typeof v.value === "string";
    });
  }

  /**
   * The scopes the call being applied runs in, one per item of the loops around it (as the duplicate
   * checks read them), each item bound to the table entry it is written as, so a check of how an
   * argument is written (`argsSchema: p.args` holding `completable(...)`) reads it item by item.
   */
  #writtenItemScopes(file: string): Scope[] | undefined {
    const scope = this.#scope(file);
    const each = this.#itemLoopHere(file, scope) ?? (this.#loops ? undefined : this.#outerLoop());
    if (!each) return undefined;
    const loops = this.#itemLoopsHere(file, scope);
    const className = this.#unit && this.#classAround(file, this.#unit);
    return itemScopes(loops && loops.length > 1 ? loops : [each], file, scope, (over, at) => this.#evaluateCollection(over, at), (loop, items) => writtenItemVars(this.#ev, loop, items, className));
  }

  /** `this.uri` with the class keeping a string literal in that field, which nothing changes. */
  #stringField(file: string, arg: ValueExpr): boolean {
    const field = thisField(arg);
    const className = field !== undefined ? this.#classAround(file, this.#unit) : undefined;
    const held = className !== undefined ? fieldValue(this.#ev, file, className, field!, arg.span) : undefined;
    return held?.expr.k === "lit" && typeof held.expr.value === "string";
  }

  /** Why a throw under a condition on a v2 factory's era stops that era. */
  #eraThrow(loc: Loc): string {
    return `the factory throws at ${this.#where(loc)} for the era its condition names, which then gets an error instead of the capabilities`;
  }

  /** The loop the event being applied runs in, per item: its own variable, or (called from a `forEach` callback being run) the callback's parameter. */
  #itemLoopHere(file: string, scope: Scope): EachItem | undefined {
    const loop = this.#loops?.at(-1);
    if (loop?.kind === "of" && (loop.binding !== undefined || loop.elements)) return loopItem(loop, scope);
    return this.#loops ? undefined : this.#eachItemOf(file, this.#unit);
  }

  /**
   * Every loop over items around the call being applied, outermost first: callbacks run per item
   * (`groups.forEach((g) => g.forEach((n) => …))`, each function inside the one before), then the
   * unit's own `for…of` loops. Undefined when one of the unit's loops is not over items.
   */
  #itemLoopsHere(file: string, scope: Scope): EachItem[] | undefined {
    const loops = this.#loops ?? [];
    const own: EachItem[] = [];
    for (const loop of loops) {
      if (loop.kind !== "of" || (loop.binding === undefined && !loop.elements)) return undefined;
      own.push(loopItem(loop, scope));
    }
    const callbacks: EachItem[] = [];
    const units = this.#ev.summary(file)?.flow?.units ?? [];
    for (let unit = this.#unit; unit?.kind === "closure"; ) {
      const each = this.#eachItemOf(file, unit);
      if (!each) break;
      callbacks.unshift(each);
      const parent = unit.parent;
      unit = parent === null ? undefined : units.find((u) => u.id === parent);
    }
    return [...callbacks, ...own];
  }

  /** Connects of unawaited async callees, set aside until their caller's unit ends (asyncRaces.ts). */
  readonly #racingConnects: { callerId: string; loc: Loc }[] = [];

  /** Whether the code being followed is the one that makes this very server (see run()). */
  #checkingDuplicates = true;
  /** Whether it is the code of a caller of this file's factory, on the server the factory returned it. */
  #checkingCaller = false;
  /** The loop item whose function is being run (see #invoke): its call, and which item. */
  #itemRun: { readonly call: Loc; readonly index: number } | undefined;
  /** The instance a loop item's method runs on, when it is made with `new` right there. */
  #thisInstance: Instance | undefined;
  /** The loops over every item of a collection the call being applied runs in (outermost first). */
  #loops: readonly LoopGuard[] | undefined;
  /** The branch regions the call being applied sits in, in its own unit. */
  #branches: { readonly file: string; readonly regions: readonly string[] } | undefined;

  /** A loop's collection, seen through calls of functions that only return one (`for (const t of getTools())`). */
  #evaluateCollection(over: ValueExpr, scope: Scope): Value {
    const source = returnedCollection(this.#ev, over, scope, this.#unit && this.#classAround(scope.file, this.#unit));
    return this.#ev.evaluate(source.expr, source.scope, SDK_EVAL);
  }

  /** Runs a function called from `unit`: called once per item of a loop the source gives, what it registers is read item by item too. */
  #calledFrom(file: string, unit: FlowUnit, run: () => void, at?: Span, call?: { readonly args: readonly ValueExpr[]; readonly params: readonly (string | null)[] }): void {
    this.#through(at && { file, span: at }, () => this.#calledFromIn(file, unit, run, call));
  }

  /** Runs what the call `at` runs (a function, a method), remembering that call while it does. */
  #through(at: Loc | undefined, run: () => void): void {
    if (at) this.#invokedAt.push(at);
    try {
      run();
    } finally {
      if (at) this.#invokedAt.pop();
    }
  }

  /** Whether the innermost call being replayed is a statement of its own (`add(server);`, `await add(server);`): its value goes nowhere. */
  /** Calls of a subclass server's own methods that returned the server, each the receiver of the next call of its chain: the receiver it was called on. */
  readonly #chained = new Map<string, readonly string[]>();

  /**
   * The receiver of a call of the server's own method (`new MyServer().init()`, `server.init()`) whose
   * value is only the receiver of another call of the same chain (`.start()`), in the same unit.
   */
  #chainReceiver(file: string, unit: FlowUnit, event: Extract<FlowEvent, { k: "invoke" }>): readonly string[] | undefined {
    if (!this.#site.subclass || event.callee.k !== "get") return undefined;
    const object = event.callee.object;
    const madeHere = object.k === "new" && this.#site.event.target === null && file === this.#site.file && object.span.start === this.#site.event.span.start && object.span.end === this.#site.event.span.end;
    const receiver = madeHere ? ["<anonymous>"] : object.k === "call" ? this.#chained.get(`${file}:${object.span.start}:${object.span.end}`) ?? pathOfExpr(object) : pathOfExpr(object);
    if (!receiver) return undefined;
    const next = unit.events.some(({ event: e }) => e.k === "invoke" && e.callee.k === "get" && e.callee.object.k === "call" && e.callee.object.span.start === event.span.start && e.callee.object.span.end === event.span.end);
    return next ? receiver : undefined;
  }

  #resultDropped(): boolean {
    const at = this.#invokedAt.at(-1);
    const text = at && this.#ev.host.text?.(at.file);
    if (!at || text === undefined) return false;
    // A statement of its own (also a loop's body: `for (const r of regs) r(server);`), a forEach callback's value.
    if (callResultIgnored(this.#ev, at.file, at.span)) return true;
    return /(?:^|[;{}])\s*(?:await\s+|void\s+)?$/.test(text.slice(Math.max(0, at.span.start - 40), at.span.start)) && /^\s*(?:;|\n|\r|}|$)/.test(text.slice(at.span.end, at.span.end + 20));
  }

  /** The calls that ran the functions being replayed (innermost last): a registration met again through another one runs again. */
  readonly #invokedAt: Loc[] = [];

  /** What the function being invoked returns: the server (where, when its value is used), or something else too. */
  #returns: ServerReturns | undefined;

  #calledFromIn(file: string, unit: FlowUnit, run: () => void, call?: { readonly args: readonly ValueExpr[]; readonly params: readonly (string | null)[] }): void {
    const loop = this.#loops?.at(-1);
    // The function one item of a registrar table stands for runs once (see #invoke).
    const perItem = this.#perItem;
    this.#perItem = false;
    // A loop's own variable, or (called from a `forEach` callback being run) the callback's parameter.
    const found = perItem ? undefined : loop?.kind === "of" && (loop.binding !== undefined || loop.elements) ? loopItem(loop, this.#scopeIn(file, unit)) : this.#loops ? undefined : this.#eachItemOf(file, unit);
    const passes = found && call ? call.params.filter((p, i): p is string => p !== null && call.args[i]?.k === "ref" && (call.args[i] as { name: string }).name === found.param) : [];
    const outer = found && passes.length > 0 ? { ...found, passes } : found;
    if (outer) this.#calledInLoop.push(outer);
    try {
      run();
    } finally {
      if (outer) this.#calledInLoop.pop();
    }
  }

  /** Whether the call being applied runs once per item of a loop over two or more items the source gives. */
  #repeatedByLoop(file: string): boolean {
    const loop = this.#loops?.at(-1);
    const each = loop ? (loop.kind === "of" ? { over: loop.over, scope: this.#scope(file) } : undefined) : (this.#eachItemOf(file, this.#unit) ?? this.#calledInLoop.at(-1));
    if (!each) return false;
    const over = this.#evaluateCollection(each.over, each.scope);
    return over.t === "arr" && over.items.length >= 2;
  }

  /**
   * `for (const t of TOOLS) register(server)` with `register` registering: the loop it was called in,
   * unless the function being run has a name of its own spelled like the loop's variable (which would
   * then mean something else there).
   */
  #outerLoop(): EachItem | undefined {
    const outer = this.#calledInLoop.at(-1);
    const unit = this.#unit;
    if (!outer || !unit || itemNames(outer).some((name) => unit.params.includes(name) || unit.locals?.includes(name))) return undefined;
    return outer;
  }

  #where(loc: Loc): string {
    // A place in another file than the call being applied is named with its file.
    return this.#applying !== undefined && this.#applying !== loc.file ? `${basename(loc.file)}:${this.#lineNumber(loc)}` : this.#lineOf(loc);
  }

  /** `line N`, whatever the file. */
  #lineOf(loc: Loc): string {
    return `line ${this.#lineNumber(loc)}`;
  }

  /** `identity.ts:98`: a place named in a reason kept for calls in any file. */
  #placeIn(loc: Loc): string {
    return `${basename(loc.file)}:${this.#lineNumber(loc)}`;
  }

  #lineNumber(loc: Loc): number {
    return lineOf(this.#ev, loc);
  }

  /** The file of the call being applied (see #applyCall), which places in messages are read from. */
  #applying: string | undefined;

  /**
   * A quick fix declaring `k` in the constructor's `capabilities` literal, adding a `capabilities`
   * literal to the options object, or adding the options argument itself; none when the options are
   * not written as literals.
   */
  addKeyFix(k: string, value = "{}"): Pick<AnalysisDiagnostic, "fixes"> {
    const fix = declareKeyFix(this.#fixTarget(), k, value);
    return fix ? { fixes: [fix] } : {};
  }

  /** A quick fix turning on `k.flag` (`resources.subscribe`) in the constructor's options. */
  addFlagFix(k: string, flag: string): Pick<AnalysisDiagnostic, "fixes"> {
    const fix = declareFlagFix(this.#fixTarget(), k, flag);
    return fix ? { fixes: [fix] } : {};
  }

  #fixTarget() {
    const { event, file } = this.#site;
    return {
      text: (f: string) => this.#ev.host.text?.(f),
      construction: this.#site.subclass ? (this.#site.subclass.superArgs ?? { file, args: [] }) : { file, args: event.args },
      optionsObject: this.state.optionsObject,
      optionsCaps: this.optionsValue,
    };
  }
}

/** `this.m`: a method of the instance the code runs on. */
function isThisCallee(callee: ValueExpr): boolean {
  return callee.k === "get" && callee.key.k === "static" && callee.object.k === "dyn" && callee.object.text === "this";
}
