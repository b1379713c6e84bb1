// Registers every pass scfkit ships (imported once by the drivers).

import { registerPass } from './registry.js';
import { CanonicalizerInfo } from '../transforms/canonicalize.js';
import { CSEInfo } from '../transforms/cse.js';
import { SCFToControlFlowInfo } from '../conversions/scf-to-cf.js';
import { ParallelLoopTilingInfo } from '../transforms/parallel-loop-tiling.js';

let done = false;

export function registerAllPasses(): void {
  if (done) return;
  done = true;
  for (const info of [CanonicalizerInfo, CSEInfo, SCFToControlFlowInfo, ParallelLoopTilingInfo]) registerPass(info);
}
