// What an editor other than VS Code is sent: VS Code renders theme icons (`$(search)`) and runs
// `command:` links in Markdown; Neovim, Helix, Zed or Emacs would show them as literal text, or as
// links that do nothing. The extension's client says it is VS Code (InitializationOptions).

/** `$(name)` theme icons, with the space after one. */
const THEME_ICON = /\$\([a-z0-9-]+(?:~spin)?\)\s?/g;
/** `[label](command:…)` links (the hover's actions), with the ` · ` that joins one to the next. */
const COMMAND_LINK = /(?:\s·\s)?\[[^\]\n]*\]\(command:[^)\s]*\)/g;

/** Markdown as a client without theme icons or command links shows it best. */
export function plainMarkdown(markdown: string): string {
  const lines = markdown.replace(COMMAND_LINK, "").replace(THEME_ICON, "").split("\n");
  // The action bar under a rule (command links only) leaves the rule alone at the end: it goes too.
  while (lines.length > 0 && /^\s*(?:---|·\s*)*\s*$/.test(lines.at(-1)!)) lines.pop();
  return lines.join("\n");
}

/** A lens title without theme icons. */
export function plainTitle(title: string): string {
  return title.replace(THEME_ICON, "");
}
