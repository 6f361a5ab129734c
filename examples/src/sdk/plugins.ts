// Plugin capabilities read from a file at start-up: not known without running the server.
import { readFileSync } from "node:fs";

export function loadPluginCapabilities(): Record<string, object> {
  return JSON.parse(readFileSync(process.env.PLUGINS_FILE ?? "plugins.json", "utf8")) as Record<string, object>;
}
