import type { ModuleQuestion } from "../../core/project/moduleReaches";

// The package the dialect reads, in a file of its own so that the modules that follow imports
// (reexports.ts) and the ones that find servers (findStrategies.ts) can both name it without a cycle.
export const PACKAGE = "@rekog/mcp-nest";

/**
 * The package's root, or a path into its build (`@rekog/mcp-nest/dist/mcp/decorators/tool.decorator`,
 * the shape an editor's auto-import writes): both give the same classes and decorators.
 */
export const isMcpNestSpecifier = (specifier: string): boolean => specifier === PACKAGE || specifier.startsWith(`${PACKAGE}/`);

/** `applyDecorators` and the other decorators of Nest's common package. */
export const NEST_COMMON = "@nestjs/common";

/** The package as the import-graph gate looks for it: no strategy is built where no import reaches it. */
export const MCP_NEST_REACH: ModuleQuestion = { id: "mcp-nest", specifier: isMcpNestSpecifier, hints: [PACKAGE] };
