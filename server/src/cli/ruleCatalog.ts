// The diagnostic rules as tools outside the editor list them (SARIF's rule table): one entry per code,
// with its default severity and a one-line summary.
import { RULES_URL } from "../../../common/links";
import type { Dialect } from "../analysis/core/dialect";
import type { Severity } from "../analysis/core/model/diagnostics";
import { PARSE_CODES } from "../analysis/core/model/unparsedServer";

export interface RuleInfo {
  readonly code: string;
  readonly severity: Severity;
  readonly summary: string;
}

/**
 * Every rule the given dialects can report, each dialect's codes in its order; a code two dialects
 * share (`capabilities-dynamic`) is listed once, as the first declares it.
 */
export function ruleCatalog(dialects: readonly Dialect[]): readonly RuleInfo[] {
  const rules = new Map<string, RuleInfo>();
  for (const d of dialects) {
    for (const [code, info] of Object.entries(d.codes)) if (!rules.has(code)) rules.set(code, { code, severity: info.severity, summary: info.summary });
  }
  // What the engine itself reports of any dialect whose runtime runs the source.
  if (dialects.some((d) => d.runsItsSource)) for (const [code, info] of Object.entries(PARSE_CODES)) if (!rules.has(code)) rules.set(code, { code, ...info });
  return [...rules.values()];
}

/** The README's section on a rule (each code has an anchor `rule-<code>` there). */
export function ruleHelpUri(code: string): string {
  return `${RULES_URL}${encodeURIComponent(code)}`;
}
