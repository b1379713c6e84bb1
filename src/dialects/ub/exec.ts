// How the ub.poison execute in the JavaScript backend: the per-op emitters
// registered with the engine (src/exec/emitters.ts); codegen.ts drives them.

import * as ub from './index.js';
import { implementJsExec } from '../../exec/emitters.js';

implementJsExec(ub.PoisonOp, (cg, op) => cg.emit(`${cg.v(ub.PoisonOp.result(op))} = $P(${cg.K(op)});`));
