// `serveStdio((ctx) => { if (ctx.era === "legacy") throw new Error("upgrade"); ... })`: SDK v2 calls a
// factory per connection with the era it serves, so code under a condition on `ctx.era` runs for one
// era and not the other. The replay does not split the eras; such code is what happens in one of them.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowEventEntry, FlowUnit } from "../../core/model/summary";
import { ts } from "../../core/typescript";
import { nodeAt, parsedSource } from "./containerStores";

/** Whether the event is under an `if`/`?:` whose condition reads `<first parameter>.era`. */
export function underEraCondition(ev: Evaluator, file: string, unit: FlowUnit, entry: FlowEventEntry): boolean {
  const param = unit.params[0];
  const regions = entry.branches;
  if (!param || !regions || regions.length === 0) return false;
  const sf = parsedSource(ev, file);
  if (!sf) return false;
  const reads = new RegExp(`(?<![\\w$.])${param.replace(/\$/g, "\\$")}\\s*\\??\\.\\s*era\\b`);
  return regions.some((region) => {
    const m = /^(\d+):(\d+)$/.exec(region);
    const node = m ? nodeAt(sf, { start: Number(m[1]), end: Number(m[2]) }) : undefined;
    const parent = node?.parent;
    const condition = parent && ts.isIfStatement(parent) ? parent.expression : parent && ts.isConditionalExpression(parent) ? parent.condition : undefined;
    return condition !== undefined && reads.test(condition.getText(sf));
  });
}

/**
 * The factory an entry point is given, written inline (`(ctx) => { if (ctx.era === "legacy") throw …;
 * return build(); }`): a throw in it on every way through, or under a condition on the era, with why.
 */
export function factoryThrow(ev: Evaluator, file: string, factoryStart: number): { readonly loc: { file: string; span: { start: number; end: number } }; readonly why: string } | undefined {
  const unit = ev.summary(file)?.flow?.units.find((u) => u.kind === "closure" && u.span.start === factoryStart);
  if (!unit) return undefined;
  for (const entry of unit.events) {
    if (entry.event.k !== "throw") continue;
    const loc = { file, span: entry.event.span };
    if (!entry.conditional) return { loc, why: `the factory given to the entry point throws on every call, so no era is served` };
    if (underEraCondition(ev, file, unit, entry)) return { loc, why: `the factory given to the entry point throws for the era its condition names, which then gets an error instead of the capabilities` };
  }
  return undefined;
}
