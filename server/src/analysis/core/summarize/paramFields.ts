// The fields a destructured parameter takes from the object it is given (`function f({ mcp, db: store })`
// → mcp → mcp, db → store): a server handed over inside an object literal goes by that local name in
// the callee. Only plain patterns count: a rest element (`{ mcp, ...rest }`), a nested pattern or a
// computed key keeps the object reachable in ways not followed, so the parameter gets null. Such a
// pattern's defaults (`{ name = "demo" }: Options = {}`) are what a call without those keys gives.
import type { PatternDefaults, ValueExpr } from "../model/summary";
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

/**
 * The defaults of a parameter written as a plain object pattern (`{ name = "demo" }: Options = {}`),
 * or null when it has none: each read as `read` makes it a value.
 */
export function patternDefaultsOf(p: ts.ParameterDeclaration, read: (e: ts.Expression) => ValueExpr): PatternDefaults | null {
  if (!ts.isObjectBindingPattern(p.name) || !plainFields(p.name)) return null;
  const fields: Record<string, ValueExpr> = {};
  for (const el of p.name.elements) {
    const prop = el.propertyName ?? el.name;
    // `__proto__` would set the record's prototype rather than a key (and no plain object lacks it).
    if (el.initializer && (ts.isIdentifier(prop) || ts.isStringLiteral(prop)) && prop.text !== "__proto__") fields[prop.text] = read(el.initializer);
  }
  if (!p.initializer && Object.keys(fields).length === 0) return null;
  return { fields, ...(p.initializer ? { whole: read(p.initializer) } : {}) };
}
