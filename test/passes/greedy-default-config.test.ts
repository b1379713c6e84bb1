// Passes that call applyPatternsGreedily without a config get MLIR's
// GreedyRewriteConfig defaults, whose region simplification is aggressive:
// identical blocks are merged and redundant block arguments dropped even when
// no pattern applies (canonicalize's own `region-simplify` option defaults to
// normal, which does neither). Each case runs live against mlir-opt 22.
import { testOptCases, type OptCase } from '../opt-cases.js';

/** Two identical blocks forwarding their argument to a third: only aggressive simplification merges them. */
const DIAMOND_BLOCKS = `  cf.cond_br %c, ^bb1(%t0 : i32), ^bb2(%t1 : i32)
^bb3(%a1 : i32):
  func.return %a1 : i32
^bb1(%a2 : i32):
  cf.br ^bb3(%a2 : i32)
^bb2(%a3 : i32):
  cf.br ^bb3(%a3 : i32)
}
`;

const DIAMOND = `func.func @diamond(%c: i1, %t0: i32, %t1: i32) -> i32 {
${DIAMOND_BLOCKS}`;

/** A loop the pass rewrites next to blocks it can merge. */
const LOOP_AND_DIAMOND = `func.func @both(%c: i1, %t0: i32, %t1: i32, %lb: index, %ub: index, %m: memref<?xi32>) -> i32 {
  %c4 = arith.constant 4 : index
  scf.for %i = %lb to %ub step %c4 {
    memref.store %t0, %m[%i] : memref<?xi32>
  }
${DIAMOND_BLOCKS}`;

const PASSES = ['--scf-for-loop-peeling', '--scf-for-to-while', '--scf-for-loop-canonicalization', '--test-scf-pipelining', '--int-range-optimizations'];

const CASES: OptCase[] = [
  ...PASSES.map((p) => ({ name: `${p}: identical blocks merged though no pattern applies`, args: [p], input: DIAMOND })),
  ...PASSES.map((p) => ({ name: `${p}: a loop and mergeable blocks`, args: [p], input: LOOP_AND_DIAMOND })),
  { name: '--canonicalize (region-simplify=normal by default): a diamond', args: ['--canonicalize=region-simplify=normal'], input: DIAMOND },
  { name: '--canonicalize=region-simplify=aggressive: a diamond', args: ['--canonicalize=region-simplify=aggressive'], input: LOOP_AND_DIAMOND },
];

testOptCases(CASES);
