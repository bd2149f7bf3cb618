// The page's engine: the WebAssembly module (engine.js) in a Web Worker,
// so the page never waits on it.  Messages in: {id, op, args}; out:
// {type: 'ready', version}, {type: 'progress', id, done, total} while a
// long call runs, {type: 'result', id, result}.  The page stops a long
// call by ending this worker and starting another.
'use strict';
// In the page made one file (web/onefile.js) both come before this script.
if (typeof createEngine === 'undefined')
  importScripts('engine.js', 'engine-api.js');

let engine = null;
const ready = createEngine().then((m) => {
  engine = new Engine(m);
  postMessage({ type: 'ready', version: engine.version() });
});

onmessage = async (e) => {
  await ready;
  const { id, op, args } = e.data;
  const progress = (done, total) =>
    postMessage({ type: 'progress', id, done, total });
  let result;
  try {
    const a = args || {};
    switch (op) {
      case 'analyze': result = engine.analyze(a.text, a.variants); break;
      case 'grade': result = engine.grade(a.text, a.variants, progress); break;
      case 'explain':
        result = engine.explain(a.text, a.variants, a.max || 0, progress);
        break;
      case 'generate': result = engine.generate(a, progress); break;
      case 'minimize':
        result = engine.minimize(a.text, a.variants, a.symmetry, a.seed);
        break;
      case 'repair': result = engine.repair(a.text, a.variants); break;
      case 'canon': result = engine.canon(a.text, a.variants); break;
      case 'write': result = engine.write(a.text, a.variants, a.layout); break;
      case 'print':
        result = engine.print(a.text, a.variants, a.withSolution);
        break;
      default: result = { ok: false, error: 'unknown call ' + op };
    }
  } catch (err) {
    result = { ok: false, error: String(err && err.message || err) };
  }
  postMessage({ type: 'result', id, result });
};
