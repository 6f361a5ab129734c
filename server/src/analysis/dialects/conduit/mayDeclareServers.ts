/**
 * Words one of which every file holding a server class or an `extends` cycle contains: a handler
 * name (`handle…`), `__capabilities__`, Endpoint `components`, the `@mcpServer` tag, or an `extends`
 * clause (inherited servers, mixins, cycles) (spec §2, §3, §4). A file without any of them has
 * nothing to report of its own, so a whole-workspace analysis need not parse it for this dialect; it
 * is still read, like any file, when another file imports from it.
 */
const SERVER_WORDS = /extends|handle|__capabilities__|components|mcpServer/;

export function mayDeclareServers(text: string): boolean {
  return SERVER_WORDS.test(text);
}
