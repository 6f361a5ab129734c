// Imported first by the language server's entry, for its side effect: every start of the server
// analyses, so ts-morph is loaded from the build's code cache before any module that requires it.
import { preloadVendor } from "./vendorCodeCache";

preloadVendor();
