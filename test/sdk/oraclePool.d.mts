// Types of oraclePool.mjs.
import type { OracleResult } from "./oracle.mjs";

export interface OraclePool {
  /**
   * The fixture observed by the long-lived oracle process of its SDK version (one fixture at a time):
   * "v1" or "v2" for the repository's own install, or a release whose fixtures load their own install.
   */
  observe(fixtureDir: string, sdk: string): Promise<OracleResult>;
  /** Ends the oracle processes; fixtures still waiting are rejected. */
  close(): void;
}

/** One oracle process per SDK version, started on first use; `timeoutMs` is per fixture. */
export function createOraclePool(options?: { timeoutMs?: number }): OraclePool;
