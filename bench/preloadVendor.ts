// Imported first by the parse-only process: it loads the bundled ts-morph the way dist/cli.js does
// (from the build's V8 code cache, see server/src/vendorCodeCache.ts), so that the two processes of a
// real-repository pair start alike and the ratio measures the analysis, not how ts-morph was compiled.
import { preloadFromCodeCache } from "../server/src/vendorCodeCache";

declare const __VENDOR_TS_MORPH__: string;
preloadFromCodeCache(__VENDOR_TS_MORPH__);
