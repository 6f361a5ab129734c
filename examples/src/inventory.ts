// Inventory MCP server: stock look-ups and change feeds
import { AuditBase } from "./audit-base";
export class InventoryServer extends AuditBase {
  static __capabilities__() {
    return { tools: { listChanged: false }, resources: { listChanged: false } };
  }
  handleCallTool(ctx, name, args) { /* … */ }
  handleReadResource(ctx, uri) { /* … */ }
  handleSubscribeResource(ctx, uri) { /* … */ }
  handleCompletion(ctx, ref, argument) { /* … */ }
}

// The running example of the editor mock-ups (keep lines 1-11 as they are: screenshots are made
// from them).
//
// - The base is what __capabilities__() returns: tools and resources, no prompts.
// - handleSubscribeResource turns on resources.subscribe in the legacy era (the base has resources).
// - handleSetLogLevel is inherited from AuditBase (audit-base.ts): legacy "logging": {}.
// - handleCompletion is a typo for handleComplete (Damerau-Levenshtein distance 3), so completions
//   is advertised in neither era: handler-misspelled, with the quick fix "Rename to handleComplete".
//
// legacy: {"logging":{},"resources":{"listChanged":false,"subscribe":true},"tools":{"listChanged":false}}
// modern: {"logging":{},"resources":{"listChanged":true,"subscribe":true},"tools":{"listChanged":true}}
