// The dialects the tool recognises, in the order their servers are listed within a file. This is the
// one place that knows them all: a new dialect is its own folder plus one line here.
import type { Dialect } from "../core/dialect";
import { conduitDialect } from "./conduit";
import { fastmcpDialect } from "./fastmcp";
import { mcpNestDialect } from "./mcp-nest";
import { sdkDialect } from "./sdk";
import { mcpFrameworkDialect } from "./mcp-framework";

export const DIALECTS: readonly Dialect[] = [conduitDialect, sdkDialect, fastmcpDialect, mcpFrameworkDialect, mcpNestDialect];
