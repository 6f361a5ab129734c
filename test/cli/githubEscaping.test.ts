// `--format github`: workflow-command escaping as the Actions runner decodes it. In a property (the
// file name) `%`, CR, LF, `:` and `,` are written `%25`, `%0D`, `%0A`, `%3A`, `%2C`, so an annotation
// with a line break in its file name lands on that file; other control characters never reach the log.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mcpCaps } from "../helpers/builtCliInProcess";
import { tempProject } from "../helpers/tempProject";

const TYPO = "export class TypoServer {\n  handleListTools(ctx: unknown) { return []; }\n  handleCompletion(ctx: unknown, ref: unknown, argument: unknown) { return {}; }\n}\n";

/** What the runner does to a property value: the inverse of the escaping. */
const decodeProperty = (s: string) => s.replace(/%0D/g, "\r").replace(/%0A/g, "\n").replace(/%3A/g, ":").replace(/%2C/g, ",").replace(/%25/g, "%");

describe("--format github escapes a file name as the runner decodes it", () => {
  it("a line feed, a carriage return, a percent sign, a colon and a comma round-trip to the real file name", { skip: process.platform === "win32" ? "no such file names" : false }, () => {
    const name = "we\nird\r%2C:,x.ts";
    const r = mcpCaps(tempProject({ [name]: TYPO }), "--format", "github");
    assert.equal(r.status, 0, r.stderr);
    const annotation = r.stdout.split("\n")[0]!;
    const file = /^::warning file=([^,]*),line=3,/.exec(annotation)?.[1];
    assert.equal(file, "we%0Aird%0D%252C%3A%2Cx.ts", annotation);
    assert.equal(decodeProperty(file!), name);
    assert.doesNotMatch(annotation, /\\u000a|\\u000d/, "not written as a JSON-style escape");
    // The report below, inside the group, is for a person: there the line break is shown, not made.
    assert.match(r.stdout, /^TypoServer {2}we\\u000aird\\u000d%2C:,x\.ts:1:14/m);
  });

  it("other control characters in a file name are shown as \\uXXXX, never written raw", { skip: process.platform === "win32" ? "no such file names" : false }, () => {
    const r = mcpCaps(tempProject({ "esc\u001b[31m\ttab.ts": TYPO }), "--format", "github");
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout.split("\n")[0]!, /^::warning file=esc\\u001b\[31m(\t|\\u0009)tab\.ts,line=3,/);
    assert.doesNotMatch(r.stdout, /\u001b/);
  });
});
