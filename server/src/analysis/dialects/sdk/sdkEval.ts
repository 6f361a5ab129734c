// How the SDK dialect evaluates what it reads: no call of a workspace function is run (the few it sees
// through are read on purpose: literalCalls.ts, returnedCollections.ts), but the pure array methods
// real servers build their tables and choices with are (`base.concat(extra)`, `ENABLED.includes(name)`),
// and so is the SDK's own `mergeCapabilities`.
import type { EvalOptions } from "../../core/evaluate/evaluator";
import { sdkPackageCall } from "./mergeCapabilitiesValue";

export const SDK_EVAL: EvalOptions = { calls: false, builtins: true, importers: true, packageCalls: sdkPackageCall };
