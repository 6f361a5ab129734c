// The diagnostic rules as tools outside the editor list them (SARIF's rule table): one entry per code,
// with its default severity and a one-line summary.
import { RULES_URL } from "../../../common/links";
import { ALL_CODES, DIAGNOSTIC_CODES, type Severity } from "../analysis/diagnostics/codes";

export interface RuleInfo {
  readonly code: string;
  readonly severity: Severity;
  readonly summary: string;
}

/**
 * Every rule the analysis can report. This is the only place that knows where the list comes from
 * (today one table of codes for all dialects), so it is the one function to change when each dialect
 * brings its own codes.
 */
export function ruleCatalog(): readonly RuleInfo[] {
  return ALL_CODES.map((code) => ({ code, severity: DIAGNOSTIC_CODES[code].severity, summary: DIAGNOSTIC_CODES[code].summary }));
}

/** The README's section on a rule (each code has an anchor `rule-<code>` there). */
export function ruleHelpUri(code: string): string {
  return `${RULES_URL}${encodeURIComponent(code)}`;
}
