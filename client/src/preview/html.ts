// The Capability Preview's shell document. It carries no user data: the report arrives by
// postMessage and the webview script renders it. The CSP is strict: nothing loads unless it comes
// from the extension's own folder (`cspSource`), scripts only by nonce, no inline styles.
import { randomBytes } from "node:crypto";
import { esc } from "./webview/escape";

export interface ShellOptions {
  /** `webview.cspSource`. */
  readonly cspSource: string;
  readonly nonce: string;
  /** `asWebviewUri` of dist/webview/preview.js and preview.css. */
  readonly scriptUri: string;
  readonly styleUri: string;
  readonly title: string;
}

/** A fresh nonce per render: 24 random bytes, base64 (no padding needed at that length). */
export function makeNonce(): string {
  return randomBytes(24).toString("base64");
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return `default-src 'none'; style-src ${cspSource}; img-src ${cspSource} data:; font-src ${cspSource}; script-src 'nonce-${nonce}';`;
}

export function previewHtml(options: ShellOptions): string {
  const { cspSource, nonce, scriptUri, styleUri, title } = options;
  // A nonce is base64; anything else would let a caller bend the policy.
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(nonce)) throw new Error("previewHtml: the nonce must be base64");
  // cspSource is a source list such as `'self' https://*.vscode-cdn.net`: quotes and spaces are
  // expected, a directive separator or markup is not.
  if (/[;"<>&\r\n]/.test(cspSource)) throw new Error("previewHtml: unexpected cspSource");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(cspSource, nonce)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${esc(styleUri)}">
<title>${esc(title)}</title>
</head>
<body>
<div id="root" class="wv" aria-busy="true"><p class="loading">Loading the Capability Preview…</p></div>
<script nonce="${esc(nonce)}" src="${esc(scriptUri)}"></script>
</body>
</html>
`;
}
