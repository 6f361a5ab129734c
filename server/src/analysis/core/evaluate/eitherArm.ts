// `if (readOnly) register(readTools) else register(allTools)`: whichever arm runs does the same kind of
// thing, so what both arms do happens whenever the `if` is reached. The arms of one `if`/`else` (or
// `?:`) an event is uncertain only by, when they read alike (neither declares a name the event reads,
// leaves early or connects), and the event of the other arm that matches it.
import type { Evaluator } from "./evaluator";
import type { FlowEventEntry, FlowUnit, ValueExpr } from "../model/summary";
import { otherArm, regionEntered, regionsNeverRun } from "./knownConditions";
import { nodeAt } from "../summarize/nodeAt";
import { parsedSource } from "../summarize/parsedSource";
import { ts } from "../typescript";

/**
 * `if (key) { registerReader(server); registerSearch(server) } else { registerReader(server) }`: the
 * same helper call, written alike in both arms, runs whichever arm is taken: the first of the two is
 * certain, and the other (returned, for the walk to skip) does what it does, in a run that never
 * makes the first.
 */
export function sameCallInEitherArm(ev: Evaluator, file: string, unit: FlowUnit, entry: FlowEventEntry, within: readonly string[]): FlowEventEntry | undefined {
  const { event } = entry;
  if (event.k !== "invoke") return undefined;
  const text = ev.textAt(file, event.span);
  if (text === undefined) return undefined;
  const names = [...(rootName(event.callee) ? [rootName(event.callee)!] : []), ...event.args.flatMap((a) => (a ? [a[0]!] : []))];
  if (names.length === 0) return undefined;
  return inEitherArm(ev, file, unit, entry, within, names, (other) => other.event.k === "invoke" && other.event.span.start > event.span.start && ev.textAt(file, other.event.span) === text);
}

function rootName(e: ValueExpr): string | undefined {
  return e.k === "ref" ? e.name : e.k === "get" ? rootName(e.object) : undefined;
}

