/* The worker RPC, on the page's side: requests go to the engine's Web
 * Worker (engine.js) one at a time and come back as promises.  The worker
 * starts from the page's own copy of the script (script: its address) and
 * is named after the page's folder (base), where it finds gridlab.wasm;
 * while it loads, what it says of its progress goes to onProgress.  A
 * search cannot be interrupted inside the worker, so restart() ends the
 * worker and starts another; the requests under way are rejected as
 * `cancelled`, and the page loads its game into the new engine from the
 * last save. */
/* exported makeRpc */
function makeRpc(script, base, onFail, onProgress) {
  'use strict';
  let worker = null;
  let seq = 0;
  const pending = new Map();

  function fail(message) {
    const err = new Error(message);
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    onFail(message);
  }

  function spawn() {
    worker = new Worker(script, { name: base });
    worker.onmessage = (e) => {
      if (e.data.progress !== undefined) { onProgress(e.data.progress); return; }
      if (e.data.failed) { fail(e.data.error); return; }
      const p = pending.get(e.data.id);
      if (!p) return;
      pending.delete(e.data.id);
      p.resolve(e.data);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      fail('the engine failed: ' + (e.message || 'could not load gridlab.wasm'));
    };
  }

  function call(op, args) {
    return new Promise((resolve, reject) => {
      const id = ++seq;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, op, args });
    });
  }

  function restart() {
    worker.terminate();
    const cancelled = new Error('cancelled');
    cancelled.cancelled = true;
    for (const p of pending.values()) p.reject(cancelled);
    pending.clear();
    spawn();
  }

  spawn();
  return { call, restart };
}
