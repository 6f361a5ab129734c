// What surely stops a program as its module loads, or may by accident: a `throw` (or
// `process.exit(...)`) the module's top level reaches on every way through it, in its own statements
// or in a function of the same file it calls by name (`main()`), followed in order but not into
// callbacks (a tool's handler runs per request, a timer later: neither is start-up); and
// `JSON.parse(process.env.X)` with no fallback, which throws when the variable is unset or not JSON.
// A throw or exit under a condition the source does not decide (`if (!process.env.API_KEY) throw`,
// `--help`, a sub-command) is the program's own guard on its configuration: the capabilities are what
// the server sends once it is configured to start, as every published server is run. Reporting those
// as "may not start" made 43 of the 225 real servers of test/realworld approximate with no key in
// doubt. A `try` whose catch keeps the program going takes the throw (caughtTry.ts).
import type { Evaluator } from "./evaluator";
import type { Loc } from "./values";
import type { FlowUnit } from "../model/summary";
import { ts } from "../typescript";
import { parsedSource } from "../summarize/parsedSource";
import { nodeAt } from "../summarize/nodeAt";
import { ENDS_PROGRAM_TEXT } from "../summarize/deadCode";
import { caughtAround } from "./caughtTry";
import { regionsRunCertainly } from "./knownConditions";
import { lineOf } from "./lineOf";
import { searchText } from "./textSearch";
import { mayNotStart, type UnknownPart } from "../model/unknown";

export interface StartupThrow {
  readonly loc: Loc;
  /** Reached on every way through the start-up (no condition on it or on a call leading to it). */
  readonly certain: boolean;
  /** One clause saying what happens and under which condition, with lines: for a reason. */
  readonly why: string;
}

/** `JSON.parse(process.env…`: the text says so before the tree is looked at. */
const ENV_JSON_PARSE = /JSON\s*\.\s*parse\s*\(\s*\(?\s*process\s*\.\s*env\b/;

/** How deep calls of the file's own functions are followed. */
const MAX_DEPTH = 6;

/** The start-up throws of `file`'s top level. */
export function startupThrows(ev: Evaluator, file: string): StartupThrow[] {
  const flow = ev.summary(file)?.flow;
  const top = flow?.units.find((u) => u.kind === "module");
  if (!flow || !top) return [];
  const out: StartupThrow[] = [];
  const seen = new Set<number>([top.id]);
  const name = file.slice(file.lastIndexOf("/") + 1);
  const at = (span: { start: number; end: number }): string => `${name}:${lineOf(ev, { file, span })}`;
  const walk = (unit: FlowUnit, depth: number, via: string): void => {
    for (const entry of unit.events) {
      const { event } = entry;
      // Under a condition: a guard on the configuration (see the top of the file), and so is all a
      // function called there does; a catch runs only when its try throws, a condition too.
      if (entry.conditional && !regionsRunCertainly(ev, file, unit, entry)) continue;
      if (caughtAround(ev, file, entry)) continue;
      if (event.k === "throw") {
        const what = event.exit ? `the program exits at ${at(event.span)}` : `the code throws at ${at(event.span)}`;
        out.push({ loc: { file, span: event.span }, certain: true, why: `${what}${via} whenever it starts` });
      } else if (event.k === "invoke" && event.callee.k === "ref" && depth < MAX_DEPTH) {
        const callee = event.callee.name;
        const fn = flow.units.find((u) => (u.kind === "function" || u.kind === "closure") && u.parent === top.id && u.name === callee && !u.bodiless);
        if (!fn || seen.has(fn.id)) continue;
        seen.add(fn.id);
        walk(fn, depth + 1, ` (in ${callee}(), called at ${at(event.span)})`);
      }
    }
  };
  walk(top, 0, "");
  return [...out, ...envJsonParses(ev, file, flow.units, seen, at)];
}

/**
 * For a dialect with no start-up error of its own for a program's throw: each start-up throw of
 * `file` as a "the server may not start" part (a certain one too: the analysis says so rather than
 * name an era that never comes).
 */
export function startupThrowParts(ev: Evaluator, file: string): UnknownPart[] {
  return startupThrows(ev, file).map((t) => ({ path: [], spread: true, reason: mayNotStart(t.why), loc: t.loc }));
}

/** `JSON.parse(process.env.X)` (with `!`, `as string`, parentheses) in the units the start-up runs, outside a catch that goes on. */
function envJsonParses(ev: Evaluator, file: string, units: readonly FlowUnit[], walked: ReadonlySet<number>, at: (span: { start: number; end: number }) => string): StartupThrow[] {
  if ((searchText(ev.host, file, "env-json-parse", ENV_JSON_PARSE) ?? -1) < 0) return [];
  const sf = parsedSource(ev, file);
  if (!sf) return [];
  const out: StartupThrow[] = [];
  for (const unit of units) {
    if (!walked.has(unit.id)) continue;
    const root = unit.kind === "module" ? sf : nodeAt(sf, unit.span, ts.isFunctionLike);
    const body = root && !ts.isSourceFile(root) && ts.isFunctionLike(root) ? (root as ts.FunctionLikeDeclaration).body : root;
    if (!body) continue;
    const visit = (n: ts.Node): void => {
      if (ts.isFunctionLike(n) || ts.isClassLike(n)) return;
      if (ts.isTryStatement(n)) {
        // A catch that goes on takes it; one that ends the program does not (nor does a finally alone).
        if (n.catchClause && !ENDS_PROGRAM_TEXT.test(n.catchClause.block.getText(sf))) {
          visit(n.catchClause.block);
          if (n.finallyBlock) visit(n.finallyBlock);
          return;
        }
      }
      if (ts.isCallExpression(n) && isJsonParse(n.expression) && n.arguments[0] !== undefined) {
        const variable = envRead(n.arguments[0]);
        if (variable) out.push({ loc: { file, span: { start: n.getStart(sf), end: n.end } }, certain: false, why: `JSON.parse throws at ${at({ start: n.getStart(sf), end: n.end })} when the environment variable ${variable} is unset or not JSON` });
      }
      ts.forEachChild(n, visit);
    };
    if (ts.isSourceFile(body)) body.statements.forEach(visit);
    else ts.forEachChild(body, visit);
  }
  return out;
}

function isJsonParse(e: ts.Expression): boolean {
  return ts.isPropertyAccessExpression(e) && e.name.text === "parse" && ts.isIdentifier(e.expression) && e.expression.text === "JSON";
}

/** The variable of `process.env.X` / `process.env["X"]` read as is (no `??`/`||` fallback). */
function envRead(e: ts.Expression): string | undefined {
  while (ts.isNonNullExpression(e) || ts.isAsExpression(e) || ts.isParenthesizedExpression(e) || ts.isTypeAssertionExpression(e)) e = e.expression;
  const env = (o: ts.Expression): boolean => ts.isPropertyAccessExpression(o) && o.name.text === "env" && ts.isIdentifier(o.expression) && o.expression.text === "process";
  if (ts.isPropertyAccessExpression(e) && env(e.expression)) return e.name.text;
  if (ts.isElementAccessExpression(e) && env(e.expression) && ts.isStringLiteralLike(e.argumentExpression)) return e.argumentExpression.text;
  return undefined;
}
