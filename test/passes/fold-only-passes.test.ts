// Folds, apart from canonicalization patterns. Passes that run the greedy
// driver with their own few patterns (--scf-for-loop-canonicalization,
// --scf-for-to-while) still fold every op, so a rewrite that MLIR 22 makes a
// pattern but scf-opt made a fold shows there and not under --canonicalize
// (`arith.bitcast` of a bitcast was one). Every chunk of MLIR's canonicalize
// tests for arith, cf, scf and the generic ones goes through such a pass,
// live against mlir-opt 22. Chunks mlir-opt rejects, or that use dialects
// outside scfkit's scope (which scf-opt rejects), are counted and reported.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runOpt } from '../../src/tools/opt-driver.js';
import { splitChunks } from '../conformance/corpus.js';
import { corpusRoot, referenceOpt } from '../conformance/paths.js';
import { testDeviations, testOptCases } from '../opt-cases.js';

const FILES = ['Dialect/Arith/canonicalize.mlir', 'Dialect/ControlFlow/canonicalize.mlir', 'Dialect/SCF/canonicalize.mlir', 'Transforms/canonicalize.mlir'];
const PASS = '--scf-for-loop-canonicalization';
/** Dialects scfkit does not implement: chunks using them are outside the comparison. */
const OUT_OF_SCOPE = /Dialect `[a-z_]+' not found|custom op '[a-z_]+\.[a-z_.]+' is unknown/;

test(`every canonicalize chunk through ${PASS} (folds only) matches mlir-opt 22`, () => {
  let compared = 0;
  let rejected = 0;
  let outOfScope = 0;
  const differing: string[] = [];
  for (const file of FILES) {
    const chunks = splitChunks(readFileSync(join(corpusRoot(), file), 'latin1'), '// -----');
    chunks.forEach((chunk, k) => {
      const args = ['--allow-unregistered-dialect', PASS, '-'];
      const ref = spawnSync(referenceOpt, args, { input: chunk.body, encoding: 'latin1', timeout: 20_000 });
      if (ref.status !== 0) return void rejected++;
      const ours = runOpt(args, chunk.body);
      if (ours.exitCode !== 0 && OUT_OF_SCOPE.test(ours.stderr)) return void outOfScope++;
      compared++;
      if (ours.stdout !== ref.stdout || ours.exitCode !== 0) differing.push(`${file}#${k}`);
    });
  }
  console.log(`${PASS}: ${compared} chunks compared, ${rejected} rejected by mlir-opt 22, ${outOfScope} outside scfkit's dialects`);
  assert.ok(compared >= 130, `only ${compared} chunks compared`);
  assert.deepEqual(differing, []);
});

const EXTRACT_STRIDED_METADATA = `func.func @f(%m: memref<4x?xf32, strided<[?, 1], offset: 3>>, %u: memref<?x8xi32>) -> (index, index, index, index, index, index) {
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<4x?xf32, strided<[?, 1], offset: 3>> -> memref<f32>, index, index, index, index, index
  %c = memref.cast %u : memref<?x8xi32> to memref<?x?xi32>
  %b2, %o2, %s2:2, %t2:2 = memref.extract_strided_metadata %c : memref<?x?xi32> -> memref<i32>, index, index, index, index, index
  "test.use"(%base, %b2) : (memref<f32>, memref<i32>) -> ()
  return %offset, %sizes#0, %sizes#1, %strides#0, %s2#1, %t2#0 : index, index, index, index, index, index
}
`;

testOptCases([
  ...[PASS, '--canonicalize'].map((p) => ({
    name: `${p}: memref.extract_strided_metadata's static offset, sizes and strides become constants; a cast is looked through`,
    args: ['--allow-unregistered-dialect', p],
    input: EXTRACT_STRIDED_METADATA,
  })),
  {
    name: 'arith.bitcast of a bitcast is left to the BitcastOfBitcast pattern (an identity bitcast folds)',
    args: [PASS],
    input: `func.func @f(%a: i32, %v: vector<4xi32>) -> (i32, f32, vector<4xi32>) {
  %0 = arith.bitcast %a : i32 to i32
  %1 = arith.bitcast %0 : i32 to f32
  %2 = arith.bitcast %v : vector<4xi32> to vector<4xf32>
  %3 = arith.bitcast %2 : vector<4xf32> to vector<4xi32>
  return %0, %1, %3 : i32, f32, vector<4xi32>
}
`,
  },
]);

// Deviations: MLIR 22's fold of memref.extract_strided_metadata builds its
// constants even when sccp's analysis only simulates folding, so the IR changes
// under the analysis. --sccp then happens to print the constant; the dead code
// analysis of --remove-dead-values misses the new op, and the pass leaves a
// null operand ("null operand found", exit 1). scf-opt does not fold the op
// during simulation: the offset stays what it was, in both passes.
const OFFSET_RETURNED = `func.func @k(%m: memref<10x?xf32>) -> index {
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<10x?xf32> -> memref<f32>, index, index, index, index, index
  return %offset : index
}
`;
const UNCHANGED = `module {
  func.func @k(%arg0: memref<10x?xf32>) -> index {
    %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg0 : memref<10x?xf32> -> memref<f32>, index, index, index, index, index
    return %offset : index
  }
}

`;
testDeviations([
  { name: 'deviation: --remove-dead-values keeps a used metadata result (MLIR 22 leaves a null operand)', args: ['--remove-dead-values'], input: OFFSET_RETURNED, stdout: UNCHANGED },
  { name: 'deviation: --sccp does not fold extract_strided_metadata while simulating (MLIR 22 builds the constant anyway)', args: ['--sccp'], input: OFFSET_RETURNED, stdout: UNCHANGED },
]);
