// The eras of a server whose factory other files hand, by reference, to SDK entry points
// (`serveStdio(buildServer)`): the entry point decides them, as it does for a factory in its own file.
import { differentEras, type ServedEras } from "./analyzeSdkServer";
import type { Replay } from "./replay";
import type { Evaluator } from "../../core/evaluate/evaluator";
import { markEraOpen, markInexact } from "./sdkState";
import { factoryThrow } from "./eraConditions";
import { basename } from "../../core/project/paths";
import { lineOf } from "../../core/evaluate/lineOf";

export function servedElsewhere(ev: Evaluator, replay: Replay): ServedEras | undefined {
  const [first, ...rest] = replay.servedBy;
  if (!first) return undefined;
  for (const s of replay.servedBy) {
    if (s.legacyUnknown) markEraOpen(replay.state, "legacy", `whether ${s.via} answers initialize depends on its options, which are not known statically`, s.loc);
    const thrown = factoryThrow(ev, s.loc.file, s.nameSpan.start);
    if (thrown) replay.startupThrows(thrown.loc, thrown.why);
  }
  // Served also by connect() (or by entry points answering other eras): which one a client meets is run time.
  const differs = rest.some((s) => s.legacy !== first.legacy || s.modern !== first.modern);
  if (differs || replay.state.connected) {
    markInexact(replay.state, `the server is served by ${[first, ...rest].map((s) => s.via).join(", ")}${replay.state.connected ? " and connect()" : ""}: which one a client meets, and so which eras it answers, is run time`);
    // Each era some entry point answers is stated, and left open (`isLegacyRequest` routing between a
    // strict createMcpHandler and legacyStatelessFallback answers both; which one a client meets is not read).
    const all = [first, ...rest];
    if (replay.state.connected) return { legacy: true, modern: false, via: "more than one entry point", unknown: true, loc: first.loc };
    return { ...differentEras(all, (s) => `${basename(s.loc.file)}:${lineOf(ev, s.loc)}`), via: "more than one entry point", loc: first.loc };
  }
  return { legacy: first.legacy, modern: first.modern, via: first.via, loc: first.loc };
}
