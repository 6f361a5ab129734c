// SYNTAX TEST "source.ts" "handler names where a class declares them"
// Grammar test for syntaxes/mcp-capability-lens.injection.tmLanguage.json (run: node --test test/grammar/grammar.test.mjs).
// Lines that start with "//" and then ^ are assertions about the line above; they are not part of the tokenized source.
// Positive cases also name the host scope, and negative ones assert the host scope, so no check passes by pointing nowhere.

export class EchoServer extends Base {
  handleListTools(ctx: unknown) { return { tools: [] }; }
//^^^^^^^^^^^^^^^ source.ts meta.class.ts meta.method.declaration.ts meta.definition.method.mcp-capability-lens entity.name.function.handler.mcp-capability-lens
//^^^^^^^^^^^^^^^ - meta.definition.method.ts entity.name.function.ts
  async handleCallTool(ctx: unknown, name: string, args: Record<string, unknown>) { return { content: [] }; }
//^^^^^ storage.modifier.async.ts - entity.name.function.handler.mcp-capability-lens
//      ^^^^^^^^^^^^^^ meta.method.declaration.ts entity.name.function.handler.mcp-capability-lens
  static handleListResources(ctx: unknown) {}
//       ^^^^^^^^^^^^^^^^^^^ meta.method.declaration.ts entity.name.function.handler.mcp-capability-lens
  public async handleListResourceTemplates(ctx: unknown) {}
//             ^^^^^^^^^^^^^^^^^^^^^^^^^^^ meta.method.declaration.ts entity.name.function.handler.mcp-capability-lens
  private static async handleReadResource(ctx: unknown, uri: string) {}
//                     ^^^^^^^^^^^^^^^^^^ meta.method.declaration.ts entity.name.function.handler.mcp-capability-lens
  protected override handleSubscribeResource(ctx: unknown, uri: string) {}
//                   ^^^^^^^^^^^^^^^^^^^^^^^ meta.method.declaration.ts entity.name.function.handler.mcp-capability-lens
  override async handleUnsubscribeResource?(ctx: unknown, uri: string): Promise<void>;
//               ^^^^^^^^^^^^^^^^^^^^^^^^^ meta.method.declaration.ts entity.name.function.handler.mcp-capability-lens
  handleListPrompts<T extends object>(ctx: T) {}
//^^^^^^^^^^^^^^^^^ meta.method.declaration.ts entity.name.function.handler.mcp-capability-lens
  @traced() handleGetPrompt(ctx: unknown, name: string) {}
//          ^^^^^^^^^^^^^^^ meta.method.declaration.ts entity.name.function.handler.mcp-capability-lens
  @audit handleComplete(ctx: unknown, ref: unknown, argument: unknown) {}
//       ^^^^^^^^^^^^^^ meta.method.declaration.ts entity.name.function.handler.mcp-capability-lens
  get handleSetLogLevel() { return this.level; }
//    ^^^^^^^^^^^^^^^^^ meta.method.declaration.ts entity.name.function.handler.mcp-capability-lens

  // Multi-line signature: the name line is enough.
  handleCallTool(
//^^^^^^^^^^^^^^ meta.method.declaration.ts entity.name.function.handler.mcp-capability-lens
    ctx: unknown,
    handleListTools: unknown,
//  ^^^^^^^^^^^^^^^ variable.parameter.ts - entity.name.function.handler.mcp-capability-lens
  ): Promise<void> {}

  // Two members on one line.
  handleListTools() {} handleCallTool() {}
//^^^^^^^^^^^^^^^ entity.name.function.handler.mcp-capability-lens
//                     ^^^^^^^^^^^^^^ entity.name.function.handler.mcp-capability-lens
}

