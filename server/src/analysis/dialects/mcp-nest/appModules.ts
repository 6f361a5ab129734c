// Which classes a Nest application scans: the root module given to NestFactory, and every module it
// imports, with their `controllers` and `providers`. Read from the `@Module({...})` arguments; an entry
// that is not a class known statically (a dynamic module from `X.forRoot()`, a spread of a call) makes
// the set open, which is said rather than guessed. A workspace `X.register()` returning a literal
// dynamic module is read (dynamicModules.ts). A spread of `cond ? [A] : [B]` lists its classes on
// that condition (conditionalEntries.ts): what they add is unknown, the rest stays known. A controller
// a function of the workspace declares and returns is listed when that call is applied (madeControllers.ts).
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { ClassRef, Loc, Value } from "../../core/evaluate/values";
import type { ClassSummary, FileSummary, ValueExpr } from "../../core/model/summary";
import { conditionalEntry } from "./conditionalEntries";
import { frameworkImport } from "./frameworkImports";
import { withMadeControllers } from "./madeControllers";
import { dynamicModule } from "./dynamicModules";
import { metadataConst } from "./namedOnce";
import { objectProvider } from "./objectProviders";
import { mcpNestExport } from "./reexports";

export interface ListedClass {
  readonly cls: ClassRef;
  readonly summary: ClassSummary;
  /** Where the class is named in the module's array. */
  readonly listedAt: Loc;
}

/** A class listed only when a condition holds (conditionalEntries.ts). */
export interface MaybeListed extends ListedClass {
  /** Why it may be absent, for people. */
  readonly why: string;
}

export interface AppClasses {
  readonly controllers: ListedClass[];
  /** Controllers listed only on some condition, or by a module imported only on one. */
  readonly maybeControllers: MaybeListed[];
  readonly providers: ListedClass[];
  /** Entries whose classes cannot be known statically. */
  readonly open: { readonly text: string; readonly loc: Loc; readonly why: string }[];
  /** Imports Nest cannot build (1.x `McpModule` itself, without forRoot()): the application does not start. */
  readonly unbuildable: { readonly loc: Loc; readonly why: string }[];
  /** The modules walked (appClasses: the root and what it imports; moduleOwnClasses: none). */
  readonly modules: ClassRef[];
}

/** Most modules one application graph is walked through (a bound on pathological inputs). */
const MAX_MODULES = 500;

export function classOf(ev: Evaluator, cls: ClassRef): ClassSummary | undefined {
  return ev.summary(cls.file)?.classes[cls.index];
}

/** The `@Module(...)` decorator of a class, if any. */
function moduleArgs(summary: ClassSummary): ValueExpr | undefined {
  return summary.decorators.find((d) => d.name === "Module")?.args[0];
}

export function appClasses(ev: Evaluator, root: ClassRef): AppClasses {
  const out: AppClasses = { controllers: [], maybeControllers: [], providers: [], open: [], unbuildable: [], modules: [] };
  const seen = new Map<string, boolean>();
  // `maybe`: why the module may not be imported at all (its classes are then maybe listed too).
  const queue: { cls: ClassRef; maybe?: string }[] = [{ cls: root }];
  while (queue.length > 0 && seen.size < MAX_MODULES) {
    const { cls: mod, maybe } = queue.shift()!;
    // A module reached surely after a conditional import is read again, surely.
    if (seen.has(mod.key) && (seen.get(mod.key) || maybe !== undefined)) continue;
    if (!seen.has(mod.key)) out.modules.push(mod);
    seen.set(mod.key, maybe === undefined);
    const summary = classOf(ev, mod);
    const args = summary ? moduleArgs(summary) : undefined;
    if (!summary || !args) {
      if (summary) out.open.push({ text: summary.name, loc: { file: mod.file, span: summary.nameSpan }, why: "it is not a @Module class the analysis can read" });
      continue;
    }
    const value = ev.evaluate(args, ev.fileScope(mod.file), { calls: false });
    if (value.t !== "obj") {
      out.open.push({ text: ev.sourceText(args, mod.file), loc: value.loc, why: "the @Module metadata is not an object literal" });
      continue;
    }
    for (const [key, entry] of value.entries) {
      if (key !== "imports" && key !== "controllers" && key !== "providers") {
        if (key.startsWith("$")) out.open.push({ text: "...", loc: entry.value.loc, why: "the @Module metadata has a spread or key that is only known when it runs" });
        continue;
      }
      const listedValue = key === "controllers" ? withMadeControllers(ev, args, mod.file, entry.value) : entry.value;
      const { sure, conditional, controllers } = items(ev, listedValue, out, key);
      const all = [...sure.map((i) => ({ ...i, why: maybe })), ...conditional.map((i) => ({ ...i, why: maybe ?? i.why }))];
      for (const item of controllers) {
        if (maybe === undefined) out.controllers.push(...listed(ev, [item]));
        else out.maybeControllers.push(...listed(ev, [item]).map((l) => ({ ...l, why: maybe })));
      }
      for (const item of all) {
        if (key === "imports") queue.push({ cls: item.cls, ...(item.why !== undefined ? { maybe: item.why } : {}) });
        else if (key === "providers") out.providers.push(...listed(ev, [item]));
        else if (item.why === undefined) out.controllers.push(...listed(ev, [item]));
        else out.maybeControllers.push(...listed(ev, [item]).map((l) => ({ ...l, why: item.why! })));
      }
    }
  }
  return out;
}

