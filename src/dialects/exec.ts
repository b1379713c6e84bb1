// Registers every dialect's execution semantics (its exec.ts) with the
// execution engine's backends (src/exec/emitters.ts).
import './affine/exec.js';
import './arith/exec.js';
import './builtin/exec.js';
import './cf/exec.js';
import './func/exec.js';
import './index/exec.js';
import './js/exec.js';
import './math/exec.js';
import './memref/exec.js';
import './pipeline/exec.js';
import './scf/exec.js';
import './ub/exec.js';
import './vector/exec.js';