abstract class Properties {
  handleSetLogLevel = (ctx: unknown, level: string) => this.log(level);
//^^^^^^^^^^^^^^^^^ meta.field.declaration.ts meta.definition.property.mcp-capability-lens entity.name.function.handler.mcp-capability-lens
  handleReadResource = async (ctx: unknown) => ({ contents: [] });
//^^^^^^^^^^^^^^^^^^ meta.field.declaration.ts entity.name.function.handler.mcp-capability-lens
  readonly handleListPrompts = async (ctx: unknown): Promise<void> => {};
//         ^^^^^^^^^^^^^^^^^ meta.field.declaration.ts entity.name.function.handler.mcp-capability-lens
  static handleGetPrompt: Handler = (ctx) => ({});
//       ^^^^^^^^^^^^^^^ meta.field.declaration.ts entity.name.function.handler.mcp-capability-lens
  private handleComplete = this.complete.bind(this);
//        ^^^^^^^^^^^^^^ meta.field.declaration.ts entity.name.function.handler.mcp-capability-lens
  declare handleListTools: Handler;
//        ^^^^^^^^^^^^^^^ meta.field.declaration.ts entity.name.function.handler.mcp-capability-lens
  handleCallTool!: Handler;
//^^^^^^^^^^^^^^ meta.field.declaration.ts entity.name.function.handler.mcp-capability-lens
  handleListResources?: Handler;
//^^^^^^^^^^^^^^^^^^^ meta.field.declaration.ts entity.name.function.handler.mcp-capability-lens
  abstract handleListResourceTemplates(ctx: unknown): unknown;
//         ^^^^^^^^^^^^^^^^^^^^^^^^^^^ meta.method.declaration.ts entity.name.function.handler.mcp-capability-lens
}

// Mixins: a class expression returned from a function or an arrow.
export const WithTools = <T extends Ctor>(B: T) => class extends B {
  async handleListTools(ctx: unknown) { return { tools: [] }; }
//      ^^^^^^^^^^^^^^^ meta.class.ts meta.method.declaration.ts entity.name.function.handler.mcp-capability-lens
};
export function WithPrompts<T extends Ctor>(B: T) {
  return class extends B {
    handleListPrompts(ctx: unknown) { return { prompts: [] }; }
//  ^^^^^^^^^^^^^^^^^ meta.class.ts meta.method.declaration.ts entity.name.function.handler.mcp-capability-lens
  };
}
class OneLine { handleListTools() {} }
//              ^^^^^^^^^^^^^^^ entity.name.function.handler.mcp-capability-lens

// ---- Negative cases: nothing below is a handler declaration. ----
class NotHandlers {
  handleCompletion(ctx: unknown) {}
//^^^^^^^^^^^^^^^^ meta.definition.method.ts entity.name.function.ts - entity.name.function.handler.mcp-capability-lens
  handleCompleteX(ctx: unknown) {}
//^^^^^^^^^^^^^^^ entity.name.function.ts - entity.name.function.handler.mcp-capability-lens
  handleListTool(ctx: unknown) {}
//^^^^^^^^^^^^^^ entity.name.function.ts - entity.name.function.handler.mcp-capability-lens
  handlelisttools(ctx: unknown) {}
//^^^^^^^^^^^^^^^ entity.name.function.ts - entity.name.function.handler.mcp-capability-lens
  HandleListTools(ctx: unknown) {}
//^^^^^^^^^^^^^^^ entity.name.function.ts - entity.name.function.handler.mcp-capability-lens
  _handleListTools(ctx: unknown) {}
//^^^^^^^^^^^^^^^^ entity.name.function.ts - entity.name.function.handler.mcp-capability-lens
  handleListTools2 = () => 1;
//^^^^^^^^^^^^^^^^ meta.definition.property.ts - entity.name.function.handler.mcp-capability-lens
  #handleListTools() {}
// ^^^^^^^^^^^^^^^ - entity.name.function.handler.mcp-capability-lens
  "handleSubscribeResource"(ctx: unknown) {}
// ^^^^^^^^^^^^^^^^^^^^^^^ string.quoted.double.ts - entity.name.function.handler.mcp-capability-lens

  // handleListTools(ctx) {} in a line comment
//   ^^^^^^^^^^^^^^^ comment.line.double-slash.ts - entity.name.function.handler.mcp-capability-lens
  /* handleCallTool(ctx) {} in a block comment */
//   ^^^^^^^^^^^^^^ comment.block.ts - entity.name.function.handler.mcp-capability-lens
  /** handleCallTool(ctx) in a doc comment */
//    ^^^^^^^^^^^^^^ comment.block.documentation.ts - entity.name.function.handler.mcp-capability-lens
  /**
   * handleGetPrompt(ctx) {} is documented here.
//   ^^^^^^^^^^^^^^^ comment.block.documentation.ts - entity.name.function.handler.mcp-capability-lens
   * @example handleListTools(ctx)
//           ^^^^^^^^^^^^^^^ comment.block.documentation.ts - entity.name.function.handler.mcp-capability-lens
   * @see {@link handleListTools}
//              ^^^^^^^^^^^^^^^ comment.block.documentation.ts - entity.name.function.handler.mcp-capability-lens
   */
  name = "handleListTools";
//        ^^^^^^^^^^^^^^^ string.quoted.double.ts - entity.name.function.handler.mcp-capability-lens

