import type { Loc } from "../evaluate/values";
import type { Era } from "./serverReport";

/**
 * A part of a server's capabilities the analysis cannot know (cli.md `unknown`): the value at `path`,
 * or with `spread`, more keys the object at `path` may hold. The era objects never hold a placeholder
 * for it.
 */
export interface UnknownPart {
  readonly path: readonly string[];
  readonly source?: string;
  readonly spread?: true;
  /** One sentence: why it cannot be known. */
  readonly reason: string;
  readonly loc?: Loc;
  /** Only this era (absent: both). */
  readonly era?: Era;
}

/**
 * How every dialect begins the reason of an unknown part for code that may stop the server at
 * start-up (a throw or a rejection the analysis cannot prove is caught): the server may then answer
 * nothing at all, which `mcp-caps probe` takes as foreseen.
 */
export const MAY_NOT_START = "the server may not start" as const;

/** The reason of such a part: `the server may not start: <why>`. */
export const mayNotStart = (why: string): string => `${MAY_NOT_START}: ${why}`;

/**
 * How a dialect begins the reason of an unknown part for code that ends the program once it serves
 * (a throw right after an awaited start() that nothing is proven to catch): a client may get its first
 * answers, and none after; a slower one gets none. For `mcp-caps probe`, as foreseen as a server that
 * may not start.
 */
export const MAY_STOP_AFTER_START = "the server may stop right after it starts" as const;

/** The reason of such a part: `the server may stop right after it starts: <why>`. */
export const mayStopAfterStart = (why: string): string => `${MAY_STOP_AFTER_START}: ${why}`;

/** The prefix of a reason saying the server may answer nothing at all (it may not start, or stop right after), if it has one. */
export function answersNothingPrefix(reason: string): typeof MAY_NOT_START | typeof MAY_STOP_AFTER_START | undefined {
  return ([MAY_NOT_START, MAY_STOP_AFTER_START] as const).find((prefix) => reason.startsWith(`${prefix}: `));
}

/** Entries sorted by path (joined with `.`), then source, without duplicates. */
export function sortUnknown(parts: readonly UnknownPart[]): UnknownPart[] {
  const seen = new Set<string>();
  const out: UnknownPart[] = [];
  for (const p of parts) {
    const key = JSON.stringify([p.path, p.source ?? "", p.spread ?? false, p.era ?? "", p.reason]);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(p);
  }
  return out.sort((a, b) => cmp(a.path.join("."), b.path.join(".")) || cmp(a.source ?? "", b.source ?? "") || cmp(a.era ?? "", b.era ?? ""));
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
