// Node-only entry points of scfkit (`scfkit/node`): the command-line drivers
// as functions, reading and writing files. Everything else is in `scfkit`.

export { runOpt, type OptResult } from './tools/opt-driver.js';
export { runScfRun, type RunSinks } from './tools/scf-run-driver.js';
export * from './index.js';