  // Calls and references are not declarations.
  run() {
    handleListTools();
//  ^^^^^^^^^^^^^^^ meta.function-call.ts entity.name.function.ts - entity.name.function.handler.mcp-capability-lens
    return this.handleCallTool(ctx) ?? { handleListTools() {} };
//              ^^^^^^^^^^^^^^ meta.function-call.ts entity.name.function.ts - entity.name.function.handler.mcp-capability-lens
//                                       ^^^^^^^^^^^^^^^ meta.objectliteral.ts - entity.name.function.handler.mcp-capability-lens
  }
  viaArrow = (ctx: unknown) => handleGetPrompt(ctx);
//                             ^^^^^^^^^^^^^^^ meta.function-call.ts - entity.name.function.handler.mcp-capability-lens
  viaAlias = handleCallTool;
//           ^^^^^^^^^^^^^^ variable.other.readwrite.ts - entity.name.function.handler.mcp-capability-lens
  viaArgs = wrap(handleCallTool, handleListTools);
//               ^^^^^^^^^^^^^^ - entity.name.function.handler.mcp-capability-lens
//                               ^^^^^^^^^^^^^^^ - entity.name.function.handler.mcp-capability-lens
  viaTypeof = typeof handleCallTool;
//                   ^^^^^^^^^^^^^^ - entity.name.function.handler.mcp-capability-lens
  viaNew = new handleCallTool();
//             ^^^^^^^^^^^^^^ - entity.name.function.handler.mcp-capability-lens
  viaContinuation = compose(
    handleCallTool(x),
//  ^^^^^^^^^^^^^^ meta.function-call.ts - entity.name.function.handler.mcp-capability-lens
  );
  viaArrowBody = (ctx: unknown) =>
    handleListPrompts(ctx);
//  ^^^^^^^^^^^^^^^^^ meta.function-call.ts - entity.name.function.handler.mcp-capability-lens
  table = { handleListTools: () => 1, handleCallTool() {} };
//          ^^^^^^^^^^^^^^^ meta.objectliteral.ts - entity.name.function.handler.mcp-capability-lens
//                                    ^^^^^^^^^^^^^^ meta.objectliteral.ts - entity.name.function.handler.mcp-capability-lens
  shape?: { handleListTools(): void; handleCallTool: Handler };
//          ^^^^^^^^^^^^^^^ meta.type.annotation.ts - entity.name.function.handler.mcp-capability-lens
//                                   ^^^^^^^^^^^^^^ meta.type.annotation.ts - entity.name.function.handler.mcp-capability-lens
}

// Not class members.
interface Server { handleListTools(ctx: unknown): unknown; handleCallTool: Handler }
//                 ^^^^^^^^^^^^^^^ meta.interface.ts - entity.name.function.handler.mcp-capability-lens
//                                                         ^^^^^^^^^^^^^^ meta.interface.ts - entity.name.function.handler.mcp-capability-lens
type Table = { handleListTools(): void };
//             ^^^^^^^^^^^^^^^ - entity.name.function.handler.mcp-capability-lens
const literal = { handleListTools(ctx: unknown) {}, handleCallTool: (ctx: unknown) => ctx };
//                ^^^^^^^^^^^^^^^ meta.objectliteral.ts entity.name.function.ts - entity.name.function.handler.mcp-capability-lens
//                                                  ^^^^^^^^^^^^^^ meta.objectliteral.ts entity.name.function.ts - entity.name.function.handler.mcp-capability-lens
export function handleListTools(ctx: unknown) { return handleCallTool(ctx); }
//              ^^^^^^^^^^^^^^^ meta.function.ts entity.name.function.ts - entity.name.function.handler.mcp-capability-lens
//                                                     ^^^^^^^^^^^^^^ meta.function-call.ts - entity.name.function.handler.mcp-capability-lens
enum Names { handleListTools, handleCallTool = 1 }
//           ^^^^^^^^^^^^^^^ meta.enum.declaration.ts - entity.name.function.handler.mcp-capability-lens
