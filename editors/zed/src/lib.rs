// Zed starts only the language servers an extension declares: this one declares `mcp-caps lsp` for
// TypeScript and TSX files.
use zed_extension_api::{self as zed, LanguageServerId, Result, Worktree};

struct McpCapabilityLens;

impl zed::Extension for McpCapabilityLens {
    fn new() -> Self {
        McpCapabilityLens
    }

    fn language_server_command(&mut self, _id: &LanguageServerId, worktree: &Worktree) -> Result<zed::Command> {
        // `mcp-caps` on the PATH (a global install) first, else the project's own dev dependency, run
        // with the Node that Zed ships.
        if let Some(path) = worktree.which("mcp-caps") {
            return Ok(zed::Command { command: path, args: vec!["lsp".into()], env: Default::default() });
        }
        let cli = format!("{}/node_modules/mcp-capability-lens/dist/cli.js", worktree.root_path());
        Ok(zed::Command { command: zed::node_binary_path()?, args: vec![cli, "lsp".into()], env: Default::default() })
    }
}

zed::register_extension!(McpCapabilityLens);