/** A statement that leaves an arm, or a connect (after which registering throws), anywhere in it. */
const LEAVES = /\b(?:break|continue|throw)\b|\.\s*connect\s*\(/;
/** The same for a clause of a `switch`, which a `return` leaves too (an arm's returns are events the walk sees). */
const CLAUSE_LEAVES = /\b(?:break|continue|throw|return)\b|\.\s*connect\s*\(/;

/**
 * Whether the two arms of the `if` read alike: neither declares one of `names` (the same text would
 * name something else there), and neither leaves early in a way the walk does not see or connects.
 */
function armsAlike(ev: Evaluator, file: string, regions: readonly string[], names: readonly string[]): boolean {
  for (const region of regions) {
    const [start, end] = region.split(":").map(Number) as [number, number];
    const text = ev.textAt(file, { start, end });
    if (text === undefined || LEAVES.test(text)) return false;
    for (const name of names) if (new RegExp(`\\b(?:const|let|var|function|class)\\b[^;=]*?(?<![\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`).test(text)) return false;
  }
  return true;
}

/**
 * The arm of an `if`/`else` (or `?:`) that is all that is uncertain about `entry` beyond `within` (every
 * region inside it is entered for certain), with the other arm, when the two read alike (armsAlike).
 */
function uncertainArm(ev: Evaluator, file: string, unit: FlowUnit, entry: FlowEventEntry, within: readonly string[], names: readonly string[]): { readonly prefix: readonly string[]; readonly region: string; readonly other: string } | undefined {
  const { branches } = entry;
  if (!entry.conditional || !branches || branches.length <= within.length || !within.every((b, i) => branches[i] === b)) return undefined;
  const rest = branches.slice(within.length);
  const open = rest.findIndex((r) => regionEntered(ev, file, unit, r) !== true);
  if (open < 0 || !enteredFrom(ev, file, unit, rest, open + 1)) return undefined;
  const region = rest[open]!;
  const other = otherArm(ev, file, region);
  if (!other || !armsAlike(ev, file, [region, other], names)) return undefined;
  return { prefix: branches.slice(0, within.length + open), region, other };
}

/** Whether every region of `list` from `from` on is entered for certain. */
function enteredFrom(ev: Evaluator, file: string, unit: FlowUnit, list: readonly string[], from: number): boolean {
  return list.slice(from).every((r) => regionEntered(ev, file, unit, r) === true);
}

/**
 * The event of the other arm of the one `if`/`else` (or `?:`) `entry` is not certain to enter that
 * `matches`, when every other region beyond `within` (the construction's own branches) of both is
 * certainly entered and nothing in that arm may leave before it.
 */
export function inEitherArm(ev: Evaluator, file: string, unit: FlowUnit, entry: FlowEventEntry, within: readonly string[], names: readonly string[], matches: (other: FlowEventEntry) => boolean): FlowEventEntry | undefined {
  const found = uncertainArm(ev, file, unit, entry, within, names);
  if (!found) return undefined;
  const { prefix, other: arm } = found;
  const inArm = (b: readonly string[] | undefined): b is readonly string[] => b !== undefined && b.length > prefix.length && prefix.every((r, i) => b[i] === r) && b[prefix.length] === arm;
  return unit.events.find((other, index) => {
    const b = other.branches;
    if (other === entry || !other.conditional || !inArm(b) || !matches(other)) return undefined;
    if (!enteredFrom(ev, file, unit, b, prefix.length + 1)) return undefined;
    // A return in that arm before it (`else { if (!ok) return; server.registerTool(...) }`) may skip it.
    return !unit.events.slice(0, index).some((e) => e.event.k === "return" && e.conditional && inArm(e.branches) && !regionsNeverRun(ev, file, unit, e));
  });
}

/** The arm of an `if`/`else` (or `?:`) an event runs in, as one of two alternatives (see armOf). */
export interface ArmOf {
  /** The two arms' regions, the first one first. */
  readonly key: string;
  readonly index: 0 | 1;
  /** Where the later of the two arms ends: past it, both have been walked. */
  readonly end: number;
}

/**
 * `if (readOnly) registerReaders(server); else registerAll(server);`: the arm an event is certain to
 * run in once that arm is taken, when the arm is all that is uncertain about it (the `if` is reached
 * for certain, nothing inside the arm around it is uncertain) and neither arm leaves early or
 * connects. The two arms are then the alternatives of a join (alternatives.ts): a key both add is
 * advertised whichever is taken.
 */
export function armOf(ev: Evaluator, file: string, unit: FlowUnit, entry: FlowEventEntry, within: readonly string[]): ArmOf | undefined {
  const found = uncertainArm(ev, file, unit, entry, within, []);
  if (!found) return undefined;
  const { region, other } = found;
  const [[a0, a1], [b0, b1]] = [region, other].map((r) => r.split(":").map(Number) as [number, number]) as [[number, number], [number, number]];
  const first = a0 < b0;
  return { key: first ? `${region}|${other}` : `${other}|${region}`, index: first ? 0 : 1, end: Math.max(a1, b1) };
}

/**
 * `switch (mode) { case "de": server.addPrompt(de); break; default: server.addPrompt(en) }`: whether
 * every clause of the one `switch` `entry` is uncertain by beyond `within` (the other regions it is in
 * are entered for certain) reaches a statement `does` takes before anything can leave it, falling through to the
 * clauses after it as JavaScript does, and the switch has a `default`: then one of those statements
 * runs whenever the `switch` is reached.
 */
export function everyCaseDoes(ev: Evaluator, file: string, unit: FlowUnit, entry: FlowEventEntry, does: (statement: ts.Statement, sf: ts.SourceFile) => boolean, within: readonly string[] = []): boolean {
  const { branches } = entry;
  if (!entry.conditional || !branches || branches.length <= within.length || !within.every((b, i) => branches[i] === b)) return false;
  const rest = branches.slice(within.length);
  const open = rest.findIndex((r) => regionEntered(ev, file, unit, r) !== true);
  if (open < 0 || !enteredFrom(ev, file, unit, rest, open + 1)) return false;
  const sf = parsedSource(ev, file);
  const [start, end] = rest[open]!.split(":").map(Number) as [number, number];
  const block = sf ? nodeAt(sf, { start, end }, ts.isCaseBlock) : undefined;
  if (!sf || !block || !ts.isCaseBlock(block) || !block.clauses.some(ts.isDefaultClause)) return false;
  const statements = block.clauses.map((c) => [...c.statements]);
  return statements.every((_, i) => {
    for (const st of statements.slice(i).flat()) {
      if (does(st, sf)) return true;
      if (CLAUSE_LEAVES.test(st.getText(sf))) return false;
    }
    return false;
  });
}
