// SYNTAX TEST "source.ts" "@mcpServer JSDoc tag"

/**
 * A server the analyzer would not recognise otherwise.
 * @mcpServer
// ^ comment.block.documentation.ts storage.type.class.jsdoc.mcp-server.mcp-capability-lens punctuation.definition.block.tag.jsdoc
//  ^^^^^^^^^ comment.block.documentation.ts storage.type.class.jsdoc.mcp-server.mcp-capability-lens
//  ^^^^^^^^^ - storage.type.class.jsdoc
 */
export class Custom {}

/** @mcpServer */
//  ^^^^^^^^^^ storage.type.class.jsdoc.mcp-server.mcp-capability-lens
class OneLine {}

/**
 * @deprecated use Other.
 * @mcpServer @internal
//  ^^^^^^^^^ storage.type.class.jsdoc.mcp-server.mcp-capability-lens
//             ^^^^^^^^ storage.type.class.jsdoc - storage.type.class.jsdoc.mcp-server.mcp-capability-lens
 * @example
 * new Custom()
 * @mcpServer
//  ^^^^^^^^^ storage.type.class.jsdoc.mcp-server.mcp-capability-lens
 */
class AfterExample {}

class Members {
  /** @mcpServer on a member is still the tag */
//    ^^^^^^^^^^ storage.type.class.jsdoc.mcp-server.mcp-capability-lens
  handleListTools() {}
//^^^^^^^^^^^^^^^ entity.name.function.handler.mcp-capability-lens
}

// ---- Negative cases ----
/**
 * @mcpServers and @mcpServer_x are other tags.
//  ^^^^^^^^^^ storage.type.class.jsdoc - storage.type.class.jsdoc.mcp-server.mcp-capability-lens
//                  ^^^^^^^^^^^^ - storage.type.class.jsdoc.mcp-server.mcp-capability-lens
 * @McpServer is spelled differently.
//  ^^^^^^^^^ - storage.type.class.jsdoc.mcp-server.mcp-capability-lens
 */
class Other {}

/* @mcpServer in a plain block comment is not JSDoc */
// ^^^^^^^^^^ comment.block.ts - storage.type.class.jsdoc.mcp-server.mcp-capability-lens
  // @mcpServer in a line comment
//   ^^^^^^^^^^ comment.line.double-slash.ts - storage.type.class.jsdoc.mcp-server.mcp-capability-lens
const tag = "@mcpServer";
//           ^^^^^^^^^^ string.quoted.double.ts - storage.type.class.jsdoc.mcp-server.mcp-capability-lens
@mcpServer
class Decorated {}
