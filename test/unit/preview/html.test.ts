// The preview's shell document: a strict Content-Security-Policy, the script only by nonce, no
// user data (it arrives by postMessage), and a fresh nonce every time.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { contentSecurityPolicy, makeNonce, previewHtml } from "../../../client/src/preview/html";

const CSP_SOURCE = "'self' https://*.vscode-cdn.net";
const options = {
  cspSource: CSP_SOURCE,
  nonce: "",
  scriptUri: "https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview/preview.js",
  styleUri: "https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview/preview.css",
  title: "Capabilities",
};

function shell(nonce = makeNonce()) {
  return { nonce, html: previewHtml({ ...options, nonce }) };
}

function cspOf(html: string): string {
  const m = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html);
  assert.ok(m, "no CSP meta tag");
  return m[1]!;
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!, values] as const;
      }),
  );
}

describe("preview shell", () => {
  it("has exactly the strict CSP", () => {
    const { html, nonce } = shell();
    const csp = cspOf(html);
    assert.equal(csp, `default-src 'none'; style-src ${CSP_SOURCE}; img-src ${CSP_SOURCE} data:; font-src ${CSP_SOURCE}; script-src 'nonce-${nonce}';`);
    assert.equal(csp, contentSecurityPolicy(CSP_SOURCE, nonce));
    const d = directives(csp);
    assert.deepEqual(d.get("default-src"), ["'none'"]);
    assert.deepEqual(d.get("script-src"), [`'nonce-${nonce}'`], "scripts only by nonce");
    assert.deepEqual(d.get("style-src"), CSP_SOURCE.split(" "));
    assert.deepEqual([...d.keys()].sort(), ["default-src", "font-src", "img-src", "script-src", "style-src"]);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|unsafe-hashes|strict-dynamic|wasm-unsafe-eval/);
    assert.doesNotMatch(csp, /\bhttp:|(^|\s)\*(\s|;|$)|\bblob:|filesystem:/);
    assert.doesNotMatch(csp, /connect-src|frame-src|child-src/, "nothing else is allowed (default-src 'none' covers it)");
  });

  it("loads the script with the nonce, and nothing inline", () => {
    const { html, nonce } = shell();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.equal(scripts.length, 1);
    assert.equal(scripts[0]![1], ` nonce="${nonce}" src="${options.scriptUri}"`);
    assert.equal(scripts[0]![2], "", "no inline script body");
    assert.match(html, new RegExp(`<link rel="stylesheet" href="${options.styleUri.replace(/[.+*]/g, "\\$&")}">`));
    assert.doesNotMatch(html, /\sstyle=|<style|\son[a-z]+=/i, "no inline styles or handlers");
    assert.match(html, /<div id="root" class="wv" aria-busy="true">/);
    assert.match(html, /<html lang="en">/);
  });

  it("makes a different, long, base64 nonce every time", () => {
    const nonces = new Set(Array.from({ length: 50 }, makeNonce));
    assert.equal(nonces.size, 50);
    for (const n of nonces) {
      assert.match(n, /^[A-Za-z0-9+/]+={0,2}$/);
      assert.ok(Buffer.from(n, "base64").length >= 16);
    }
    assert.notEqual(shell().nonce, shell().nonce);
  });

  it("refuses a nonce or cspSource that would bend the policy, and escapes the rest", () => {
    assert.throws(() => previewHtml({ ...options, nonce: "abc' 'unsafe-inline" }));
    assert.throws(() => previewHtml({ ...options, nonce: makeNonce(), cspSource: "x; script-src *" }));
    assert.throws(() => previewHtml({ ...options, nonce: makeNonce(), cspSource: '"><script>' }));
    const html = previewHtml({ ...options, nonce: makeNonce(), title: "</title><script>alert(1)</script>" });
    assert.doesNotMatch(html, /<script>alert/);
    assert.match(html, /<title>&lt;\/title&gt;&lt;script&gt;/);
  });
});
