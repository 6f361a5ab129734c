import type { Connection, Disposable } from "vscode-languageserver";
import { MessageType, ShowMessageNotification, type Range } from "vscode-languageserver-protocol";
import { Commands } from "../../../../common/protocol";
import { noteBrief } from "../../analysis/core/model/serverReport";
import { guard } from "../guard";
import type { LanguageSession } from "../session";
import { uriToPath } from "../uris";

/**
 * Editors other than VS Code (Neovim, Helix, Zed) run a lens's or an action's command by asking the
 * server (`workspace/executeCommand`); the VS Code extension runs these itself, in its client. For such
 * an editor the server runs them: `reveal` shows the place (`window/showDocument` when the editor can,
 * else a message naming it), and `openPreviewAt`, which has no preview there, shows the server's two
 * eras as a message.
 */
export const PLAIN_CLIENT_COMMANDS: readonly string[] = [Commands.reveal, Commands.openPreviewAt];

export function registerPlainCommands(connection: Connection, session: LanguageSession, canShowDocument: () => boolean): Disposable {
  return connection.onExecuteCommand(
    guard(connection, "executeCommand", null, async (params) => {
      const args = params.arguments ?? [];
      if (params.command === Commands.reveal && typeof args[0] === "string") {
        const range = args[1] as Range | undefined;
        if (canShowDocument()) await connection.window.showDocument({ uri: args[0], takeFocus: true, ...(range ? { selection: range } : {}) });
        else void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Info, message: `${uriToPath(args[0]) ?? args[0]}${range ? `:${range.start.line + 1}` : ""}` });
      } else if (params.command === Commands.openPreviewAt && typeof args[0] === "string") {
        void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Info, message: await erasMessage(session, args[0], args[1]) });
      }
      return null;
    }),
  );
}

/** `notes: legacy (initialize) {"tools":{}} · modern (server/discover) not served`, with the approximation said. */
async function erasMessage(session: LanguageSession, uri: string, name: unknown): Promise<string> {
  const analyzed = await session.analyze(uri);
  const server = analyzed?.analysis.servers.find((s) => s.name === name) ?? analyzed?.analysis.servers[0];
  if (!server) return "No MCP server in this file any more.";
  const era = (which: "legacy" | "modern") => {
    const note = server.eraNotes?.[which];
    return server[which] !== null ? JSON.stringify(server[which]) : `not served${note ? ` (${noteBrief(note)})` : ""}`;
  };
  const approximate = server.exact ? "" : " · ≈ approximate: the hover says what is not known";
  return `${server.name}: legacy (initialize) ${era("legacy")} · modern (server/discover) ${era("modern")}${approximate}`;
}
