// The completion checks of a registration: McpServer adds `completions` for a prompt argument
// wrapped in `completable(...)` and for a resource template with a `complete` callback for one of its
// variables, and some forms of them complete nothing (an optional inside completable() on v2, an
// optional of another zod than the SDK's on v1), which the editor explains.
import type { FixData } from "../../core/model/diagnostics";
import { DYNAMIC_KEY, type Loc, type Scope, type Value } from "../../core/evaluate/values";
import type { FileSummary, ValueExpr, CallEvent } from "../../core/model/summary";
import { runsOnceAtLoad } from "./moduleCode";
import { templateVariables } from "./sdkTables";
import { markInexact, markOpen, type SdkCause } from "./sdkState";
import { inertCompletionStep } from "./steps";
import { sdkNameOf } from "./findSdkServers";
import { mayCarryCompletable } from "./hiddenCompletables";
import { completerOfNamedVariable } from "./templateVariableKeys";
import { completerText, completerTruth } from "./templateCompleters";
import { certainlyString, stringValue } from "./stringShapes";
import { optionalSeenBySdk, schemaZodSpecifier, type ZodMain } from "./zodFlavours";
import { moveOptionalOutFix } from "./fixes";
import { argsSchemaIsZodObject, optionalInner, promptFields, type PromptField } from "./promptFields";
import { constDeclaration } from "../../core/evaluate/constDeclarations";
import { templateOf } from "./resourceTemplates";
import { SDK_EVAL } from "./sdkEval";
import { placeOf, throwsWhereItRuns, type ReplayPoint } from "./replayPoint";
import { diagnostic } from "./codes";

/** What the completion checks ask of the replay beyond the call being applied. */
export interface CompletionHost {
  /** The zod major the server's files load, for `.optional()` around completable() on v1. */
  readonly zodMain?: () => ZodMain | undefined;
  /** Names the functions around the call declare (they hide the file's consts). */
  hidden(file: string): ReadonlySet<string>;
  /** The argument is a string for every item of the loop the call is in (a static resource). */
  stringPerItem(file: string, arg: ValueExpr): boolean;
  /** The argument is `this.x` with the class keeping a string literal there. */
  stringField(file: string, arg: ValueExpr): boolean;
  /**
   * One scope per item of the loops the call runs in, each item bound to the table entry it is
   * written as (core/evaluate/writtenItems.ts); undefined when the call is in no loop over a
   * collection the source gives.
   */
  itemScopes(file: string): readonly Scope[] | undefined;
  /** A completer met: McpServer installs the completion handler and registers `completions`. */
  completions(cause: SdkCause, call: string, what: string): void;
  /** A completer that may be set: McpServer may answer completion/complete. */
  mayComplete(): void;
}

export class CompletionChecks {
  readonly #point: ReplayPoint;
  readonly #host: CompletionHost;
  /** v1 `completable(...).optional()` with the optional of another zod than the SDK's (zodFlavours.ts). */
  readonly foreignOptionalCompletables: { readonly loc: Loc; readonly specifier: string }[] = [];
  /** v2 `completable(z.x().optional(), ...)`: arguments that silently complete nothing, with the fix. */
  readonly optionalCompletables: { readonly loc: Loc; readonly fix?: FixData }[] = [];
  /** Schemas a const holds that completable() written in a registration marked, and where it first did. */
  readonly #markedSchemas = new Map<string, { readonly loc: Loc; readonly conditional: boolean; readonly name: string; readonly argument: string; readonly once: boolean }>();

  constructor(point: ReplayPoint, host: CompletionHost) {
    this.#point = point;
    this.#host = host;
  }

