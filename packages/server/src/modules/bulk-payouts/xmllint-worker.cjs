// One long-lived worker thread for libxml2's xmllint (xmllint-wasm): the WebAssembly module is
// compiled once here and instantiated per run (a fresh memory each time), instead of a new thread
// and a new compilation per call as xmllint-wasm's validateXML does. See pain001-schema.ts.
const { parentPort } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const path = require('node:path');

const dir = path.dirname(require.resolve('xmllint-wasm'));
const createXmllint = require(path.join(dir, 'xmllint-node.js'));
const compiled = new WebAssembly.Module(readFileSync(path.join(dir, 'xmllint.wasm')));
const PAGE = 65536;

// xmllint's exit() ends each run by throwing Emscripten's ExitStatus: the run is over, the thread stays.
process.on('uncaughtException', (err) => {
  if (err?.name !== 'ExitStatus') parentPort.postMessage({ id: null, fatal: String(err?.stack ?? err) });
});

parentPort.on('message', (m) => {
  if (m?.kind !== 'xmllint-run') return; // xmllint-node.js listens on this port too
  let stderr = '';
  createXmllint({
    inputFiles: m.files,
    arguments: m.args,
    print: () => {},
    printErr: (text) => {
      stderr += `${text}\n`;
    },
    instantiateWasm(imports, done) {
      WebAssembly.instantiate(compiled, imports).then((instance) => done(instance, compiled));
      return {};
    },
    wasmMemory: new WebAssembly.Memory({ initial: (16 << 20) / PAGE, maximum: m.maxBytes / PAGE }),
    onExit: (code) => parentPort.postMessage({ id: m.id, code, stderr }),
    onAbort: (reason) => parentPort.postMessage({ id: m.id, code: -1, stderr: `abort: ${reason}` }),
  });
});
