// The grundy extension: starts `grundy lsp` (the path is the setting
// grundy.path) and connects VS Code to it. Highlighting comes from the
// TextMate grammar in syntaxes/, which needs no server.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("grundy").get("path") || "grundy";
  client = new LanguageClient(
    "grundy",
    "grundy",
    { command, args: ["lsp"] },
    { documentSelector: [{ language: "grundy" }] },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
