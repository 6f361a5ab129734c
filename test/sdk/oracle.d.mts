// Types of oracle.mjs (the runner is plain ESM so it can also run as a script).

export type Capabilities = Record<string, unknown>;

/** "ok" when the method answered with a result, else the JSON-RPC error code (-32601: no handler). */
export type ProbeOutcome = "ok" | number | string;

export interface OracleResult {
  fixture: string;
  sdk?: "v1" | "v2";
  entry?: string;
  /** `capabilities` of the `initialize` reply (2025-11-25), or null when not served / refused. */
  legacy: Capabilities | null;
  /** `capabilities` of the `server/discover` reply (2026-07-28), or null when not served / refused. */
  modern: Capabilities | null;
  /** The SDK error thrown while importing or starting the fixture; both eras are null then. */
  threw: string | null;
  probes: { legacy?: Record<string, ProbeOutcome>; modern?: Record<string, ProbeOutcome> };
  details: Record<string, unknown>;
  /** The child's stderr (not part of the observation). */
  stderr?: string;
}

export const ORACLE_MARK: string;
export const PROBES: ReadonlyArray<readonly [string, Record<string, unknown>]>;

/** Runs the oracle on one fixture directory in a child process (`node --import tsx`). */
export function runOracle(fixtureDir: string, options?: { timeoutMs?: number }): Promise<OracleResult>;

/** Observes one fixture in the calling process (imports its module): what the oracle processes run. */
export function observe(fixtureDir: string): Promise<OracleResult>;
