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
export const MAY_NOT_START = "the server may not start";

/** The reason of such a part: `the server may not start: <why>`. */
export const mayNotStart = (why: string): string => `${MAY_NOT_START}: ${why}`;

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
