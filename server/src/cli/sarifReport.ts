// `--format sarif`: the report as a SARIF 2.1.0 log, the format GitHub code scanning (and other
// code-review tools) import. One run: the tool with every rule it has, one result per diagnostic, and
// the servers' capabilities in the run's property bag.
import { pathToFileURL } from "node:url";
import { SarifBuilder, SarifResultBuilder, SarifRuleBuilder, SarifRunBuilder } from "node-sarif-builder";
import type { Log, ReportingDescriptor, Result } from "sarif";
import { REPOSITORY_URL } from "../../../common/links";
import type { Dialect } from "../analysis/core/dialect";
import type { Severity } from "../analysis/core/model/diagnostics";
import type { JsonReport } from "./jsonReport";
import { ruleCatalog, ruleHelpUri, type RuleInfo } from "./ruleCatalog";

/** Paths in the results are relative to this base, which `originalUriBaseIds` maps to the working directory. */
export const SOURCE_ROOT = "%SRCROOT%";

const LEVEL: Record<Severity, Result.level> = { error: "error", warning: "warning", information: "note", hint: "note" };

export function toSarifLog(report: JsonReport, cwd: string, dialects: readonly Dialect[]): Log {
  const run = new SarifRunBuilder({
    columnKind: "utf16CodeUnits",
    originalUriBaseIds: { [SOURCE_ROOT]: { uri: pathToFileURL(cwd.endsWith("/") ? cwd : `${cwd}/`).href } },
    properties: {
      tasksExtension: report.tasksExtension,
      // What each server advertises in each era: the point of the tool, kept beside the results.
      servers: report.servers.map(({ provenance: _provenance, ...server }) => server),
    },
  }).initSimple({ toolDriverName: report.tool, toolDriverVersion: report.version, url: REPOSITORY_URL });
  run.run.tool.driver.semanticVersion = report.version;

  const rules = new Map<string, RuleInfo>(ruleCatalog(dialects).map((r) => [r.code, r]));
  // A code the catalogue does not list still gets a rule, so that every result points at one.
  for (const d of report.diagnostics) {
    if (!rules.has(d.code)) rules.set(d.code, { code: d.code, severity: d.severity as Severity, summary: d.code });
  }
  for (const rule of rules.values()) run.addRule(ruleOf(rule));

  for (const d of report.diagnostics) {
    const result = new SarifResultBuilder().initSimple({
      ruleId: d.code,
      level: LEVEL[d.severity as Severity] ?? "warning",
      messageText: d.message,
      startLine: d.line,
      startColumn: d.column,
      endLine: d.endLine,
      endColumn: d.endColumn,
    });
    result.setLocationArtifactUri({ uri: relativeUri(d.file), uriBaseId: SOURCE_ROOT });
    run.addResult(result);
  }

  const log = new SarifBuilder({ $schema: "https://json.schemastore.org/sarif-2.1.0.json", version: "2.1.0" });
  log.addRun(run);
  return log.buildSarifOutput();
}

function ruleOf(rule: RuleInfo): SarifRuleBuilder {
  const helpUri = ruleHelpUri(rule.code);
  const descriptor: Partial<ReportingDescriptor> = {
    name: rule.code,
    defaultConfiguration: { level: LEVEL[rule.severity] },
    help: { text: `${rule.summary}. See ${helpUri}`, markdown: `${rule.summary}. [What it means and how to fix it](${helpUri})` },
    properties: { defaultSeverity: rule.severity },
  };
  return new SarifRuleBuilder(descriptor).initSimple({
    ruleId: rule.code,
    shortDescriptionText: rule.summary,
    fullDescriptionText: `${rule.summary} (default severity: ${rule.severity}).`,
    helpUri,
  });
}

/** A report path (relative, `/`-separated) as a URI reference: each segment percent-encoded. */
function relativeUri(file: string): string {
  return file.split("/").map((segment) => (segment === ".." || segment === "." ? segment : encodeURIComponent(segment))).join("/");
}
