// SYNTAX TEST "source.tsx" "handler names and __capabilities__ in TSX"

/**
 * @mcpServer
//  ^^^^^^^^^ comment.block.documentation.tsx storage.type.class.jsdoc.mcp-server.mcp-capability-lens
 */
export class WidgetServer extends Base {
  static __capabilities__() {
//       ^^^^^^^^^^^^^^^^ source.tsx meta.class.tsx meta.method.declaration.tsx entity.name.function.capabilities.mcp-capability-lens
    return { ...super.__capabilities__(), tools: {} };
//                    ^^^^^^^^^^^^^^^^ support.function.capabilities.mcp-capability-lens
  }
  async handleListTools(ctx: unknown) {
//      ^^^^^^^^^^^^^^^ meta.class.tsx meta.method.declaration.tsx meta.definition.method.mcp-capability-lens entity.name.function.handler.mcp-capability-lens
    return <List caps={WidgetServer.__capabilities__()}>{this.handleCallTool(ctx)}</List>;
//                                  ^^^^^^^^^^^^^^^^ meta.embedded.expression.tsx support.function.capabilities.mcp-capability-lens
//                                                            ^^^^^^^^^^^^^^ meta.function-call.tsx entity.name.function.tsx - entity.name.function.handler.mcp-capability-lens
  }
  handleCallTool = (ctx: unknown) => <span title="handleListTools">handleGetPrompt() and WidgetServer.__capabilities__</span>;
//^^^^^^^^^^^^^^ meta.field.declaration.tsx meta.definition.property.mcp-capability-lens entity.name.function.handler.mcp-capability-lens
//                                                ^^^^^^^^^^^^^^^ string.quoted.double.tsx - entity.name.function.handler.mcp-capability-lens
//                                                                 ^^^^^^^^^^^^^^^ meta.jsx.children.tsx - entity.name.function.handler.mcp-capability-lens
//                                                                                                  ^^^^^^^^^^^^^^^^ meta.jsx.children.tsx - support.function.capabilities.mcp-capability-lens
  render() {
    return <Panel onList={() => handleListTools()} />;
//                              ^^^^^^^^^^^^^^^ meta.function-call.tsx - entity.name.function.handler.mcp-capability-lens
  }
  handleCompletion(ctx: unknown) {}
//^^^^^^^^^^^^^^^^ meta.definition.method.tsx entity.name.function.tsx - entity.name.function.handler.mcp-capability-lens
}

const View = () => <div>{/* handleListTools() */}</div>;
//                          ^^^^^^^^^^^^^^^ comment.block.tsx - entity.name.function.handler.mcp-capability-lens
