// A minimal VS Code extension: it runs `seams-timers lsp` for BPMN models
// and index graphs, Workflow Engine schemes and seed files, Stateflows C#,
// and Cadence/Temporal Go code and histories, through vscode-languageclient. Everything else
// (diagnostics, quick fixes, hover, inlay hints) comes from the server.
'use strict';
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration('seams-timers');
  const command = config.get('path', 'seams-timers');
  const serverOptions = {
    run: { command, args: ['lsp'], transport: TransportKind.stdio },
    debug: { command, args: ['lsp'], transport: TransportKind.stdio },
  };
  const clientOptions = {
    documentSelector: [
      { scheme: 'file', pattern: '**/*.bpmn' },
      { scheme: 'file', pattern: '**/*.bpmn20.xml' },
      { scheme: 'file', pattern: '**/*.ttl' },
      { scheme: 'file', pattern: '**/*.nt' },
      { scheme: 'file', pattern: '**/*.bpmn2' },
      { scheme: 'file', pattern: '**/*.xml' },
      { scheme: 'file', pattern: '**/*.sql' },
      { scheme: 'file', pattern: '**/*.cs' },
      { scheme: 'file', pattern: '**/*.go' },
      { scheme: 'file', pattern: '**/*.json' },
    ],
    initializationOptions: { inlayHints: config.get('inlayHints', false) },
  };
  client = new LanguageClient('seams-timers', 'seams-timers', serverOptions, clientOptions);
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
