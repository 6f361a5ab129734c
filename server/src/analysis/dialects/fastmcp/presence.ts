// Whether the session a client talks to holds a primitive when it is created: certainly (a
// registration that surely runs before start()), maybe (with why), or not at all.
import type { Loc } from "../../core/evaluate/values";
import type { Registration, Removal, Replay } from "./replay";
import { SINGULAR, type Primitive } from "./rules";

/** `late`: the only doubt is a registration after start() on a transport that opens sessions later. */
export type Presence = { k: "yes"; by: Registration } | { k: "maybe"; reason: string; loc: Loc; late?: true } | { k: "no" };

/** Whether the session the client talks to holds at least one of a primitive when it is created. */
export function presence(replay: Replay, key: Primitive, removesByName = false): Presence {
  const mine = replay.registrations.filter((r) => r.key === key && !(removesByName && removedForGood(replay, r)));
  const isSure = (r: Registration): boolean => r.phase === "before" && (!r.conditional || r.eitherArm === true) && !r.maybeEmpty && !r.overriddenBy;
  const sure = mine.find(isSure);
  const removals = replay.removals.filter((r) => r.key === key && r.phase === "before");
  // A removal that may run before the session is built, or not (after a start() that awaits
  // `authenticate` first, in a callback), or after a start() whose sessions open later (HTTP).
  const opensLater = replay.start !== undefined && replay.start.transport !== "stdio" && replay.start.transport !== "custom";
  const uncertain = replay.removals.filter((r) => r.key === key && (r.phase === "deferred" || (r.phase === "after" && opensLater)));
  const removal = removals[0] ?? uncertain[0];
  if (sure && !removal) return { k: "yes", by: sure };
  // fastmcp (from 3.23.1 at least) removes by name: a registration whose literal name no removal before the session names
  // (each written as a literal, none overridden) on its list, or only one that surely ran before it was made, is in the session whatever runs.
  const ranBefore = (x: Removal, r: Registration): boolean => x.phase === "before" && x.after !== undefined && x.after <= replay.registrations.indexOf(r);
  const survivor = !removesByName ? undefined : mine.find((r) => isSure(r) && r.name !== undefined && [...removals, ...uncertain].every((x) => ranBefore(x, r) || (x.names !== undefined && !x.overriddenBy && (listOf(x.method) !== listOf(r.method) || !x.names.includes(r.name!)))));
  if (survivor) return { k: "yes", by: survivor };
  if (sure && removals[0]) return { k: "maybe", reason: `${removals[0].method}() before the session is created may remove the last ${SINGULAR[key]}`, loc: removals[0].loc };
  if (sure && removal) return { k: "maybe", reason: `${removal.method}() may run before the session is created, and remove the last ${SINGULAR[key]}, or after it`, loc: removal.loc };
  const early = mine.find((r) => r.phase === "before");
  if (early) return { k: "maybe", reason: early.overriddenBy ? overrideReason(early.method, early.overriddenBy, key) : early.maybeEmpty ? `${early.method}() is given a list that may be empty` : `${early.method}() runs only on some paths (a branch, a loop or a callback)`, loc: early.loc };
  const helper = replay.unfollowed.find((u) => u.phase === "before" && (!u.keys || u.keys.includes(key)));
  if (helper) return { k: "maybe", reason: helper.reason, loc: helper.loc };
  const later = mine.find((r) => r.phase === "deferred");
  const overriddenStart = replay.start?.overriddenBy;
  if (later && overriddenStart && later.orderUnknown) return { k: "maybe", reason: `${later.method}() comes after ${replay.start!.method}(), which runs ${overriddenStart}, the server class's override, not followed: whether the session is built before it is not known`, loc: later.loc };
  if (later) {
    const when = later.orderUnknown ? "may run before or after the session is built, in an order the analysis does not follow" : "runs at a time the analysis cannot know (in a callback or a function called later)";
    return { k: "maybe", reason: later.overriddenBy ? overrideReason(later.method, later.overriddenBy, key) : `${later.method}() ${when}`, loc: later.loc };
  }
  const afterHttp = mine.find((r) => r.phase === "after") && replay.start && replay.start.transport !== "stdio" && replay.start.transport !== "custom" ? mine.find((r) => r.phase === "after") : undefined;
  if (afterHttp) return { k: "maybe", reason: `${afterHttp.method}() comes after start(), whose transport is ${replay.start!.transport === "httpStream" ? "httpStream: sessions opened later see it, earlier ones do not" : "chosen at run time (argv or FASTMCP_TRANSPORT)"}`, loc: afterHttp.loc, late: true };
  return { k: "no" };
}

/**
 * Whether what a registration adds is surely gone when the session is built: it is made before start()
 * under a literal name, and a removal that surely runs before start(), after it, names it (each
 * written as a literal, on the same list: fastmcp keeps tools, prompts, resources and resource
 * templates apart, and drops from one only what has that name).
 */
function removedForGood(replay: Replay, r: Registration): boolean {
  if (r.phase !== "before" || r.name === undefined || r.overriddenBy) return false;
  const at = replay.registrations.indexOf(r);
  return replay.removals.some((x) => x.phase === "before" && !x.conditional && x.after !== undefined && x.after > at && !x.overriddenBy && listOf(x.method) === listOf(r.method) && (x.names?.includes(r.name!) ?? false));
}

/** `addTools`, `removeTool` → `Tool`: the list of the server a method adds to or removes from. */
const listOf = (method: string): string => method.replace(/^(add|remove)/, "").replace(/s$/, "");

/** Why a call of an overridden registration method leaves its key unknown. */
function overrideReason(method: string, by: string, key: Primitive): string {
  const what = by.startsWith("the function assigned") ? `in place of FastMCP's ${method}()` : `the server class's override of FastMCP's ${method}()`;
  return `${method}() runs ${by}, ${what}, which the analysis does not follow: whether it adds a ${SINGULAR[key]} is not known`;
}
