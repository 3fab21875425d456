// A smoke test of the extension's stack outside VS Code: the protocol
// layer vscode-languageclient is built on (vscode-languageserver-protocol
// 3.17.5, the same package and version) drives `seams-timers lsp` with the
// capabilities VS Code announces for what the server uses. It opens a
// model, waits for its diagnostics, asks for the code actions of TMR1004
// and for a hover, and checks every reply.
//
//   node smoke.js [SEAMS_TIMERS] [MODEL]   (default: seams-timers on PATH,
//                                           ../../examples/broken/reminders.bpmn)
'use strict';
const cp = require('child_process');
const fs = require('fs');
const path = require('path');
const url = require('url');
const rpc = require('vscode-languageserver-protocol/node');

const bin = process.argv[2] || 'seams-timers';
const model = path.resolve(process.argv[3] || path.join(__dirname, '..', '..', 'examples', 'broken', 'reminders.bpmn'));
const server = cp.spawn(bin, ['lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
const conn = rpc.createProtocolConnection(new rpc.StreamMessageReader(server.stdout), new rpc.StreamMessageWriter(server.stdin));
let failed = 0, passed = 0;
function check(ok, what) {
  if (ok) { passed++; console.log('ok   ' + what); } else { failed++; console.log('FAIL ' + what); }
}
const registrations = [];
conn.onRequest(rpc.RegistrationRequest.type, (p) => { registrations.push(...p.registrations); return null; });
const published = new Promise((resolve) => {
  conn.onNotification(rpc.PublishDiagnosticsNotification.type, (p) => { if (p.diagnostics.length) resolve(p); });
});
conn.listen();

(async () => {
  const timer = setTimeout(() => { console.log('FAIL no answer within 30 s'); process.exit(1); }, 30000);
  const uri = url.pathToFileURL(model).href;
  const init = await conn.sendRequest(rpc.InitializeRequest.type, {
    processId: process.pid, rootUri: null, workspaceFolders: null,
    capabilities: {
      general: { positionEncodings: ['utf-16'] },
      workspace: { didChangeWatchedFiles: { dynamicRegistration: true, relativePatternSupport: true } },
      textDocument: {
        synchronization: { dynamicRegistration: true, didSave: true },
        publishDiagnostics: { relatedInformation: true, codeDescriptionSupport: true, dataSupport: true, versionSupport: false },
        codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } }, isPreferredSupport: true, dataSupport: true },
        hover: { contentFormat: ['markdown', 'plaintext'] },
        inlayHint: { dynamicRegistration: true },
      },
    },
    initializationOptions: { inlayHints: false },
  });
  check(init.capabilities.positionEncoding === 'utf-16' && init.capabilities.textDocumentSync.change === 2, 'initialize: utf-16, incremental sync');
  conn.sendNotification(rpc.InitializedNotification.type, {});
  conn.sendNotification(rpc.DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'bpmn', version: 1, text: fs.readFileSync(model, 'utf8') },
  });
  const diags = await published;
  const d = diags.diagnostics.find((x) => x.code === 'TMR1004');
  check(d && d.codeDescription && d.codeDescription.href.endsWith('/TMR1004.md') && d.severity === 1, 'diagnostics: TMR1004 with its doc URL, an error');
  check(registrations.some((r) => r.method === 'workspace/didChangeWatchedFiles'), 'the server registered file watchers');
  const actions = await conn.sendRequest(rpc.CodeActionRequest.type, {
    textDocument: { uri }, range: d.range, context: { diagnostics: [d], only: ['quickfix'] },
  });
  const fix = actions.find((a) => a.isPreferred);
  const edits = fix && fix.edit.changes[uri];
  check(edits && edits.length === 2 && edits.every((e) => e.newText === '"'), 'code action: the quick fix quotes PT48H');
  check(actions.some((a) => /Suppress TMR1004/.test(a.title)), 'code action: suppress TMR1004');
  const hover = await conn.sendRequest(rpc.HoverRequest.type, { textDocument: { uri }, position: { line: 28, character: 30 } });
  check(hover && hover.contents.kind === 'markdown' && /Refused/.test(hover.contents.value), 'hover on a refused timer');
  await conn.sendRequest(rpc.ShutdownRequest.type);
  conn.sendNotification(rpc.ExitNotification.type);
  server.on('exit', (code) => {
    clearTimeout(timer);
    check(code === 0, 'exit code 0 after shutdown and exit');
    console.log(`vscode-smoke: ${passed} passed, ${failed} failed, 0 skipped`);
    process.exit(failed ? 1 : 0);
  });
})().catch((e) => { console.log('FAIL ' + e); process.exit(1); });
