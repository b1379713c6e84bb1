// Registers every pass scfkit ships (imported once by the drivers).

import { registerPass } from './registry.js';
import { CanonicalizerInfo } from '../transforms/canonicalize.js';
import { CSEInfo } from '../transforms/cse.js';
import { SCFToControlFlowInfo } from '../conversions/scf-to-cf.js';
import { ParallelLoopTilingInfo } from '../transforms/parallel-loop-tiling.js';
import { ForToWhileLoopInfo } from '../transforms/scf/for-to-while.js';
import { ForallToForInfo, ForallToParallelInfo } from '../transforms/scf/forall.js';
import { ParallelForToNestedForsInfo } from '../transforms/scf/parallel-to-fors.js';
import { ForLoopRangeFoldingInfo } from '../transforms/scf/loop-range-folding.js';
import { LoopInvariantCodeMotionInfo } from '../transforms/licm.js';
import { ControlFlowSinkInfo } from '../transforms/control-flow-sink.js';
import { SCCPInfo } from '../transforms/sccp.js';
import { SymbolDCEInfo } from '../transforms/symbol-dce.js';
import { InlinerInfo } from '../transforms/inliner.js';
import { ForLoopCanonicalizationInfo } from '../transforms/scf/for-loop-canonicalization.js';
import { RemoveDeadValuesInfo } from '../transforms/remove-dead-values.js';
import { LiftControlFlowToSCFInfo } from '../conversions/lift-cf-to-scf.js';
import { TestSingleFoldInfo } from '../transforms/test-single-fold.js';
import { ArithExpandOpsInfo } from '../dialects/arith/transforms/expand-ops.js';
import { DuplicateFunctionEliminationInfo } from '../dialects/func/transforms/duplicate-function-elimination.js';
import { IntRangeOptimizationsInfo } from '../transforms/int-range-optimizations.js';
import { LowerEarlyExitInfo } from '../dialects/scf/transforms/lower-early-exit.js';
import { FoldConstantLoopsInfo } from '../dialects/scf/transforms/fold-constant-loops.js';
import { TestLoopUnrollingInfo, TestParallelLoopUnrollingInfo } from '../transforms/scf/loop-unroll.js';
import { ParallelLoopFusionInfo } from '../transforms/scf/parallel-loop-fusion.js';
import { SCF_TEST_PASSES } from '../transforms/scf/test-passes.js';
import { TestPrintInvalidInfo, TestPrintNestingInfo } from '../transforms/test-ir-passes.js';
import { LowerAffineInfo } from '../conversions/lower-affine.js';
import { ForLoopPeelingInfo, ForLoopSpecializationInfo, ParallelLoopSpecializationInfo } from '../transforms/scf/loop-specialization.js';
import { ConvertControlFlowToLLVMInfo } from '../conversions/cf-to-llvm.js';
import { ConvertToLLVMInfo } from '../conversions/to-llvm.js';
import { TestSCFPipeliningInfo } from '../transforms/scf/test-pipelining.js';
import { SoftwarePipelineInfo } from '../transforms/scf/software-pipeline.js';

let done = false;

export function registerAllPasses(): void {
  if (done) return;
  done = true;
  for (const info of [
    CanonicalizerInfo,
    CSEInfo,
    SCFToControlFlowInfo,
    ParallelLoopTilingInfo,
    ForToWhileLoopInfo,
    ForallToForInfo,
    ForallToParallelInfo,
    ParallelForToNestedForsInfo,
    ForLoopRangeFoldingInfo,
    LoopInvariantCodeMotionInfo,
    ControlFlowSinkInfo,
    SCCPInfo,
    SymbolDCEInfo,
    InlinerInfo,
    ForLoopCanonicalizationInfo,
    RemoveDeadValuesInfo,
    LiftControlFlowToSCFInfo,
    TestSingleFoldInfo,
    ArithExpandOpsInfo,
    DuplicateFunctionEliminationInfo,
    IntRangeOptimizationsInfo,
    LowerEarlyExitInfo,
    FoldConstantLoopsInfo,
    TestLoopUnrollingInfo,
    TestParallelLoopUnrollingInfo,
    ParallelLoopFusionInfo,
    ...SCF_TEST_PASSES,
    TestPrintNestingInfo,
    TestPrintInvalidInfo,
    LowerAffineInfo,
    ForLoopPeelingInfo,
    ForLoopSpecializationInfo,
    ParallelLoopSpecializationInfo,
    ConvertControlFlowToLLVMInfo,
    ConvertToLLVMInfo,
    TestSCFPipeliningInfo,
    SoftwarePipelineInfo,
  ])
    registerPass(info);
}