interface Item {
  readonly cls: ClassRef;
  readonly loc: Loc;
}

interface Items {
  readonly sure: Item[];
  readonly conditional: (Item & { why: string })[];
  /** Of imports only: the controllers dynamic modules add to the modules they name (dynamicModules.ts). */
  readonly controllers: Item[];
}

/** The classes of an array of @Module metadata: those listed surely, and those listed on a condition. */
function items(ev: Evaluator, v: Value, out: AppClasses, key: string, objectProviders: "skip" | "open" = "skip"): Items {
  const sure: Item[] = [];
  const conditional: (Item & { why: string })[] = [];
  const controllers: Item[] = [];
  if (v.t !== "arr") {
    out.open.push({ text: key, loc: v.loc, why: `the module's ${key} are not an array literal` });
    return { sure, conditional, controllers };
  }
  // A class that is also the token of an object provider is replaced by it (Nest keeps the last
  // provider of a token): it is not scanned for sure.
  const tokens = new Set(key === "providers" ? v.items.flatMap((item) => (item.t === "obj" && item.entries.get("provide")?.value.t === "class" ? [(item.entries.get("provide")!.value as Extract<Value, { t: "class" }>).cls.key] : [])) : []);
  v.items.forEach((item, i) => {
    const loc = v.itemLocs[i]!;
    if (key === "imports" && bareMcpModule(ev, loc)) {
      out.unbuildable.push({ loc, why: "McpModule is imported as it is, without forRoot() or forFeature(): Nest cannot build its providers (McpExecutorService needs the options forRoot() gives)" });
      return;
    }
    if (item.t === "class" && tokens.has(item.cls.key)) out.open.push({ text: classOf(ev, item.cls)?.name ?? "a class", loc, why: "a provider whose class is also the token of a provider given as an object, which replaces it" });
    else if (item.t === "class") sure.push({ cls: item.cls, loc });
    else if (item.t === "obj" && key === "providers" && objectProviders === "skip") return; // `{ provide, useValue }`: not a class Nest scans for handlers
    else if (item.t === "obj" && key === "providers") {
      const provider = objectProvider(item);
      if (provider.k === "class") sure.push({ cls: provider.cls, loc });
      else if (provider.k === "open") out.open.push({ text: "{ provide, ... }", loc, why: provider.why });
    }
    else if (item.t === "dyn") {
      // `X.register(...)` returning a literal dynamic module: its module class and its own controllers.
      const dynamic = key === "imports" ? dynamicModule(ev, loc) : undefined;
      if (dynamic) {
        sure.push(dynamic.module, ...dynamic.imports);
        controllers.push(...dynamic.controllers);
        return;
      }
      // `forwardRef(() => BillingModule)`: that module; `ConfigModule.forRoot()`: a Nest package's, nothing to scan.
      const nest = key === "imports" ? frameworkImport(ev, loc) : undefined;
      if (nest?.k === "class") sure.push({ cls: nest.cls, loc });
      if (nest) return;
      // `...(cond ? [A] : [])`: its classes, each surely or on the condition.
      const entry = conditionalEntry(ev, loc);
      if (!entry) out.open.push({ text: item.text, loc, why: item.why ?? `an entry of ${key} is only known when it runs` });
      else {
        sure.push(...entry.sure);
        conditional.push(...entry.maybe.map((l) => ({ ...l, why: `${key === "imports" ? "imported" : "listed"} only on one side of ${entry.when}` })));
      }
    } else out.open.push({ text: key, loc, why: `an entry of ${key} is not a class` });
  });
  return { sure, conditional, controllers };
}

