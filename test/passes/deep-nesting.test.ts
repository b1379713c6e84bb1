// Deep and long input (issue 15): scf-opt in-process against mlir-opt 22, run
// live, on the inputs of bench/depth.ts at depths mlir-opt still handles, and
// on the cases the linear-time paths answer (dominance of uses nested in the
// defining block, region isolation, symbol uses, calls from a nested module).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runOpt } from '../../src/tools/opt-driver.js';
import { PASSES, writeInput, type Shape } from '../../bench/depth.js';

const MLIR_OPT = process.env.SCFKIT_MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt';

function reference(file: string, args: readonly string[]): { exitCode: number; stdout: string; stderr: string } {
  const r = spawnSync(MLIR_OPT, [file, ...args], { encoding: 'latin1', maxBuffer: 1 << 30 });
  if (r.error) throw r.error;
  return { exitCode: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

function compare(file: string, args: readonly string[]): void {
  const want = reference(file, args);
  const got = runOpt([file, ...args]);
  assert.equal(got.stderr, want.stderr, `stderr of ${args.join(' ')}`);
  assert.equal(got.stdout, want.stdout, `stdout of ${args.join(' ')}`);
  assert.equal(got.exitCode, want.exitCode, `exit code of ${args.join(' ')}`);
}

const dir = mkdtempSync(join(tmpdir(), 'scfkit-deep-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

for (const [shape, size] of [['if', 300], ['for', 300], ['flat', 3000]] as [Shape, number][])
  test(`bench:depth input ${shape} ${size}: round trip and every measured pass match mlir-opt`, () => {
    const file = join(dir, `${shape}-${size}.mlir`);
    writeInput(file, shape, size);
    compare(file, []);
    compare(file, ['--symbol-dce']);
    for (const pass of PASSES) compare(file, [`--${pass}`]);
  });

test('the benchmark rows print nothing but an empty module (the nest is erased by --symbol-dce)', () => {
  const file = join(dir, 'rows.mlir');
  writeInput(file, 'if', 5);
  for (const pass of PASSES) {
    const r = runOpt([file, `--${pass}`, '--symbol-dce']);
    assert.equal(r.exitCode, 0, r.stderr);
    assert.equal(r.stdout, 'module {\n}\n\n', `--${pass}`);
  }
  assert.ok(readFileSync(file, 'latin1').includes('scf.if'));
});

const CASES: { name: string; args: string[]; input: string }[] = [
  {
    name: 'a callee in the outer module, called from a private nested module',
    args: ['--inline'],
    input: `module {
  func.func private @inc(%x: i32) -> i32 {
    %c1 = arith.constant 1 : i32
    %y = arith.addi %x, %c1 : i32
    return %y : i32
  }
  module @m attributes {sym_visibility = "private"} {
    func.func private @inc(%x: i32) -> i32 {
      %c2 = arith.constant 2 : i32
      %y = arith.muli %x, %c2 : i32
      return %y : i32
    }
    func.func @f(%x: i32) -> i32 {
      %0 = func.call @inc(%x) : (i32) -> i32
      return %0 : i32
    }
  }
  func.func @g(%x: i32) -> i32 {
    %0 = func.call @inc(%x) : (i32) -> i32
    return %0 : i32
  }
}
`,
  },
  {
    name: 'a use nested deep below its definition, later in the same block',
    args: [],
    input: `func.func @f(%c: i1) {
  scf.if %c {
    scf.if %c {
      scf.if %c {
        %u = arith.addi %v, %v : i32
      }
    }
  }
  %v = arith.constant 1 : i32
  return
}
`,
  },
  {
    name: "a use inside the defining op's own region",
    args: [],
    input: `func.func @f(%c: i1) {
  %r = scf.if %c -> (i32) {
    scf.if %c {
      %u = arith.addi %r, %r : i32
    }
    %k = arith.constant 1 : i32
    scf.yield %k : i32
  } else {
    %k = arith.constant 2 : i32
    scf.yield %k : i32
  }
  return
}
`,
  },
  {
    name: 'a use of a value from a sibling region',
    args: [],
    input: `func.func @f(%c: i1) {
  scf.if %c {
    %v = arith.constant 1 : i32
  }
  scf.if %c {
    scf.if %c {
      %u = arith.addi %v, %v : i32
    }
  }
  return
}
`,
  },
  {
    name: 'a block argument used below in its nest and one used outside it',
    args: [],
    input: `func.func @f(%lb: index, %ub: index, %s: index) {
  scf.for %i = %lb to %ub step %s {
    scf.for %j = %lb to %ub step %s {
      %a = arith.addi %i, %j : index
    }
  }
  %b = arith.addi %i, %i : index
  return
}
`,
  },
  {
    name: 'uses across blocks of a CFG region nested in structured ops',
    args: [],
    input: `func.func @f(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = arith.addi %x, %x : i32
  cf.br ^bb3(%a : i32)
^bb2:
  %r = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %x : i32
  }
  cf.br ^bb3(%r : i32)
^bb3(%y: i32):
  return %y : i32
}
`,
  },
  {
    name: 'a value from outside an isolated op, used in it',
    args: [],
    input: `func.func @f(%x: i32, %c: i1) {
  builtin.module {
    scf.execute_region {
      scf.if %c {
        %u = arith.addi %x, %x : i32
      }
      scf.yield
    }
  }
  return
}
`,
  },
  {
    name: 'a value from outside an isolated op, used deep inside it',
    args: [],
    input: `func.func @f(%x: i32) {
  builtin.module {
    scf.execute_region {
      %c = arith.constant true
      scf.if %c {
        scf.if %c {
          %v = arith.constant 1 : i32
          scf.if %c {
            %w = arith.addi %v, %v : i32
            %u = arith.addi %w, %x : i32
          }
        }
      }
      scf.yield
    }
  }
  return
}
`,
  },
  {
    name: 'calls to missing and mistyped functions from deep inside a nest',
    args: [],
    input: `module {
  func.func private @g(i32) -> i32
  func.func @f(%x: i32, %c: i1) {
    scf.if %c {
      scf.if %c {
        %0 = func.call @g(%x) : (i32) -> i32
        %1 = func.call @g(%x) : (i32) -> i64
      }
    }
    return
  }
}
`,
  },
  {
    name: 'a call to a function of a nested module by its nested name',
    args: ['--sccp', '--remove-dead-values'],
    input: `module {
  module @m {
    func.func @g(%x: i32) -> i32 {
      return %x : i32
    }
  }
  func.func @f(%c: i1) -> i32 {
    %k = arith.constant 3 : i32
    %r = scf.if %c -> (i32) {
      %0 = func.call @m::@g(%k) : (i32) -> i32
      scf.yield %0 : i32
    } else {
      scf.yield %k : i32
    }
    return %r : i32
  }
}
`,
  },
];

for (const c of CASES)
  test(c.name, () => {
    const file = join(dir, 'case.mlir');
    writeFileSync(file, c.input);
    compare(file, c.args);
  });

/**
 * A nest of scf.if on one condition with both branches, the condition also
 * read by selects in each branch at every level, inside an scf.for of each
 * branch, and after the nest: ConditionPropagation places every use (then,
 * else, neither) from places remembered along earlier walks, and the greedy
 * driver re-queues the users' ancestors through skip pointers.
 */
function sharedConditionNest(depth: number): string {
  const lines = ['func.func @f(%c: i1, %x: i32, %y: i32, %n: index) -> i32 {', '%c0 = arith.constant 0 : index', '%c1 = arith.constant 1 : index'];
  let close: string[] = [];
  for (let k = 0; k < depth; k++) {
    lines.push(`%s${k} = arith.select %c, %x, %y : i32`);
    lines.push(`func.call @use(%s${k}) : (i32) -> ()`);
    lines.push(`scf.if %c {`);
    lines.push(`scf.for %i${k} = %c0 to %n step %c1 {`, `%t${k} = arith.select %c, %y, %x : i32`, `func.call @use(%t${k}) : (i32) -> ()`, '}');
    // Every other level nests in the else branch, so both regions hold deep users.
    if (k % 2 === 1) {
      lines.push(`%e${k} = arith.select %c, %x, %x : i32`, `func.call @use(%e${k}) : (i32) -> ()`, '} else {');
      close = ['}', ...close];
    } else close = ['} else {', `%f${k} = arith.select %c, %y, %y : i32`, `func.call @use(%f${k}) : (i32) -> ()`, '}', ...close];
  }
  lines.push(...close);
  lines.push('%r = arith.select %c, %x, %y : i32', 'return %r : i32', '}', 'func.func private @use(i32)');
  return lines.join('\n') + '\n';
}

test('a nest sharing one condition in both branches: canonicalize, remove-dead-values and inline match mlir-opt', () => {
  const file = join(dir, 'shared-cond.mlir');
  writeFileSync(file, sharedConditionNest(120));
  for (const pass of ['--canonicalize', '--remove-dead-values', '--inline', '--sccp']) compare(file, [pass]);
});
