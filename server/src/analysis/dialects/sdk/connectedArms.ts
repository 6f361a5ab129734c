// Where a call stands to the connect() of the function it is in, by their branch regions (the
// `if`/`else` arms, loop bodies and operands each sits in). `if (sse) { …; await startSse() } else
// { server.registerCapabilities(…); await startStdio() }`: the registration is in the other arm of
// the `if` whose first arm connects, so it never runs after that connect().
import type { Evaluator } from "../../core/evaluate/evaluator";
import { runsAfter } from "./containerStores";
import { otherArm } from "../../core/evaluate/knownConditions";

/** `after`: the call runs once connected; `exclusive`: never after that connect(); `maybe`: after it if its region ran. */
export type ConnectedRelation = "after" | "exclusive" | "maybe";

export function connectedRelation(ev: Evaluator, file: string, connect: readonly string[], at: readonly string[]): ConnectedRelation {
  if (runsAfter(connect, at)) return "after";
  let i = 0;
  while (i < connect.length && i < at.length && connect[i] === at[i]) i++;
  if (i < connect.length && i < at.length && otherArm(ev, file, connect[i]!) === at[i]) return "exclusive";
  return "maybe";
}
