// How tables (the arrays and objects a program loops over or hands to a registration) are read: no
// call of a workspace function is run, but the pure array methods tables are built with are
// (`base.concat(extra)`, `ALL.filter((t) => !OFF.includes(t.name))`), and the modules importing an
// exported table are searched for code that changes it.
import type { EvalOptions } from "./evaluator";

export const TABLE_EVAL: EvalOptions = { calls: false, builtins: true, importers: true };
