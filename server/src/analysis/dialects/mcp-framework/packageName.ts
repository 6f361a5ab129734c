import type { ModuleQuestion } from "../../core/project/moduleReaches";

// The npm name of mcp-framework: how its imports are told apart (and where its version is read).
export const PACKAGE = "mcp-framework";

/** The package as the import-graph gate looks for it: no server is built where no import reaches it. */
export const FRAMEWORK_REACH: ModuleQuestion = { id: "mcp-framework", specifier: (specifier) => specifier === PACKAGE, hints: [PACKAGE] };