function listed(ev: Evaluator, found: readonly Item[]): ListedClass[] {
  return found.flatMap(({ cls, loc }) => {
    const summary = classOf(ev, cls);
    return summary ? [{ cls, summary, listedAt: loc }] : [];
  });
}

/** The `import` binding of a local name: where it comes from and what it is exported as. */
export function importOf(summary: FileSummary, local: string): { specifier: string; imported: string } | undefined {
  return summary.imports.get(local);
}

/**
 * One module's own `providers` and `controllers` (not its imports'): what MCP-Nest 1.9 scans for the
 * McpModule that module imports (DiscoveryService.getProviders/getControllers given that module only).
 */
export function moduleOwnClasses(ev: Evaluator, mod: ClassRef): AppClasses {
  const out: AppClasses = { controllers: [], maybeControllers: [], providers: [], open: [], unbuildable: [], modules: [] };
  const summary = classOf(ev, mod);
  let args = summary ? moduleArgs(summary) : undefined;
  // `@Module(appMetadata)`, the metadata a const of the same file.
  const file = ev.summary(mod.file);
  const text = ev.host.text?.(mod.file);
  if (args?.k === "ref" && file && text !== undefined) args = metadataConst(file, text, args.name, summary!.span.start) ?? args;
  if (!summary || !args) return out;
  const value = ev.evaluate(args, ev.fileScope(mod.file), { calls: false });
  if (value.t !== "obj") {
    out.open.push({ text: ev.sourceText(args, mod.file), loc: value.loc, why: "the @Module metadata is not an object literal" });
    return out;
  }
  // Nest registers a module's class as a provider of that module, so 1.9 scans its methods too.
  out.controllers.push({ cls: mod, summary, listedAt: { file: mod.file, span: summary.nameSpan } });
  for (const [key, entry] of value.entries) {
    if (key.startsWith("$")) out.open.push({ text: "...", loc: entry.value.loc, why: "the @Module metadata has a spread or key that is only known when it runs" });
    if (key !== "controllers" && key !== "providers") continue;
    const { sure, conditional } = items(ev, entry.value, out, key, "open");
    out.controllers.push(...listed(ev, sure));
    out.maybeControllers.push(...conditional.flatMap((c) => listed(ev, [c]).map((l) => ({ ...l, why: c.why }))));
  }
  return out;
}

/**
 * Classes a dynamic module of the workspace lists besides its module's metadata (`providers`,
 * `controllers` of the literal a static `register()` returns), added to `out` as moduleOwnClasses does.
 */
export function addListedClasses(ev: Evaluator, file: string, lists: readonly { readonly key: string; readonly expr: ValueExpr }[], out: AppClasses): void {
  for (const { key, expr } of lists) {
    const value = ev.evaluate(expr, ev.fileScope(file), { calls: false });
    const { sure, conditional } = items(ev, value, out, key, "open");
    out.controllers.push(...listed(ev, sure));
    out.maybeControllers.push(...conditional.flatMap((c) => listed(ev, [c]).map((l) => ({ ...l, why: c.why }))));
  }
}

/** `imports: [McpModule]` (or `ns.McpModule`): the 1.x module class itself, not a dynamic module it makes. */
function bareMcpModule(ev: Evaluator, loc: Loc): boolean {
  const text = ev.host.text?.(loc.file)?.slice(loc.span.start, loc.span.end).trim();
  const named = text === undefined ? undefined : /^(?:([A-Za-z_$][\w$]*)\s*\.\s*)?([A-Za-z_$][\w$]*)$/.exec(text);
  if (!named) return false;
  return named[1] !== undefined ? mcpNestExport(ev, loc.file, named[1], named[2]) === "McpModule" : mcpNestExport(ev, loc.file, named[2]!) === "McpModule";
}
