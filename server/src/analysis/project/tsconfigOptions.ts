import { ts, type FileSystemHost } from "ts-morph";
import { dirname } from "./paths";

/**
 * The compiler options of a tsconfig (its `extends` chain included), without expanding its
 * `include`/`files`: the analysis summarises files one at a time, so walking the whole tree for a
 * file list nobody reads (what a ts-morph `Project` given the tsconfig does) is pure cost.
 * @throws Error when the file cannot be read or is not JSON.
 */
export function readTsconfigOptions(configPath: string, fs: FileSystemHost): ts.CompilerOptions {
  const text = fs.readFileSync(configPath, "utf8");
  const json = ts.parseConfigFileTextToJson(configPath, text);
  if (json.error) throw new Error(ts.flattenDiagnosticMessageText(json.error.messageText, "\n"));
  const host: ts.ParseConfigHost = {
    useCaseSensitiveFileNames: true,
    readDirectory: () => [],
    fileExists: (p) => fs.fileExistsSync(p),
    readFile: (p) => {
      try {
        return fs.readFileSync(p, "utf8");
      } catch {
        return undefined;
      }
    },
  };
  return ts.parseJsonConfigFileContent(json.config, host, dirname(configPath), undefined, configPath).options;
}
