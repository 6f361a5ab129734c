// McpServer methods a release does not have, as read in the published builds (dist/esm/server/mcp.js of
// @modelcontextprotocol/sdk 1.9.0, 1.10.0, 1.11.3, 1.11.4, 1.12.3, 1.13.0, 1.17.4, 1.17.5 and 1.32.2;
// McpServer of @modelcontextprotocol/server 2.4.0): calling one is a TypeError, so the server may not
// start, and the analysis says so.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { missingMethod } from "../../server/src/analysis/dialects/sdk/missingMethods";
import { sdkRelease } from "../../server/src/analysis/dialects/sdk/sdkRelease";

describe("SDK: McpServer methods by release", () => {
  it("v1: registerTool from 1.11.4, registerPrompt and registerResource from 1.13.0", () => {
    const missing = (version: string, method: string) => missingMethod("v1", sdkRelease(version), method) !== undefined;
    assert.deepEqual(
      ["1.11.3", "1.11.4", "1.12.3", "1.13.0"].map((v) => [v, missing(v, "registerTool"), missing(v, "registerPrompt"), missing(v, "registerResource")]),
      [
        ["1.11.3", true, true, true],
        ["1.11.4", false, true, true],
        ["1.12.3", false, true, true],
        ["1.13.0", false, false, false],
      ],
    );
    // The older methods are in every 1.x release; a project naming no version gets the newest.
    assert.equal(missingMethod("v1", sdkRelease("1.7.0"), "tool"), undefined);
    assert.equal(missingMethod("v1", sdkRelease(undefined), "registerPrompt"), undefined);
    assert.match(missingMethod("v1", sdkRelease("1.12.0"), "registerPrompt")?.why ?? "", /registerPrompt\(\) does not exist in SDK 1\.12\.0 \(added in 1\.13\.0\)/);
  });

  it("v1: the list-changed senders from 1.10.0, sendLoggingMessage from 1.17.5, sendResourceUpdated never", () => {
    const missing = (version: string, method: string) => missingMethod("v1", sdkRelease(version), method) !== undefined;
    const senders = ["sendToolListChanged", "sendResourceListChanged", "sendPromptListChanged", "sendLoggingMessage", "sendResourceUpdated"];
    assert.deepEqual(
      ["1.9.0", "1.10.0", "1.17.4", "1.17.5", "1.32.2"].map((v) => [v, ...senders.map((m) => missing(v, m))]),
      [
        ["1.9.0", true, true, true, true, true],
        ["1.10.0", false, false, false, true, true],
        ["1.17.4", false, false, false, true, true],
        ["1.17.5", false, false, false, false, true],
        ["1.32.2", false, false, false, false, true],
      ],
    );
    assert.match(missingMethod("v2", sdkRelease(undefined), "sendResourceUpdated")?.why ?? "", /server\.server\.sendResourceUpdated\(\)/);
  });

  it("v1: a lock file pinning a release without the method, under a range that allows one with it, is said too", () => {
    const release = { ...sdkRelease("1.29.0"), mayLoad: { release: sdkRelease("1.12.0"), why: "package-lock.json pins SDK 1.12.0, but package.json allows ^1.12.0" } };
    assert.match(missingMethod("v1", release, "registerResource")?.why ?? "", /does not exist in SDK 1\.12\.0 \(added in 1\.13\.0\), and package-lock\.json pins/);
    assert.equal(missingMethod("v1", release, "registerResource")?.certain, false, "only with the release that may load");
  });

  it("v2: tool(), prompt() and resource() are gone; the register* methods are there", () => {
    for (const m of ["tool", "prompt", "resource"]) assert.match(missingMethod("v2", sdkRelease(undefined), m)?.why ?? "", /does not exist on SDK v2's McpServer/);
    for (const m of ["registerTool", "registerPrompt", "registerResource"]) assert.equal(missingMethod("v2", sdkRelease(undefined), m), undefined);
  });
});
