// Two tools (prompts, resources, resource templates) added under one literal name. fastmcp keys what it
// holds by name: from 3.22.0 add*() first drops the one of the same name, so only the later is ever
// listed; before, both are listed under one name and a call runs the first found. Either way one of the
// two is never run, and nothing at run time says so (no throw, unlike the SDK's "already registered").
import type { Evaluator } from "../../core/evaluate/evaluator";
import { lineOf } from "../../core/evaluate/lineOf";
import type { Loc } from "../../core/evaluate/values";
import { diagnosticMaker, type AnalysisDiagnostic } from "../../core/model/diagnostics";
import { FASTMCP_CODES } from "./codes";
import type { Registration, Replay } from "./replay";
import { replacesByName } from "./rules";

const diagnostic = diagnosticMaker(FASTMCP_CODES);

/** The list each add*() and remove*() works on: the singular and the plural forms key the same list by name. */
const SINGULAR: Readonly<Record<string, string>> = { Tool: "tool", Prompt: "prompt", Resource: "resource", ResourceTemplate: "resource template" };
const listOf = (method: string): string | undefined => SINGULAR[method.replace(/^(?:add|remove)/, "").replace(/s$/, "")];

/**
 * Only adds that certainly run, in order, before the session is made: unconditional, written with a
 * literal name, and not in a method or override the analysis does not follow. A remove*() of the list
 * between them, or an add of the list whose name is not known, may change what the second one meets.
 */
export function duplicateNameDiagnostics(ev: Evaluator, replay: Replay, version: string | undefined, server: { name: string; loc: Loc }): AnalysisDiagnostic[] {
  const out: AnalysisDiagnostic[] = [];
  const seen = new Map<string, Registration>();
  const blurred = new Set(replay.removals.flatMap((r) => listOf(r.method) ?? []));
  for (const r of replay.registrations) {
    const list = listOf(r.method);
    if (list === undefined || blurred.has(list)) continue;
    const sure = r.phase === "before" && !r.conditional && !r.inMethod && !r.overriddenBy && !r.orderUnknown && !r.resumes;
    if (!sure || r.name === undefined) {
      // What this one adds under an unknown name (or whether it runs) may be the one a later add replaces.
      if (r.name === undefined) blurred.add(list);
      continue;
    }
    const key = `${list}\u0000${r.name}`;
    const first = seen.get(key);
    if (!first) {
      seen.set(key, r);
      continue;
    }
    const at = `line ${lineOf(ev, first.loc)}${first.loc.file === r.loc.file ? "" : ` of ${first.loc.file.slice(first.loc.file.lastIndexOf("/") + 1)}`}`;
    const effect =
      version === undefined
        ? `from fastmcp 3.22.0 ${r.method}() drops the ${list} of the same name first, so the one added at ${at} is never listed; earlier releases list both under one name and run the first`
        : replacesByName(version)
          ? `fastmcp ${version} drops the ${list} of the same name first, so the one added at ${at} is never listed or run`
          : `fastmcp ${version} lists both under one name, and a call runs the one added at ${at}: this one is listed but never run`;
    out.push(diagnostic("fastmcp-duplicate-name", r.loc, `A second ${list} named "${r.name}" is added here: ${effect}. Give one of them another name.`, {
      server,
      related: [{ loc: first.loc, message: `the first ${list} named "${r.name}"` }],
    }));
  }
  return out;
}
