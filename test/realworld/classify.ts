// The outcome of one corpus entry: how the analysis of its source compares with what its published
// build advertised. "confidently wrong" (marked exact, and not what the server sends) is the outcome
// that must never happen; "approximate, contradicted" is an approximate answer whose KNOWN part is
// already wrong, which is just as untrue where it speaks.
import type { JsonServer } from "../../server/src/cli/jsonReport";
import { describePart, isWithin, partsThatDiffer, type Part, type Path } from "./compare";
import type { CorpusEntry } from "./entry";

export type Outcome = "exact" | "approximate" | "approximate, contradicted" | "not found" | "confidently wrong" | "skipped (no snapshot)";

export const OUTCOMES: readonly Outcome[] = ["exact", "approximate", "approximate, contradicted", "not found", "confidently wrong", "skipped (no snapshot)"];

export interface Result {
  readonly id: string;
  readonly package: string;
  readonly version: string;
  readonly dialect: string;
  readonly outcome: Outcome;
  /** The dialect the analysis reported, when it found the server and it differs from the entry's. */
  readonly reportedDialect?: string;
  /** Unknown reasons, differing keys, contradictions or why the entry was skipped: one line each. */
  readonly details: string[];
}

const ERAS = ["legacy", "modern"] as const;
type Era = (typeof ERAS)[number];

interface UnknownPart {
  readonly path: Path;
  readonly reason: string;
  readonly file?: string;
  readonly line?: number;
  readonly era?: Era;
  readonly spread?: boolean;
}

/** The server of the report that the entry is about: by file (preferring the name there), then by name. */
export function findServer(entry: CorpusEntry, servers: readonly JsonServer[]): JsonServer | undefined {
  const inFile = servers.filter((s) => s.file === entry.server.file);
  const named = (list: readonly JsonServer[]) => (entry.server.name === undefined ? undefined : list.find((s) => s.name === entry.server.name));
  return named(inFile) ?? inFile[0] ?? named(servers);
}

const base = (entry: CorpusEntry) => ({ id: entry.id, package: entry.package, version: entry.version, dialect: entry.dialect });

export function skipped(entry: CorpusEntry, why: string): Result {
  return { ...base(entry), outcome: "skipped (no snapshot)", details: [why] };
}

export function notFound(entry: CorpusEntry, why: string): Result {
  return { ...base(entry), outcome: "not found", details: [why] };
}

export function classify(entry: CorpusEntry, servers: readonly JsonServer[]): Result {
  const server = findServer(entry, servers);
  if (!server) {
    const seen = servers.map((s) => `${s.file}#${s.name} (${s.dialect})`);
    return notFound(entry, seen.length === 0 ? "the analysis reported no server" : `the analysis reported only: ${seen.join(", ")}`);
  }
  const dialect = server.dialect === entry.dialect ? {} : { reportedDialect: server.dialect };
  const differences = ERAS.flatMap((era) => partsThatDiffer(server[era], entry.captured[era]).map((p) => ({ era, part: p })));
  if (server.exact) {
    if (differences.length === 0) return { ...base(entry), ...dialect, outcome: "exact", details: [] };
    return { ...base(entry), ...dialect, outcome: "confidently wrong", details: differences.map((d) => describePart(d.era, d.part)) };
  }
  const unknowns = (server.unknown as unknown as UnknownPart[]).map(unknownLine);
  const contradictions = differences.filter((d) => !covered(d.era, d.part, server.unknown as unknown as UnknownPart[]));
  if (contradictions.length === 0) return { ...base(entry), ...dialect, outcome: "approximate", details: unknowns };
  return {
    ...base(entry),
    ...dialect,
    outcome: "approximate, contradicted",
    details: [...contradictions.map((d) => `contradicted: ${describePart(d.era, d.part)}`), ...unknowns],
  };
}

/**
 * A difference is explained by an unknown part of the same era whose path is the differing key or one
 * of its ancestors (the value there, or what a spread adds there, is not known). An era the analysis
 * gives as null beside an unknown part at the top explains a served era, and the other way round.
 */
function covered(era: Era, part: Part, unknowns: readonly UnknownPart[]): boolean {
  return unknowns.some((u) => (u.era === undefined || u.era === era) && isWithin(part.path, u.path));
}

function unknownLine(u: UnknownPart): string {
  const where = u.file !== undefined ? ` (${u.file}${u.line !== undefined ? `:${u.line}` : ""})` : "";
  const path = u.path.length === 0 ? "(top level)" : u.path.join(".");
  return `${u.era ? `${u.era} ` : ""}${path}${u.spread ? " (spread)" : ""}: ${u.reason}${where}`;
}
