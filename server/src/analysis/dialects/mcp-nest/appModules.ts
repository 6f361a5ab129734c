// Which classes a Nest application scans: the root module given to NestFactory, and every module it
// imports, with their `controllers` and `providers`. Read from the `@Module({...})` arguments; an entry
// that is not a class known statically (a dynamic module from `X.forRoot()`, a spread of a call) makes
// the set open, which is said rather than guessed.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { ClassRef, Loc, Value } from "../../core/evaluate/values";
import type { ClassSummary, FileSummary, ValueExpr } from "../../core/model/summary";

export interface ListedClass {
  readonly cls: ClassRef;
  readonly summary: ClassSummary;
  /** Where the class is named in the module's array. */
  readonly listedAt: Loc;
}

export interface AppClasses {
  readonly controllers: ListedClass[];
  readonly providers: ListedClass[];
  /** Entries whose classes cannot be known statically. */
  readonly open: { readonly text: string; readonly loc: Loc; readonly why: string }[];
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
  const out: AppClasses = { controllers: [], providers: [], open: [] };
  const seen = new Set<string>();
  const queue: ClassRef[] = [root];
  while (queue.length > 0 && seen.size < MAX_MODULES) {
    const mod = queue.shift()!;
    if (seen.has(mod.key)) continue;
    seen.add(mod.key);
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
      if (key === "imports") for (const item of items(entry.value, out, key)) queue.push(item.cls);
      else if (key === "controllers") out.controllers.push(...listed(ev, items(entry.value, out, key)));
      else if (key === "providers") out.providers.push(...listed(ev, items(entry.value, out, key)));
      else if (key.startsWith("$")) out.open.push({ text: "...", loc: entry.value.loc, why: "the @Module metadata has a spread or key that is only known when it runs" });
    }
  }
  return out;
}

function items(v: Value, out: AppClasses, key: string): { cls: ClassRef; loc: Loc }[] {
  if (v.t !== "arr") {
    out.open.push({ text: key, loc: v.loc, why: `the module's ${key} are not an array literal` });
    return [];
  }
  const found: { cls: ClassRef; loc: Loc }[] = [];
  v.items.forEach((item, i) => {
    const loc = v.itemLocs[i]!;
    if (item.t === "class") found.push({ cls: item.cls, loc });
    else if (item.t === "obj" && key === "providers") return; // `{ provide, useValue }`: not a class Nest scans for handlers
    else if (item.t === "dyn") out.open.push({ text: item.text, loc, why: item.why ?? `an entry of ${key} is only known when it runs` });
    else out.open.push({ text: key, loc, why: `an entry of ${key} is not a class` });
  });
  return found;
}

function listed(ev: Evaluator, found: { cls: ClassRef; loc: Loc }[]): ListedClass[] {
  return found.flatMap(({ cls, loc }) => {
    const summary = classOf(ev, cls);
    return summary ? [{ cls, summary, listedAt: loc }] : [];
  });
}

/** The `import` binding of a local name: where it comes from and what it is exported as. */
export function importOf(summary: FileSummary, local: string): { specifier: string; imported: string } | undefined {
  return summary.imports.get(local);
}
