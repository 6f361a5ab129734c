import type { Loc } from "../evaluate/values";

export type Severity = "error" | "warning" | "information" | "hint";

/** What a dialect says of each diagnostic code it reports: its default severity and a one-line summary. */
export interface CodeInfo {
  readonly severity: Severity;
  readonly summary: string;
  /** The title of the action that silences it at its place, when "Ignore <code> here" is not the best words. */
  readonly ignoreTitle?: string;
}

export type CodeTable = Readonly<Record<string, CodeInfo>>;

/** A text edit a quick fix applies, in the analysis's own terms (the LSP layer converts it). */
export interface TextEditData {
  readonly loc: Loc;
  readonly newText: string;
}

export interface FixData {
  readonly title: string;
  readonly edits: readonly TextEditData[];
  /** The fix to apply with one keystroke (VS Code's "preferred" quick fix). */
  readonly preferred?: boolean;
  /** It silences the diagnostic (a directive comment) rather than fixing it: offered last. */
  readonly ignores?: boolean;
}

export interface AnalysisDiagnostic {
  readonly code: string;
  readonly severity: Severity;
  readonly message: string;
  readonly loc: Loc;
  /** The server class the diagnostic is about, when it is about one. */
  readonly server?: { readonly name: string; readonly loc: Loc };
  readonly related?: readonly { readonly loc: Loc; readonly message: string }[];
  readonly fixes?: readonly FixData[];
}

/**
 * The `diagnostic(code, loc, message)` maker of one dialect: codes are checked against its table at
 * compile time, and the severity defaults to the table's.
 */
export function diagnosticMaker<C extends string>(codes: Readonly<Record<C, CodeInfo>>) {
  return function diagnostic(
    code: C,
    loc: Loc,
    message: string,
    extra: Pick<AnalysisDiagnostic, "server" | "related" | "fixes"> & { severity?: Severity } = {},
  ): AnalysisDiagnostic {
    const { severity, ...rest } = extra;
    return { code, severity: severity ?? codes[code].severity, message, loc, ...rest };
  };
}

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, information: 2, hint: 3 };

export function severityRank(s: Severity): number {
  return SEVERITY_RANK[s];
}
