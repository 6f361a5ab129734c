/** The shape of LSP's cancellation token, so the analysis can take one without knowing LSP. */
export interface CancellationToken {
  readonly isCancellationRequested: boolean;
}

export class CancelledError extends Error {
  constructor() {
    super("analysis cancelled");
  }
}

export const NEVER_CANCELLED: CancellationToken = { isCancellationRequested: false };

export function throwIfCancelled(token: CancellationToken | undefined): void {
  if (token?.isCancellationRequested) throw new CancelledError();
}

/** A token that cancels itself once `ms` have passed: a time budget for one unit of work. */
export function deadlineToken(ms: number, outer?: CancellationToken): CancellationToken {
  const until = performance.now() + ms;
  return {
    get isCancellationRequested() {
      return (outer?.isCancellationRequested ?? false) || performance.now() > until;
    },
  };
}
