// Hover on the calls made on an mcp-framework server (addTool & co., start, sendLog).
import type { DialectEditor, EditorContext, HoverPart } from "../../core/dialect";
import { constructorNameAt } from "../../core/constructorName";
import { noteBrief, type ServerReport } from "../../core/model/serverReport";
import type { McpFrameworkDetails } from "./analyze";
import { PACKAGE } from "./packageName";
import { rulesFor } from "./rules";

/** `class X extends MCPTool` (MCPPrompt, MCPResource, with type arguments or not). */
const LOADED_CLASS = /\bextends\s+MCP(?:Tool|Prompt|Resource)\b/;

const loadersOf = (server: ServerReport) => rulesFor(server.frameworkVersion === "unknown" ? undefined : server.frameworkVersion).rules.loaders;

const ALWAYS: Readonly<Record<string, string>> = {
  start: "loads the tools/, prompts/ and resources/ folders, then advertises what it found (`detectCapabilities()`); the SDK v1 Server it starts answers `initialize` only.",
  handleRequest: "loads the folders once, then answers each request with a fresh SDK v1 Server (stateless): `initialize` only.",
  sendLog: "sends `notifications/message` only when the config sets `logging: true`; otherwise it returns without sending.",
};

function folderLine(server: ServerReport): string {
  const details = server.details as McpFrameworkDetails;
  if (!details.base) return "";
  const counts = loadersOf(server).map((r) => `${r.folder}/: ${details.folders[r.key]?.files.filter((f) => !f.excludedBy).length ?? 0}`).join(", ");
  return `\n\nLoader base: \`${details.base.folder}\` (${details.base.how}) — ${counts}`;
}

/** On the name of a class one of the server's loaders picks up from its folder (this file): what it adds. */
function loadedClassHover(ctx: EditorContext, server: ServerReport, offset: number): HoverPart | undefined {
  if (ctx.file === server.loc.file) return undefined;
  const details = server.details as McpFrameworkDetails;
  const rule = loadersOf(server).find((r) => details.folders[r.key]?.files.some((f) => f.path === ctx.file && !f.excludedBy));
  const cls = ctx.summary?.classes.find((c) => c.topLevel && offset >= c.nameSpan.start && offset <= c.nameSpan.end);
  if (!rule || !cls) return undefined;
  const inFolder = details.folders[rule.key]?.files.filter((f) => !f.excludedBy).length ?? 0;
  const others = inFolder > 1 ? ` (with ${inFolder - 1} other ${inFolder - 1 === 1 ? "class" : "classes"} of the folder)` : "";
  const also = rule.key === "tools" ? "" : "; with it mcp-framework also advertises `completions`";
  const by = `**${cls.name}** (mcp-framework) · loaded by \`${server.name}\` (${ctx.link(server.loc, ctx.where(server.loc))}) from its ${rule.folder}/ folder`;
  // A server that does not start advertises nothing, this class's key included.
  const note = server.legacy === null ? server.eraNotes?.legacy : undefined;
  if (note) return { span: cls.nameSpan, markdown: `${by}: would add \`${rule.key}\`, but \`${server.name}\` is not served (${noteBrief(note)}).${folderLine(server)}` };
  return { span: cls.nameSpan, markdown: `${by}: adds \`${rule.key}\` to legacy (initialize)${others}${also}.${folderLine(server)}` };
}

export const editor: DialectEditor = {
  namesServerAt: constructorNameAt,
  hover(ctx, server, offset) {
    const loaded = loadedClassHover(ctx, server, offset);
    if (loaded) return loaded;
    for (const { event } of ctx.summary?.flow?.units.flatMap((u) => u.events) ?? []) {
      if (event.k !== "call" || offset < event.methodSpan.start || offset > event.methodSpan.end) continue;
      const { rules } = rulesFor(server.frameworkVersion === "unknown" ? undefined : server.frameworkVersion);
      const rule = rules.loaders.find((r) => r.adder === event.method);
      // sendLog() and start() are the server's: a tool class's `this.log()` is another method.
      if (!rule && event.receiver[0] === "this" && ctx.file !== server.loc.file) continue;
      const dropped = ctx.diagnostics.some((d) => d.code === "mcp-framework-add-after-start" && d.loc.file === ctx.file && d.loc.span.start === event.methodSpan.start);
      const details = server.details as McpFrameworkDetails;
      const inFolder = rule ? (details.folders[rule.key]?.files.filter((f) => !f.excludedBy).length ?? 0) : 0;
      const text = rule && !rules.adders
        ? `does not exist in mcp-framework ${server.frameworkVersion} (it came in 0.2.20): the call throws.`
        : rule && dropped
        ? `adds nothing: it runs after start(), which has copied the ${rule.key} added so far (see the warning).`
        : rule && inFolder > 0
        ? `adds a class to ${server.name}'s ${rule.key}; \`${rule.key}\` is advertised anyway, for the ${inFolder === 1 ? "class" : `${inFolder} classes`} in its ${rule.folder}/ folder: no change.`
        : rule
        ? `adds \`${rule.key}\` to ${server.name}'s legacy (initialize), like a class in its ${rule.folder}/ folder${rule.key === "tools" ? "" : "; with it mcp-framework also advertises \`completions\`"}.`
        : ALWAYS[event.method];
      if (!text) continue;
      // The call as written (`server.addTool()`); the server by the name its clients see.
      return { span: event.methodSpan, markdown: `**${event.receiver.join(".")}.${event.method}()** (mcp-framework) ${text}${folderLine(server)}` };
    }
    return undefined;
  },
  loadedBy(text) {
    // A class of a loaders' folder: it extends one of the framework's classes and is the module's default export.
    if (!text.includes(PACKAGE) || !LOADED_CLASS.test(text) || !/\bexport\s+default\b/.test(text)) return undefined;
    return (serverText) => serverText.includes(PACKAGE) && /\bMCPServer\b/.test(serverText);
  },
  contributions(server) {
    const details = server.details as McpFrameworkDetails;
    return loadersOf(server).flatMap((r) => (details.folders[r.key]?.files ?? []).filter((f) => !f.excludedBy).map((f) => ({ loc: { file: f.path, span: { start: 0, end: 0 } }, keys: [r.key] })));
  },
};
