// The linalg subset against MLIR 22, compared live: each input runs through
// /usr/lib/llvm-22/bin/mlir-opt and the in-process driver with the same flags,
// and stdout, stderr and the exit code must be identical (custom and generic
// forms, block argument names, verifier diagnostics).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { runOpt } from '../../../src/tools/opt-driver.js';

const MLIR_OPT = '/usr/lib/llvm-22/bin/mlir-opt';

function compare(name: string, args: string[], input: string, expectError: boolean): void {
  test(name, () => {
    assert.ok(existsSync(MLIR_OPT), `${MLIR_OPT} is required for this test`);
    const ref = spawnSync(MLIR_OPT, [...args, '-'], { input, encoding: 'utf8' });
    const ours = runOpt([...args, '-'], input);
    assert.equal(ref.status !== 0, expectError, `mlir-opt ${expectError ? 'accepted' : 'rejected'} the input: ${ref.stderr}`);
    assert.equal(ours.stdout, ref.stdout);
    assert.equal(ours.stderr, ref.stderr);
    assert.equal(ours.exitCode, ref.status);
  });
}

const ROUND_TRIP = `#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d0)>
func.func @f(%arg0: tensor<?xf32>, %arg1: tensor<?xf32>, %m: memref<4xf32>, %m2: memref<4x8xf32>) -> tensor<?xf32> {
  %cst = arith.constant 1.0 : f32
  %0 = linalg.fill ins(%cst : f32) outs(%arg1 : tensor<?xf32>) -> tensor<?xf32>
  linalg.fill ins(%cst : f32) outs(%m : memref<4xf32>)
  %1:2 = linalg.generic {iterator_types = ["parallel"], indexing_maps = [#map, #map, #map], library_call = "foo", doc = "d"} ins(%arg0: tensor<?xf32>) outs(%arg0, %arg1: tensor<?xf32>, tensor<?xf32>) attrs = {foo = 1} {
    ^bb0(%a: f32, %b: f32, %c: f32):
      linalg.yield %a, %a : f32, f32
  } -> (tensor<?xf32>, tensor<?xf32>)
  linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "reduction"]} ins(%m2 : memref<4x8xf32>) outs(%m : memref<4xf32>) {
    ^bb0(%a: f32 loc("x"), %b: f32):
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
  }
  %2 = linalg.exp ins(%arg0 : tensor<?xf32>) outs(%arg1 : tensor<?xf32>) -> tensor<?xf32>
  linalg.erf ins(%m : memref<4xf32>) outs(%m : memref<4xf32>)
  return %0 : tensor<?xf32>
}
`;

compare('custom form round-trips', [], ROUND_TRIP, false);
compare('generic form', ['--mlir-print-op-generic'], ROUND_TRIP, false);
compare('generic form parses back', ['--mlir-print-op-generic', '--mlir-print-debuginfo'], ROUND_TRIP, false);
compare('name locations as block argument names', ['--mlir-use-nameloc-as-prefix'], ROUND_TRIP, false);

// Loop-invariant code motion reads the memory effects: a fill of a tensor is
// hoisted, a fill of a memref written in the loop is not.
compare(
  'memory effects drive LICM',
  ['--loop-invariant-code-motion'],
  `func.func @licm(%t: tensor<4xf32>, %m: memref<4xf32>, %lb: index, %ub: index, %st: index) {
  %cst = arith.constant 0.0 : f32
  scf.for %i = %lb to %ub step %st {
    %0 = linalg.fill ins(%cst : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
    linalg.fill ins(%cst : f32) outs(%m : memref<4xf32>)
    "test.use"(%0) : (tensor<4xf32>) -> ()
  }
  return
}
`,
  false,
);

const INVALID: [string, string][] = [
  ['fill value type', `func.func @f(%i: i32, %m: memref<4xf32>) {
  linalg.fill ins(%i : i32) outs(%m : memref<4xf32>)
  return
}`],
  ['fill region arity', `func.func @f(%a: f32, %m: memref<4xf32>) {
  linalg.fill ins(%a, %a : f32, f32) outs(%m : memref<4xf32>)
  return
}`],
  ['number of tensor results', `func.func @f(%a: f32, %t: tensor<4xf32>) {
  linalg.fill ins(%a : f32) outs(%t : tensor<4xf32>)
  return
}`],
  ['result type', `func.func @f(%a: f32, %t: tensor<4xf32>) {
  %0 = linalg.fill ins(%a : f32) outs(%t : tensor<4xf32>) -> tensor<5xf32>
  return
}`],
  ['number of indexing maps', `func.func @f(%m: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%m : memref<4xf32>) outs(%m : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}`],
  ['map dims vs loops', `func.func @f(%m: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel"]} ins(%m : memref<4xf32>) outs(%m : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}`],
  ['map symbols', `func.func @f(%m: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0)[s0] -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%m : memref<4xf32>) outs(%m : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}`],
  ['operand rank', `func.func @f(%m: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0, d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%m : memref<4xf32>) outs(%m : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}`],
  ['block argument count', `func.func @f(%m: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%m : memref<4xf32>) outs(%m : memref<4xf32>) {
  ^bb0(%a: f32):
    linalg.yield %a : f32
  }
  return
}`],
  ['block argument type', `func.func @f(%m: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%m : memref<4xf32>) outs(%m : memref<4xf32>) {
  ^bb0(%a: f32, %b: i32):
    linalg.yield %a : f32
  }
  return
}`],
  ['yield count', `func.func @f(%m: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%m : memref<4xf32>) outs(%m : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a, %a : f32, f32
  }
  return
}`],
  ['yield type', `func.func @f(%m: memref<4xf32>, %i: i32) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%m : memref<4xf32>) outs(%m : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %i : i32
  }
  return
}`],
  ['yield outside linalg', `func.func @f(%a: f32) {
  scf.execute_region {
    linalg.yield %a : f32
  }
  return
}`],
  ['unknown iterator type', `func.func @f(%m: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["window"]} ins(%m : memref<4xf32>) outs(%m : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}`],
  ['missing iterator types', `func.func @f(%m: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>]} ins(%m : memref<4xf32>) outs(%m : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}`],
  ['loops not covered by the maps', `func.func @f(%m: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "parallel"]} ins(%m : memref<4xf32>) outs(%m : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}`],
];

for (const [name, input] of INVALID) compare(`diagnostic: ${name}`, [], input + '\n', true);
