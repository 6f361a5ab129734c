import type { Connection } from "vscode-languageserver";
import { CancelledError } from "../analysis/core/cancellation";

/**
 * Wraps a request handler so that nothing a file contains can take the server down: a cancelled
 * analysis answers `fallback`, and any other error is logged and answered with `fallback` too.
 */
export function guard<P, R, T>(
  connection: Connection,
  feature: string,
  fallback: R,
  handler: (params: P, token: T) => Promise<R> | R,
): (params: P, token: T) => Promise<R> {
  return async (params, token) => {
    try {
      return await handler(params, token);
    } catch (err) {
      if (!(err instanceof CancelledError)) {
        connection.console.error(`${feature} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      }
      return fallback;
    }
  };
}
