// The npm name of mcp-framework: how its imports are told apart (and where its version is read).
export const PACKAGE = "mcp-framework";
