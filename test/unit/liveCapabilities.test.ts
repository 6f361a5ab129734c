// `getCapabilities()` returns the very object the server sends: which uses of it may write to it.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { liveCapabilitiesChange } from "../../server/src/analysis/dialects/sdk/liveCapabilities";

/** The verdict for the first `server…getCapabilities()` call of the text. */
function verdict(text: string): string | undefined {
  const call = /[\w.]*getCapabilities\(\)/.exec(text)!;
  return liveCapabilitiesChange(text, call.index, call.index + call[0].length);
}

describe("uses of the object getCapabilities() returns", () => {
  it("a member written right after the call, with or without a cast, is a write", () => {
    for (const text of [
      "server.getCapabilities().prompts = {};",
      "server.server.getCapabilities().logging = {};",
      "server.getCapabilities().tools!.listChanged = true;",
      "(server.getCapabilities() as any).logging = {};",
      'server.getCapabilities()["experimental"] ??= {};',
    ]) assert.match(verdict(text) ?? "", /writes to the object/, text);
  });

  it("Object.assign and delete on it are writes", () => {
    assert.match(verdict("Object.assign(server.server.getCapabilities(), { logging: {} });") ?? "", /writes/);
    assert.match(verdict("delete server.getCapabilities().logging;") ?? "", /writes/);
  });

  it("kept under a name: a write when the file writes to that name, a read otherwise", () => {
    assert.match(verdict("const caps = server.getCapabilities();\ncaps.logging = {};") ?? "", /keeps the object getCapabilities\(\) returns as caps/);
    assert.equal(verdict("const caps = server.getCapabilities();\nif (caps.tools) console.log(caps);"), undefined);
  });

  it("handed to a call: open, unless the call only prints or copies it", () => {
    assert.match(verdict("extend(server.getCapabilities());") ?? "", /hands the object/);
    assert.equal(verdict("console.log(server.getCapabilities());"), undefined);
    assert.equal(verdict("JSON.stringify(server.getCapabilities());"), undefined);
  });

  it("reading a member is a read", () => {
    assert.equal(verdict("if (server.getCapabilities().tools) start();"), undefined);
    assert.equal(verdict("const has = server.getCapabilities().logging !== undefined;"), undefined);
  });
});
