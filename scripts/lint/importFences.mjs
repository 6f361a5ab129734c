// An ESLint rule that keeps the project's layers apart ("fences"). Each fence names the files it
// applies to and what they may not import: packages by name, Node built-ins, or project folders.
// Relative specifiers are resolved against the importing file before matching, so `../../lsp/x`
// and `./a/../../lsp/x` are caught alike, whatever the importing file's depth. Resolution is lexical
// (no file-system look-ups): it is fast and a fence also catches imports of files that do not exist yet.
import { isBuiltin } from "node:module";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";

/** @typedef {{ name: string, from: string, packages?: string[], nodeBuiltins?: boolean, paths?: string[], message: string }} Fence */

const optionsSchema = [
  {
    type: "object",
    additionalProperties: false,
    required: ["root", "fences"],
    properties: {
      root: { type: "string" },
      fences: {
        type: "array",
        items: {
          type: "object",
          additionalProperties: false,
          required: ["name", "from", "message"],
          properties: {
            name: { type: "string" },
            from: { type: "string" },
            packages: { type: "array", items: { type: "string" } },
            nodeBuiltins: { type: "boolean" },
            paths: { type: "array", items: { type: "string" } },
            message: { type: "string" },
          },
        },
      },
    },
  },
];

const toPosix = (p) => p.split(sep).join("/");
const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// `$1`…`$9` in a target pattern stand for the groups captured by the fence's `from`, so one fence
// can say "a dialect imports no other dialect" for every dialect folder at once.
function compileTarget(pattern, captures) {
  return new RegExp(pattern.replace(/\$([1-9])/g, (_, i) => escapeRegExp(captures[Number(i)] ?? "")));
}

/** The fences that apply to one file, with their target patterns compiled for that file. */
function fencesFor(fences, file) {
  const active = [];
  for (const fence of fences) {
    const captures = new RegExp(fence.from).exec(file);
    if (!captures) continue;
    active.push({
      ...fence,
      packages: (fence.packages ?? []).map((p) => compileTarget(p, captures)),
      paths: (fence.paths ?? []).map((p) => compileTarget(p, captures)),
    });
  }
  return active;
}

function isPathSpecifier(specifier) {
  return specifier === "." || specifier === ".." || specifier.startsWith("./") || specifier.startsWith("../") || isAbsolute(specifier);
}

/** @type {import("eslint").Rule.RuleModule} */
export const importFences = {
  meta: {
    type: "problem",
    docs: { description: "Forbid imports that cross the project's layer fences" },
    schema: optionsSchema,
    messages: { fenced: 'Fence "{{fence}}": {{message}} (imports "{{specifier}}").' },
  },
  create(context) {
    const [{ root, fences }] = context.options;
    const filename = context.filename ?? context.getFilename();
    const file = toPosix(relative(root, filename));
    const active = fencesFor(fences, file);
    if (active.length === 0) return {};

    function check(sourceNode) {
      if (!sourceNode) return;
      let specifier;
      if (sourceNode.type === "Literal" && typeof sourceNode.value === "string") specifier = sourceNode.value;
      else if (sourceNode.type === "TemplateLiteral" && sourceNode.expressions.length === 0) specifier = sourceNode.quasis[0].value.cooked;
      else return;
      const target = isPathSpecifier(specifier) ? toPosix(relative(root, resolve(dirname(filename), specifier))) : undefined;
      for (const fence of active) {
        const broken = target !== undefined
          ? fence.paths.some((re) => re.test(target))
          : (fence.nodeBuiltins === true && isBuiltin(specifier)) || fence.packages.some((re) => re.test(specifier));
        if (broken) context.report({ node: sourceNode, messageId: "fenced", data: { fence: fence.name, message: fence.message, specifier } });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.source ?? node.argument?.literal),
      TSExternalModuleReference: (node) => check(node.expression),
      CallExpression: (node) => {
        if (node.callee.type === "Identifier" && node.callee.name === "require" && node.arguments.length === 1) check(node.arguments[0]);
      },
    };
  },
};

export default { rules: { imports: importFences } };
