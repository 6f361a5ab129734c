// The program flow the fastmcp dialect needs summarised: files importing fastmcp (or a name `FastMCP`
// from anywhere: a workspace module may re-export it), and the calls that register, remove and start.
import type { FlowSpec } from "../../core/summarize/flowSummary";
import { isFastmcpEntry } from "./fastmcpImport";
import { REGISTRATIONS, REMOVALS, STARTS } from "./rules";

export const fastmcpFlow: FlowSpec = { specifier: isFastmcpEntry, hints: ["fastmcp"], names: new Set(["FastMCP"]), methods: new Set([...Object.keys(REGISTRATIONS), ...Object.keys(REMOVALS), ...STARTS]) };
