// How the SDK dialect evaluates what it reads: as tables are read (no call of a workspace function is
// run, but the pure array methods real servers build their tables and choices with are), and the SDK's
// own `mergeCapabilities` is applied too. The few workspace calls it sees through are read on purpose
// (literalCalls.ts, core/evaluate/returnedCollections.ts).
import type { EvalOptions } from "../../core/evaluate/evaluator";
import { TABLE_EVAL } from "../../core/evaluate/tableEval";
import { sdkPackageCall } from "./mergeCapabilitiesValue";

export const SDK_EVAL: EvalOptions = { ...TABLE_EVAL, packageCalls: sdkPackageCall };
