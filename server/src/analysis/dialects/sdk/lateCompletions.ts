// A prompt or resource template registered by a request handler (a tool's callback) runs after the
// server is connected, and the SDK refuses new capabilities then: McpServer's completion set-up calls
// registerCapabilities({ completions: {} }), which throws once a transport is connected (both v1 and
// v2), unless completions were already there. Either way such a registration cannot change what the
// server advertised, so its completers are not read (and one the analysis cannot read is no doubt).

/** Whether a registration's completers cannot add `completions` to what the server advertises. */
export function completionsTooLate(deferred: boolean): boolean {
  return deferred;
}
