export class AuditBase { handleSetLogLevel(ctx, level) { /* … */ } }

// AuditBase and InventoryServer (inventory.ts) are the running example of the editor mock-ups, so
// both files are kept exactly as the screenshots show them (line 1 here, lines 1-11 there).
//
// AuditBase is a server of its own: a concrete handler other than handleComplete makes a class a
// server, and without __capabilities__ its base is the default trio. handleSetLogLevel adds
// "logging": {} in the legacy era, and gets the hint logging-deprecated: 2026-07-28 has no
// logging/setLevel (the modern era always advertises logging).