  /** A `ResourceTemplate` with a `complete` callback for one of its variables adds `completions`. */
  templateCompletions(file: string, e: CallEvent): void {
    const { ev, state } = this.#point;
    const here = this.#point.scope(file);
    const arg = e.args[1];
    if (!arg) return;
    const found = templateOf(ev, here, arg);
    if (found) return this.#templateCompletionsOf(file, e, found);
    // A URI string is a static resource.
    if (this.#certainlyString(file, here, arg)) return;
    // `registerResource(t.name, t.template, …)` in a loop over a table: each item's template, or URI string.
    const perItem = this.#host.itemScopes(file)?.map((scope) => templateOf(ev, scope, arg) ?? (this.#certainlyString(file, scope, arg) ? "uri" : undefined));
    if (!perItem || perItem.length === 0 || perItem.includes(undefined)) {
      // Anything else may be a template built elsewhere.
      markOpen(state, "a resource template comes from code the analysis does not follow, so its completions may be missed");
      return;
    }
    // An entry met again (one template shared by several items) is the same template.
    const seen = new Set<ValueExpr>();
    for (const item of perItem) {
      if (item === undefined || item === "uri" || seen.has(item.template)) continue;
      seen.add(item.template);
      this.#templateCompletionsOf(file, e, item);
    }
  }

  /** The completions one `new ResourceTemplate(...)` (read with the scope it is written in) adds. */
  #templateCompletionsOf(file: string, e: CallEvent, found: NonNullable<ReturnType<typeof templateOf>>): void {
    const { ev, state } = this.#point;
    const here = this.#point.scope(file);
    const { template, scope } = found;
    const uriExpr: ValueExpr = template.args[0] ?? { k: "dyn", text: "", span: template.span };
    const evaluated = ev.evaluate(uriExpr, scope, SDK_EVAL);
    // `${BASE}/{id}`: a template literal of known strings is a known URI template.
    const text = evaluated.t === "prim" ? undefined : stringValue(ev, scope, uriExpr);
    const uri: Value = text === undefined ? evaluated : { t: "prim", value: text, loc: evaluated.loc };
    const opts = template.args[1] ? ev.evaluate(template.args[1], scope, SDK_EVAL) : undefined;
    const complete = opts?.t === "obj" ? opts.entries.get("complete") : undefined;
    if (!complete) return;
    const registration: Loc = { file, span: e.span };
    const truth = (v: Value) => completerTruth(ev, v, registration, here);
    // `complete: { id: undefined }`: no completer is set, whatever the URI.
    const entries = complete.value.t === "obj" ? [...complete.value.entries] : undefined;
    if (entries && entries.every(([k, entry]) => k !== DYNAMIC_KEY && truth(entry.value) === false)) {
      if (entries.length > 0) this.#unsetCompleters(complete.keyLoc, entries.map(([k]) => k));
      return;
    }
    if (uri.t !== "prim" || typeof uri.value !== "string" || complete.value.t !== "obj") {
      const named = completerOfNamedVariable(ev, scope.file, template);
      if (named) {
        this.#host.completions({ because: "resourceTemplate.complete", loc: { file: scope.file, span: named }, detail: "completes the variable its URI is built with" }, "ResourceTemplate complete", "The resource template completes the variable its URI is built with");
        return;
      }
      markInexact(state, "a resource template's URI or completions are not known statically");
      return;
    }
    const variables = templateVariables(uri.value);
    const written = [...complete.value.entries].filter(([k]) => variables.includes(k));
    const completed = written.filter(([, entry]) => truth(entry.value) === true).map(([k]) => k);
    // The SDK tests `!!completeCallback(v)`: a completer that is undefined (or any falsy value) when it runs adds nothing.
    const unsure = written.filter(([, entry]) => truth(entry.value) === undefined);
    const spread = complete.value.entries.get(DYNAMIC_KEY);
    const spreadMaySet = spread !== undefined && (!spread.mayWrite || variables.some((v) => spread.mayWrite!.has(v)));
    if (completed.length > 0) {
      this.#host.completions({ because: "resourceTemplate.complete", loc: complete.keyLoc, detail: `completes {${completed.join(", ")}}` }, "ResourceTemplate complete", `The resource template completes {${completed.join(", ")}}`);
    } else if (unsure.length > 0 || spreadMaySet) {
      const [variable, entry] = unsure[0] ?? [undefined, spread!];
      const what = variable === undefined ? `its complete map spreads ${completerText(entry.value)}, which may set a completer for one of its variables` : `its completer for {${variable}} is ${completerText(entry.value)}, which may be undefined`;
      this.#maySetCompleter(entry.keyLoc, `whether the resource template ${uri.value} adds completions is only known at run time: ${what} (McpServer adds completions only for a variable whose completer is set)`);
    } else if (written.length > 0) {
      this.#unsetCompleters(complete.keyLoc, written.map(([k]) => k));
    } else if (complete.value.entries.size > 0) {
      const why = `Completes no variable of the URI template ${uri.value} (${[...complete.value.entries.keys()].join(", ")}): it adds no capability.`;
      this.#point.record(inertCompletionStep("ResourceTemplate complete", complete.keyLoc, this.#point.withinFor(complete.keyLoc), why, undefined, this.#point.conditional));
    }
  }

