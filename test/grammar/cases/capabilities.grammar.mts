// SYNTAX TEST "source.ts" "__capabilities__ declarations and references"
// Declarations come from mcp-capability-lens.injection, references (X.__capabilities__) from mcp-capability-lens.references.injection.

export class PreviewServer extends Base {
  static __capabilities__() {
//       ^^^^^^^^^^^^^^^^ meta.class.ts meta.method.declaration.ts meta.definition.method.mcp-capability-lens entity.name.function.capabilities.mcp-capability-lens
//       ^^^^^^^^^^^^^^^^ - entity.name.function.handler.mcp-capability-lens
    return { ...super.__capabilities__(), tools: { listChanged: false } };
//                   ^ punctuation.accessor.mcp-capability-lens
//                    ^^^^^^^^^^^^^^^^ support.function.capabilities.mcp-capability-lens
  }
}
class Overrides extends PreviewServer {
  static override async __capabilities__<T>() { return PreviewServer.__capabilities__(); }
//                      ^^^^^^^^^^^^^^^^ meta.method.declaration.ts entity.name.function.capabilities.mcp-capability-lens
//                                                                   ^^^^^^^^^^^^^^^^ meta.function-call.ts support.function.capabilities.mcp-capability-lens
}
class AsField {
  static readonly __capabilities__ = () => ({ prompts: {} });
//                ^^^^^^^^^^^^^^^^ meta.field.declaration.ts meta.definition.property.mcp-capability-lens entity.name.function.capabilities.mcp-capability-lens
}
class AsValue {
  static __capabilities__ = { logging: {} };
//       ^^^^^^^^^^^^^^^^ meta.field.declaration.ts entity.name.function.capabilities.mcp-capability-lens
}
class AsGetter {
  static get __capabilities__() { return { completions: {} }; }
//           ^^^^^^^^^^^^^^^^ meta.method.declaration.ts entity.name.function.capabilities.mcp-capability-lens
}

// References in code.
const caps = PreviewServer.__capabilities__();
//                        ^ punctuation.accessor.mcp-capability-lens
//                         ^^^^^^^^^^^^^^^^ support.function.capabilities.mcp-capability-lens - entity.name.function.capabilities.mcp-capability-lens
const maybe = registry.get(name)?.__capabilities__?.();
//                              ^^ punctuation.accessor.optional.mcp-capability-lens
//                                ^^^^^^^^^^^^^^^^ support.function.capabilities.mcp-capability-lens
const viaCtor = (this as any).constructor.__capabilities__;
//                                        ^^^^^^^^^^^^^^^^ support.function.capabilities.mcp-capability-lens
const inTemplate = `caps: ${PreviewServer.__capabilities__()}`;
//                                        ^^^^^^^^^^^^^^^^ meta.template.expression.ts support.function.capabilities.mcp-capability-lens
PreviewServer
  .__capabilities__();
//^ punctuation.accessor.mcp-capability-lens
// ^^^^^^^^^^^^^^^^ support.function.capabilities.mcp-capability-lens

// ---- Negative cases ----
const s1 = "PreviewServer.__capabilities__()";
//                        ^^^^^^^^^^^^^^^^ string.quoted.double.ts - support.function.capabilities.mcp-capability-lens
const s2 = `PreviewServer.__capabilities__ ${"x.__capabilities__"}`;
//                        ^^^^^^^^^^^^^^^^ string.template.ts - support.function.capabilities.mcp-capability-lens
//                                               ^^^^^^^^^^^^^^^^ string.quoted.double.ts - support.function.capabilities.mcp-capability-lens
const re = /\.__capabilities__/;
//            ^^^^^^^^^^^^^^^^ string.regexp.ts - support.function.capabilities.mcp-capability-lens
  // PreviewServer.__capabilities__() in a line comment
//                 ^^^^^^^^^^^^^^^^ comment.line.double-slash.ts - support.function.capabilities.mcp-capability-lens
  /** See PreviewServer.__capabilities__ and {@link PreviewServer.__capabilities__}. */
//                      ^^^^^^^^^^^^^^^^ comment.block.documentation.ts - support.function.capabilities.mcp-capability-lens
//                                                               ^^^^^^^^^^^^^^^^ comment.block.documentation.ts - support.function.capabilities.mcp-capability-lens
const spread = { ...__capabilities__ };
//                  ^^^^^^^^^^^^^^^^ variable.other.readwrite.ts - support.function.capabilities.mcp-capability-lens
const near = [PreviewServer.__capabilities__X, PreviewServer.x__capabilities__, PreviewServer.capabilities];
//                          ^^^^^^^^^^^^^^^^^ variable.other.property.ts - support.function.capabilities.mcp-capability-lens
//                                                           ^^^^^^^^^^^^^^^^^ variable.other.property.ts - support.function.capabilities.mcp-capability-lens
function __capabilities__() { return {}; }
//       ^^^^^^^^^^^^^^^^ meta.definition.function.ts - entity.name.function.capabilities.mcp-capability-lens
const bare = __capabilities__();
//           ^^^^^^^^^^^^^^^^ meta.function-call.ts - support.function.capabilities.mcp-capability-lens entity.name.function.capabilities.mcp-capability-lens
class Near {
  static __capabilities__X() {}
//       ^^^^^^^^^^^^^^^^^ entity.name.function.ts - entity.name.function.capabilities.mcp-capability-lens
  static _capabilities_() {}
//       ^^^^^^^^^^^^^^ entity.name.function.ts - entity.name.function.capabilities.mcp-capability-lens
  static caps = { __capabilities__: 1, __capabilities__() {} };
//                ^^^^^^^^^^^^^^^^ meta.objectliteral.ts - entity.name.function.capabilities.mcp-capability-lens
//                                     ^^^^^^^^^^^^^^^^ meta.objectliteral.ts - entity.name.function.capabilities.mcp-capability-lens
}
interface HasCaps { __capabilities__(): object }
//                  ^^^^^^^^^^^^^^^^ meta.interface.ts - entity.name.function.capabilities.mcp-capability-lens
