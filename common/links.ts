// Where the project's documentation lives, for every bundle (the CLI included, which must not pull in
// the LSP protocol library that common/protocol.ts imports).

export const REPOSITORY_URL = "https://github.com/mcp-capability-lens/mcp-capability-lens";
/** Where each diagnostic code's rule is documented (the README's rule table has an anchor per code). */
export const RULES_URL = `${REPOSITORY_URL}/blob/main/README.md#rule-`;
