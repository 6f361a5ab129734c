// The releases the published build ran with, read back from the probe's stamp, and written where the
// analysis reads an install: what makes an entry's rules those of the build that was probed.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { installedAtCapture, writeInstalledManifests } from "./installedAtCapture";

const stamped = (probedWith: string) => ({ captured: { legacy: null, modern: null, legacyError: null, modernError: null, probedWith, date: "2026-12-02" } });

describe("the packages a probed build had installed", () => {
  it("reads the SDK and the framework named in the stamp, never the probe's own version", () => {
    assert.deepEqual(installedAtCapture(stamped("mcp-caps probe 0.1.0 (@modelcontextprotocol/sdk 1.32.2 in the published build, fastmcp 3.35.0)")), [
      { name: "@modelcontextprotocol/sdk", version: "1.32.2" },
      { name: "fastmcp", version: "3.35.0" },
    ]);
    assert.deepEqual(installedAtCapture(stamped("mcp-caps probe 0.1.0 (@modelcontextprotocol/server 2.4.0 in the published build)")), [{ name: "@modelcontextprotocol/server", version: "2.4.0" }]);
  });

  it("takes a hand-written 'SDK x.y.z' as the v1 SDK, and names nothing when the stamp has no version", () => {
    assert.deepEqual(installedAtCapture(stamped("mcp-caps probe 0.1.0 (the published build installed from npm, SDK 1.32.2)")), [{ name: "@modelcontextprotocol/sdk", version: "1.32.2" }]);
    assert.deepEqual(installedAtCapture(stamped("mcp-caps probe 0.1.0 (the published build installed from npm)")), []);
    assert.deepEqual(installedAtCapture(stamped("mcp-caps probe 0.1.0")), []);
  });

  it("writes each one's manifest where Node would find the package", () => {
    const root = mkdtempSync(join(tmpdir(), "rw-installed-"));
    try {
      writeInstalledManifests(root, [{ name: "@modelcontextprotocol/sdk", version: "1.8.0" }, { name: "mcp-framework", version: "0.1.29" }]);
      assert.deepEqual(JSON.parse(readFileSync(join(root, "node_modules", "@modelcontextprotocol", "sdk", "package.json"), "utf8")), { name: "@modelcontextprotocol/sdk", version: "1.8.0" });
      assert.equal(JSON.parse(readFileSync(join(root, "node_modules", "mcp-framework", "package.json"), "utf8")).version, "0.1.29");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
