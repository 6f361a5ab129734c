import { throwIfCancelled, type CancellationToken } from "../analysis/core/cancellation";

/**
 * Cuts a long synchronous loop into slices: call the returned function between items; every `sliceMs`
 * it yields to the event loop (so a `$/cancelRequest` or a hover can be read) and stops the loop with
 * a `CancelledError` once the request was cancelled.
 */
export function slicer(token: CancellationToken | undefined, sliceMs = 10): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < sliceMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    throwIfCancelled(token);
    sliceStart = performance.now();
  };
}
