// The fields a destructured parameter takes from the object it is given (`function f({ mcp, db: store })`
// → mcp → mcp, db → store): a server handed over inside an object literal goes by that local name in
// the callee. Only plain patterns count: a rest element (`{ mcp, ...rest }`), a nested pattern or a
// computed key keeps the object reachable in ways not followed, so the parameter gets null.
import { ts } from "../typescript";

export function paramFieldsOf(fn: ts.SignatureDeclaration): (Readonly<Record<string, string>> | null)[] {
  return fn.parameters.map((p) => (ts.isObjectBindingPattern(p.name) ? plainFields(p.name) : null));
}

export function plainFields(pattern: ts.ObjectBindingPattern): Readonly<Record<string, string>> | null {
  const out: Record<string, string> = {};
  for (const el of pattern.elements) {
    if (el.dotDotDotToken || !ts.isIdentifier(el.name)) return null;
    const prop = el.propertyName ?? el.name;
    const key = ts.isIdentifier(prop) || ts.isStringLiteral(prop) ? prop.text : undefined;
    if (key === undefined || Object.prototype.hasOwnProperty.call(out, key)) return null;
    out[key] = el.name.text;
  }
  return out;
}
