// The package the dialect reads, in a file of its own so that the modules that follow imports
// (reexports.ts) and the ones that find servers (findStrategies.ts) can both name it without a cycle.
export const PACKAGE = "@rekog/mcp-nest";

/** `applyDecorators` and the other decorators of Nest's common package. */
export const NEST_COMMON = "@nestjs/common";