  /** Completers written for variables, each known falsy where it runs: the template adds no capability. */
  #unsetCompleters(loc: Loc, variables: readonly string[]): void {
    const why = `Its completer for {${variables.join(", ")}} is not set (undefined or another falsy value) when it registers: McpServer adds completions only for a variable whose completer is set, so it adds no capability.`;
    this.#point.record(inertCompletionStep("ResourceTemplate complete", loc, this.#point.withinFor(loc), why, undefined, this.#point.conditional));
  }

  /** A completer that may or may not be set when the template registers: completions and their handler may be there. */
  #maySetCompleter(loc: Loc, why: string): void {
    // Already advertised (declared, or added by another completer): only whether McpServer answers completion/complete is open.
    if (!("completions" in this.#point.state.caps)) this.#point.releaseUnknown("completions", loc, why);
    this.#host.mayComplete();
    this.#point.record(inertCompletionStep("ResourceTemplate complete", loc, this.#point.withinFor(loc), `${why[0]!.toUpperCase()}${why.slice(1)}.`, undefined, this.#point.conditional));
  }

  /** Whether an argument is a string for certain: a known value, a string's shape, or one for every item of a list run over. */
  #certainlyString(file: string, scope: Scope, arg: ValueExpr): boolean {
    const value = this.#point.ev.evaluate(arg, scope, SDK_EVAL);
    if (value.t === "prim" && typeof value.value === "string") return true;
    return certainlyString(this.#point.ev, scope, arg, this.#host.hidden(file)) || this.#host.stringPerItem(file, arg) || this.#host.stringField(file, arg);
  }

  /** A prompt argument wrapped in `completable(...)` adds `completions` (v2: not around an optional schema). */
  promptCompletions(file: string, e: CallEvent): void {
    const { state } = this.#point;
    const here = this.#point.scope(file);
    const groups = this.#promptFieldGroups(file, e, here);
    if (!groups) {
      markOpen(state, "a prompt's arguments are not known statically, so completable() arguments may be missed", { file, span: e.span });
      return;
    }
    for (const { fields, unseen } of groups) for (const found of fields) this.#promptField(file, found, unseen);
  }

  /**
   * The prompt's argument fields, read where the registration is, or else item by item of the loop
   * it is in (`Object.entries(PROMPTS).forEach(([name, p]) => registerPrompt(name, { argsSchema: p.args }, …))`),
   * each group with whether SDK v1 (from 1.25.0, when only a completable argument adds completions)
   * is given a Zod object where it takes a raw shape. A field met again for another item (a shape
   * several items share) is read once. Undefined when one item's fields are not known.
   */
  #promptFieldGroups(file: string, e: CallEvent, here: Scope): { readonly fields: PromptField[]; readonly unseen: boolean }[] | undefined {
    const { ev, state } = this.#point;
    const read = (scope: Scope) => {
      const fields = promptFields(ev, file, e, scope, (arg) => this.#certainlyString(file, scope, arg));
      const unseen = state.version === "v1" && this.#point.release.completions === "with-completers" && argsSchemaIsZodObject(ev, e, scope);
      return fields && { fields, unseen };
    };
    const whole = read(here);
    if (whole) return [whole];
    const items = this.#host.itemScopes(file);
    if (!items || items.length === 0) return undefined;
    const out: { fields: PromptField[]; unseen: boolean }[] = [];
    const seen = new Set<unknown>();
    for (const scope of items) {
      const group = read(scope);
      if (!group) return undefined;
      out.push({ fields: group.fields.filter((f) => !seen.has(f.entry) && seen.add(f.entry)), unseen: group.unseen });
    }
    return out;
  }

  /** One prompt argument: a `completable(...)` adds `completions`, unless its form completes nothing. */
  #promptField(file: string, found: PromptField, unseen: boolean): void {
    const { ev, state } = this.#point;
    // `{ language: languageArg }` with `const languageArg = completable(...)` here or imported: that call.
    const { file: at, summary: where, value } = this.#heldField(file, found);
    const entry = found.entry;
    let field = value;
    const outer = optionalInner(field, state.version === "v2");
    if (outer) field = outer;
    if (field.k !== "call" || sdkNameOf(where, field.callee, ev) !== "completable") {
      // A schema reached another way may be one completable() changed (hiddenCompletables.ts).
      if (!("completions" in state.caps) && mayCarryCompletable(ev, at, where, field)) {
        const argument = entry.key.k === "static" ? entry.key.name : "?";
        this.#point.releaseUnknown("completions", { file: at, span: field.span }, `prompt argument ${argument} is ${ev.sourceText(field, at) ?? "a schema"}, which may be a schema completable() has made completable (it changes the schema itself), and then McpServer adds completions`);
      }
      return;
    }
    const inner = field.args[0];
    const innerSchema = inner ? optionalInner(inner) : undefined;
    const argument = entry.key.k === "static" ? entry.key.name : "?";
    if (outer && !innerSchema && this.#optionalHidesCompletable(at, value, inner, argument)) return;
    if (inner && innerSchema) {
      const loc = { file: at, span: field.span };
      this.optionalCompletables.push({ loc, ...moveOptionalOutFix(ev.host.text?.(at), at, field.span, inner, innerSchema) });
      const why = `Completes nothing in SDK ${state.version}: completable() around an optional schema hides the completion, so prompt argument ${argument} adds no completions. Write completable(schema, complete).optional().`;
      this.#point.record(inertCompletionStep("completable", loc, this.#point.withinFor(loc), why, "sdk-completable-optional", this.#point.conditional));
      return;
    }
    if (value === found.entry.value) this.#markSchema(at, field, argument);
    if (unseen) {
      const loc = { file: at, span: field.span };
      const why = `Completes nothing in SDK v1: argsSchema is a Zod object (z.object(...)), and McpServer looks for completable arguments among the values of a raw shape, which a Zod object's are not, so prompt argument ${argument} adds no completions. Pass the raw shape: argsSchema: { ${argument}: completable(...) }.`;
      this.#point.record(inertCompletionStep("completable", loc, this.#point.withinFor(loc), why, undefined, this.#point.conditional));
      return;
    }
    this.#host.completions({ because: "completable", loc: { file: at, span: field.span }, detail: `prompt argument ${argument}` }, "completable", `completable() on prompt argument ${argument}`);
  }

  /**
   * `completable(schema, …)` written in the registration runs each time it does. From SDK 1.23.0 (and
   * in v2) it marks the schema object itself with a property that cannot be defined again, so a
   * schema a const holds, made completable twice, throws at the second call ("Cannot redefine
   * property: Symbol(mcp.completable)"). One written in a module's top-level const (an argument
   * shape, a table's entry) runs once, however many registrations read it.
   */
  #markSchema(file: string, call: Extract<ValueExpr, { k: "call" }>, argument: string): void {
    const { ev, state, release } = this.#point;
    const marks = state.version === "v2" || release.completableMarksSchema === true;
    const schema = call.args[0];
    if (schema?.k !== "ref" || this.#host.hidden(file).has(schema.name)) return;
    const declared = constDeclaration(ev, file, schema.name);
    if (!declared) return;
    const key = `${declared.file}\0${declared.name}`;
    const loc = { file, span: call.span };
    const first = this.#markedSchemas.get(key);
    const once = runsOnceAtLoad(this.#point.ev, loc);
    if (!first) {
      this.#markedSchemas.set(key, { loc, conditional: this.#point.conditional, name: schema.name, argument, once });
      return;
    }
    // The very call met again through another registration (`argsSchema: ARGS` twice): it ran once.
    if (once && first.loc.file === file && first.loc.span.start === call.span.start) return;
    const otherRelease = state.version === "v1" && release.mayLoad !== undefined && release.mayLoad.release.completableMarksSchema !== marks;
    if (!marks && !otherRelease) return;
    const message =
      `completable() throws here: ${schema.name} was made completable already (${placeOf(this.#point, first.loc, loc)}), and completable() marks the schema object itself, so marking it again throws "Cannot redefine property: Symbol(mcp.completable)". ` +
      `Give prompt argument ${argument} a schema of its own (completable(z.string(), …)).`;
    if (otherRelease) {
      this.#point.mayThrow(loc, `completable() at ${this.#point.where(loc)} throws on SDK 1.23.0 and later (${schema.name} is made completable twice): ${release.mayLoad!.why}`);
      return;
    }
    throwsWhereItRuns(this.#point, diagnostic("sdk-completable-reused", loc, message), loc, "completable()", this.#point.conditional || first.conditional, this.#point.deferred, "so the server runs without this prompt");
  }

  /**
   * createMcpHandler builds a server for each request (or session) with the factory the replay walked:
   * a schema a const of a module holds, which completable() marked while the first server was built,
   * is marked already when the next is built, so every build after the first throws (its request gets
   * an internal error). From SDK 1.23.0 and in v2, as `#markSchema`.
   */
  rebuiltPerRequest(entry: string): { readonly loc: Loc; readonly why: string }[] {
    const out: { loc: Loc; why: string }[] = [];
    const { state, release } = this.#point;
    // A build that throws already (the same schema marked twice in it) answers nothing at all.
    if (!(state.version === "v2" || release.completableMarksSchema === true) || state.threw) return out;
    for (const mark of this.#markedSchemas.values()) {
      // Written in a module's top-level const: it ran once, when the module loaded, not per server.
      if (mark.once) continue;
      const message =
        `completable() throws here from the second server on: ${entry} builds a server for each request (or session), and completable() marks ${mark.name}, a const of the module that outlives the first server, the first time; marking it again throws "Cannot redefine property: Symbol(mcp.completable)", so every request after the first gets an internal error. ` +
        `Make the schema inside the factory (completable(z.string(), …)) for prompt argument ${mark.argument}.`;
      state.diagnostics.push(diagnostic("sdk-completable-reused", mark.loc, message));
      out.push({ loc: mark.loc, why: `only the first server ${entry} builds answers (the first request, or session): the next one throws at completable() (${this.#point.where(mark.loc)}), since ${mark.name} was marked completable by the first` });
    }
    return out;
  }

  /**
   * A prompt argument written as the name of a const (of its file, or one another module exports)
   * that holds a `completable(...)` call: that call, read in the file it is written in. Any other
   * value, or a name a function around the registration declares, is the field as written.
   */
  #heldField(callFile: string, found: PromptField): { readonly file: string; readonly summary: FileSummary; readonly value: ValueExpr } {
    const { ev } = this.#point;
    const value = found.entry.value;
    const as = { file: found.file, summary: found.summary, value };
    if (value.k === "call" && value.callee.k === "ref" && value.args.length === 0) return this.#returnedCompletable(callFile, found, value.callee) ?? as;
    if (value.k !== "ref" || (found.file === callFile && this.#host.hidden(callFile).has(value.name))) return as;
    const declared = constDeclaration(ev, found.file, value.name);
    const summary = declared ? ev.summary(declared.file) : undefined;
    const init = declared?.init;
    const call = init && (optionalInner(init) ?? init);
    if (!declared || !summary || call?.k !== "call" || sdkNameOf(summary, call.callee, ev) !== "completable") return as;
    return { file: declared.file, summary, value: init! };
  }

  /**
   * `{ language: languageArg() }` with `function languageArg() { return completable(...); }`, here or
   * imported: a plain function of the workspace whose body only returns that call, which it makes
   * whenever it is called.
   */
  #returnedCompletable(callFile: string, found: PromptField, callee: Extract<ValueExpr, { k: "ref" }>): { readonly file: string; readonly summary: FileSummary; readonly value: ValueExpr } | undefined {
    const { ev } = this.#point;
    if (found.file === callFile && this.#host.hidden(callFile).has(callee.name)) return undefined;
    const fn = ev.lookup(callee.name, ev.fileScope(found.file), { file: found.file, span: callee.span }, SDK_EVAL);
    if (fn.t !== "fn" || fn.fn.wraps || fn.fn.built || fn.fn.locals.size > 0 || fn.fn.result?.k !== "call") return undefined;
    const summary = ev.summary(fn.scope.file);
    return summary && sdkNameOf(summary, fn.fn.result.callee, ev) === "completable" ? { file: fn.scope.file, summary, value: fn.fn.result } : undefined;
  }

  /**
   * `completable(schema, complete).optional()` (or `z.optional(...)`) on SDK 1.x from 1.25.0: the SDK
   * looks through the optional only when it is the class of the zod it loads itself (zodFlavours.ts).
   * True when this argument adds no completions, or may not (then `completions` is not stated).
   */
  #optionalHidesCompletable(file: string, wrapper: ValueExpr, schema: ValueExpr | undefined, argument: string): boolean {
    const { ev, state } = this.#point;
    if (state.version !== "v1" || this.#point.release.completions !== "with-completers") return false;
    // `z.optional(completable(...))`: the optional is made by that `z`; `.optional()`: by the schema's own zod.
    const maker = wrapper.k === "call" && wrapper.callee.k === "get" && wrapper.callee.object.k === "ref" && wrapper.args.length > 0 ? wrapper.callee : schema;
    const specifier = maker ? schemaZodSpecifier(ev, file, maker) : undefined;
    const seen = optionalSeenBySdk(specifier, () => this.#host.zodMain?.());
    if (seen === true) return false;
    const loc = { file, span: wrapper.span };
    if (seen === undefined) {
      this.#point.releaseUnknown("completions", loc, `prompt argument ${argument} wraps completable() in an optional made with ${specifier}: the SDK looks through it only when that is the zod it loads itself, which is not known here`);
      return true;
    }
    this.foreignOptionalCompletables.push({ loc, specifier: specifier ?? "another zod" });
    const why = `Completes nothing in SDK ${this.#point.release.version ?? "1.x"}: the optional around completable() on prompt argument ${argument} is made with ${specifier}, another zod than the one the SDK loads, so the SDK does not look through it and the argument adds no completions.`;
    this.#point.record(inertCompletionStep("completable", loc, this.#point.withinFor(loc), why, "sdk-completable-optional", this.#point.conditional));
    return true;
  }
}

