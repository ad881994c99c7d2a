/* The worker RPC, on the page's side: requests go to the engine's Web
 * Worker (engine.js) one at a time and come back as promises.  A search
 * cannot be interrupted inside the worker, so restart() ends the worker and
 * starts another; the requests under way are rejected as `cancelled`, and
 * the page loads its game into the new engine from the last save. */
/* exported makeRpc */
function makeRpc(script, onFail) {
  'use strict';
  let worker = null;
  let seq = 0;
  const pending = new Map();

  function spawn() {
    worker = new Worker(script);
    worker.onmessage = (e) => {
      const p = pending.get(e.data.id);
      if (!p) return;
      pending.delete(e.data.id);
      p.resolve(e.data);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      const err = new Error('the engine failed: ' + (e.message || 'could not load gridlab.wasm'));
      for (const p of pending.values()) p.reject(err);
      pending.clear();
      onFail(err.message);
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
