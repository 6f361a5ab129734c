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
