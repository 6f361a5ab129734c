// TypeScript, as ts-morph bundles it, bound once. ts-morph exports `ts` through a getter, so every
// `ts.isIdentifier(node)` written against the package re-runs that getter; the summarisers do that
// for every node of every file. Import `ts` from here instead (types and values alike).
import * as morph from "ts-morph";

export import ts = morph.ts;

/** `ts.SyntaxKind`, read once: on the namespace it is a getter, and the summarisers test kinds per node. */
export const SK = ts.SyntaxKind;
