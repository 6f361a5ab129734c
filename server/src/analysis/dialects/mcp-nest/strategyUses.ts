// The uses of a strategy object the analysis does not model. Modelled: its construction, the calls of
// its methods on its name (register*/remove*, read by analyzeStrategy; listen, close, setHttpAdapter), and handing it to
// `NestFactory.createMicroservice(AppModule, { strategy })` or `app.connectMicroservice({ strategy })`.
// Any other mention hands it to code not followed that may call registerTool/registerResource/
// registerPrompt: `{ provide: MCP_STRATEGY, useValue: strategy }` (then any provider may inject it and
// register in onModuleInit; not when nothing can read that token: providedUnread.ts), a helper, an
// alias, a property set on it. Each is unknown at its place, never dropped. The files that import a
// strategy are read with the same rules when they, not its own file, give it to Nest
// (bootstrapElsewhere.ts); when its own file bootstraps the application, they are not searched.
import type { DialectRun } from "../../core/dialect";
import type { Loc } from "../../core/evaluate/values";
import type { FileSummary, FlowUnit, Span } from "../../core/model/summary";
import type { UnknownPart } from "../../core/model/unknown";
import { SK, type ts } from "../../core/typescript";
import type { Evaluator } from "../../core/evaluate/evaluator";
import { RUNTIME_METHODS, strategiesGiven, type StrategySite } from "./findStrategies";
import { providedUnread } from "./providedUnread";
import { forEachToken } from "../../core/summarize/codeTokens";

const KEYS = ["tools", "resources", "prompts"] as const;
/** Methods of McpStrategy that cannot add a tool, resource or prompt (setHttpAdapter only keeps the adapter: the README's HTTP main.ts calls it). */
const HARMLESS = new Set(["listen", "close", "setHttpAdapter"]);
/** Modifiers before a class member's or parameter property's name (`private readonly strategy: McpStrategy`). */
const MODIFIERS = new Set([SK.PrivateKeyword, SK.ProtectedKeyword, SK.PublicKeyword, SK.ReadonlyKeyword, SK.StaticKeyword, SK.DeclareKeyword, SK.OverrideKeyword, SK.AbstractKeyword, SK.AccessorKeyword]);

const all = (reason: string, loc: Loc): UnknownPart[] => KEYS.map((k) => ({ path: [k], reason, loc }));

export function strategyUses(run: DialectRun, site: StrategySite): UnknownPart[] {
  const { file, event } = site;
  const target = event.target;
  if (!target) return [];
  if (target.length !== 1) return all(`the strategy is kept in ${target.join(".")}, whose uses the analysis does not follow: they may register tools, resources or prompts`, { file, span: event.nameSpan });
  return usesIn(run, run.ev, file, target[0]!, site.unit, new Set([event.nameSpan.start]));
}

/**
 * The uses of the strategy, held by `name`, within `unit` of `file` that are not modelled, each
 * unknown at its place. `skip`: the starts of mentions accounted for already (its declaration).
 * Mentions in import clauses are not uses. `ev` reads the file's summary with its flow.
 */
export function usesIn(run: DialectRun, ev: Evaluator, file: string, name: string, unit: FlowUnit, skip: ReadonlySet<number>): UnknownPart[] {
  const summary = ev.summary(file);
  const text = ev.host.text?.(file);
  if (!summary || text === undefined || text.length !== summary.textLength) return all("the file's text is not at hand to find the uses of the strategy", { file, span: unit.span });
  const units = summary.flow?.units ?? [];
  const explained = explainedAt(summary, name);
  const imports = [...summary.imports.values()].map((b) => b.span);
  const modules = summary.classes.flatMap((c) => c.decorators.filter((d) => d.name === "Module").map((d) => d.span));
  const out: UnknownPart[] = [];
  for (const at of mentions(text, name, unit.span)) {
    if (skip.has(at.start) || explained.has(at.start) || shadowed(units, unit, at.start, name)) continue;
    if (imports.some((s) => at.start >= s.start && at.end <= s.end)) continue;
    // `strategy.listen()`, `strategy.close()`: calls the flow summary need not keep.
    if (HARMLESS.has(/^\s*\.\s*([\w$]+)\s*\(/.exec(text.slice(at.end, at.end + 60))?.[1] ?? "")) continue;
    const inModule = modules.some((s) => at.start >= s.start && at.end <= s.end);
    // `{ provide: MCP_STRATEGY, useValue: strategy }` with nothing that could read the token (providedUnread.ts).
    if (inModule && providedUnread(run, ev, file, summary, at)) continue;
    out.push(...all(inModule
      ? `${name} is given to Nest's dependency injection in @Module(...): a class that injects it may call registerTool/registerResource/registerPrompt, which the analysis does not follow`
      : `${name} is used here in a way the analysis does not follow (only its own method calls and NestFactory.createMicroservice/connectMicroservice({ strategy }) are read): what it reaches may register tools, resources or prompts`,
      { file, span: at }));
  }
  return out;
}

/** Where the name is read as the modelled uses read it: a method call's receiver, the `strategy` option of the Nest factories. */
function explainedAt(summary: FileSummary, name: string): Set<number> {
  const out = new Set<number>();
  for (const u of summary.flow?.units ?? []) {
    for (const { event } of u.events) {
      if (event.k === "call" && event.receiver.length === 1 && event.receiver[0] === name && RUNTIME_METHODS.has(event.method)) out.add(event.span.start);
    }
  }
  for (const given of strategiesGiven(summary)) if (given.k === "ref" && given.name === name) out.add(given.span.start);
  return out;
}

/** Whether a function between the mention and the strategy's own body declares the same name. */
function shadowed(units: readonly FlowUnit[], home: FlowUnit, at: number, name: string): boolean {
  const inner = units.filter((u) => u.span.start <= at && at < u.span.end).sort((a, b) => b.span.start - a.span.start)[0];
  for (let u: FlowUnit | undefined = inner; u && u.id !== home.id; u = u.parent === null ? undefined : units[u.parent]) {
    if (u.params.includes(name) || u.locals?.includes(name) || u.paramFields?.some((f) => f && Object.values(f).includes(name))) return true;
  }
  return false;
}

/**
 * Where code within `span` names the binding: identifiers spelling it, not a property (`this.strategy`),
 * an object literal's key, a member's or parameter property's name, or an export clause (exporting it
 * hands it to no code by itself). Comments and strings do not count.
 */
function mentions(text: string, name: string, span: Span): Span[] {
  const out: Span[] = [];
  let before: ts.SyntaxKind = SK.Unknown;
  let twoBefore: ts.SyntaxKind = SK.Unknown;
  let exportClause = false;
  forEachToken(text, span, (t, scanner) => {
    const prev = before;
    const prev2 = twoBefore;
    twoBefore = before;
    before = t;
    if (t === SK.OpenBraceToken && prev === SK.ExportKeyword) exportClause = true;
    else if (t === SK.CloseBraceToken) exportClause = false;
    if (t !== SK.Identifier || scanner.getTokenValue() !== name || exportClause) return;
    if (prev === SK.DotToken || prev === SK.QuestionDotToken || MODIFIERS.has(prev)) return;
    if (prev === SK.DefaultKeyword && prev2 === SK.ExportKeyword) return;
    const end = scanner.getTokenEnd();
    if ((prev === SK.OpenBraceToken || prev === SK.CommaToken) && /^\s*:(?!:)/.test(text.slice(end, end + 40))) return;
    out.push({ start: scanner.getTokenStart(), end });
  });
  return out;
}
