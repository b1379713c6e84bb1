// Registers every dialect's WebAssembly execution semantics (its
// exec-wasm.ts) with the WebAssembly backend (src/exec/wasm/emitters.ts).
import './arith/exec-wasm.js';
import './cf/exec-wasm.js';
import './func/exec-wasm.js';
import './index/exec-wasm.js';
import './math/exec-wasm.js';
import './memref/exec-wasm.js';
import './scf/exec-wasm.js';
import './ub/exec-wasm.js';
import './vector/exec-wasm.js';
