// Which ops CSE, canonicalize and remove-dead-values may drop when unused,
// against real mlir-opt 22 run live: an op with RecursiveMemoryEffects goes
// when every op it holds only reads or allocates its own results (MLIR's
// wouldOpBeTriviallyDead judges each nested op on its own allocations).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { runOpt } from '../../src/tools/opt-driver.js';
import { MLIR_OPT } from '../exec/difftool.js';

const INPUT = `func.func @f(%m: memref<4xf32>, %i: index, %c: i1) -> f32 {
  scf.execute_region {
    %a = memref.alloc() : memref<4xf32>
    %v = memref.load %m[%i] : memref<4xf32>
    scf.yield
  }
  %r = scf.execute_region -> f32 {
    %a = memref.alloca() : memref<4xf32>
    %v = memref.load %a[%i] : memref<4xf32>
    scf.yield %v : f32
  }
  %s = scf.if %c -> f32 {
    %a = memref.alloc() : memref<4xf32>
    memref.dealloc %a : memref<4xf32>
    scf.yield %r : f32
  } else {
    scf.yield %r : f32
  }
  scf.execute_region {
    scf.execute_region {
      memref.store %r, %m[%i] : memref<4xf32>
      scf.yield
    }
    scf.yield
  }
  scf.execute_region {
    scf.execute_region {
      %w = memref.load %m[%i] : memref<4xf32>
      scf.yield
    }
    scf.yield
  }
  return %r : f32
}
`;

for (const pass of ['--cse', '--canonicalize', '--remove-dead-values']) {
  test(`${pass} drops exactly the unused region ops mlir-opt 22 drops`, { skip: existsSync(MLIR_OPT) ? false : `${MLIR_OPT} not installed` }, () => {
    const ref = spawnSync(MLIR_OPT, [pass, '-'], { input: INPUT, encoding: 'utf8' });
    assert.equal(ref.status, 0, ref.stderr);
    const ours = runOpt([pass, '-'], INPUT);
    assert.equal(ours.stderr, '');
    assert.equal(ours.stdout, ref.stdout);
  });
}
