// Hand-written pipelinable loops for the scf-software-pipeline tests: each
// a loop body with a schedule in MLIR's `__test_pipelining_*` attributes,
// put in a program that fills an input buffer, runs the loop with given
// bounds (constants in the loop's function, or function arguments for
// dynamic bounds) and prints the loop's results and the output buffer.

export interface LoopCase {
  name: string;
  stages: number;
  /** iter_args as `%name = init : type` (inits may use %c0, %c1, %c2, %c5 : i32 and %zi : index). */
  iterArgs: { name: string; init: string; type: string }[];
  /** The body; `%i` is the induction variable (index), `%A` the input and `%B` the output memref<?xi32>. */
  body: string;
  /** Loop type and attributes. */
  unsigned?: boolean;
}

const at = (stage: number, order: number): string => `{__test_pipelining_stage__ = ${stage}, __test_pipelining_op_order__ = ${order}}`;

export const LOOP_CASES: LoopCase[] = [
  {
    name: 'rfc',
    stages: 3,
    iterArgs: [],
    body: `
      %x = memref.load %A[%i] ${at(0, 0)} : memref<?xi32>
      %y = arith.addi %x, %c5 ${at(1, 1)} : i32
      memref.store %y, %B[%i] ${at(2, 2)} : memref<?xi32>
      scf.yield`,
  },
  {
    name: 'reduction-and-distance-3',
    stages: 3,
    iterArgs: [
      { name: 'acc', init: '%c1', type: 'i32' },
      { name: 'prev', init: '%c5', type: 'i32' },
    ],
    body: `
      %x = memref.load %A[%i] ${at(0, 0)} : memref<?xi32>
      %y = arith.muli %x, %c2 ${at(1, 1)} : i32
      %z = arith.addi %y, %acc ${at(1, 2)} : i32
      %w = arith.subi %z, %prev ${at(2, 3)} : i32
      memref.store %w, %B[%i] ${at(2, 4)} : memref<?xi32>
      scf.yield %z, %x : i32, i32`,
  },
  {
    name: 'swap-chain-and-iv',
    stages: 3,
    iterArgs: [
      { name: 'a', init: '%c1', type: 'i32' },
      { name: 'b', init: '%c2', type: 'i32' },
    ],
    body: `
      %t = arith.index_cast %i ${at(0, 0)} : index to i32
      %s = arith.addi %a, %b ${at(1, 1)} : i32
      %u = arith.addi %s, %t ${at(1, 2)} : i32
      memref.store %u, %B[%i] ${at(2, 3)} : memref<?xi32>
      scf.yield %b, %u : i32, i32`,
  },
  {
    name: 'if-and-division',
    stages: 3,
    iterArgs: [{ name: 'acc', init: '%c0', type: 'i32' }],
    body: `
      %x = memref.load %A[%i] ${at(0, 0)} : memref<?xi32>
      %p = arith.cmpi sgt, %x, %c0 ${at(0, 1)} : i32
      %v = scf.if %p -> (i32) {
        %d = arith.divsi %c1000, %x : i32
        scf.yield %d : i32
      } else {
        scf.yield %x : i32
      } ${at(1, 2)}
      %q = arith.remsi %c1000, %v ${at(2, 3)} : i32
      %n = arith.addi %acc, %q ${at(2, 4)} : i32
      memref.store %n, %B[%i] ${at(2, 5)} : memref<?xi32>
      scf.yield %n : i32`,
  },
  {
    name: 'four-stages-outer-and-iv-yields',
    stages: 4,
    iterArgs: [
      { name: 'k', init: "%zi", type: 'index' },
      { name: 'm', init: '%c2', type: 'i32' },
    ],
    body: `
      %x = memref.load %A[%k] ${at(0, 0)} : memref<?xi32>
      %y = arith.addi %x, %m ${at(1, 1)} : i32
      %w = arith.muli %y, %c5 ${at(2, 2)} : i32
      %v = arith.addi %w, %m ${at(3, 3)} : i32
      memref.store %v, %B[%i] ${at(3, 4)} : memref<?xi32>
      scf.yield %i, %c5 : index, i32`,
  },
  {
    name: 'two-stages',
    stages: 2,
    iterArgs: [{ name: 'acc', init: '%c0', type: 'i32' }],
    body: `
      %x = memref.load %A[%i] ${at(0, 0)} : memref<?xi32>
      %y = arith.addi %x, %acc ${at(0, 1)} : i32
      memref.store %y, %B[%i] ${at(1, 2)} : memref<?xi32>
      scf.yield %y : i32`,
  },
  {
    name: 'unsigned',
    stages: 2,
    unsigned: true,
    iterArgs: [{ name: 'acc', init: '%c0', type: 'i32' }],
    body: `
      %x = memref.load %A[%i] ${at(0, 0)} : memref<?xi32>
      %y = arith.addi %x, %acc ${at(1, 1)} : i32
      memref.store %y, %B[%i] ${at(1, 2)} : memref<?xi32>
      scf.yield %y : i32`,
  },
  {
    name: 'unsigned-three-stages',
    stages: 3,
    unsigned: true,
    iterArgs: [{ name: 'acc', init: '%c1', type: 'i32' }],
    body: `
      %x = memref.load %A[%i] ${at(0, 0)} : memref<?xi32>
      %y = arith.muli %x, %acc ${at(1, 1)} : i32
      %t = arith.index_cast %i ${at(1, 2)} : index to i32
      %u = arith.addi %y, %t ${at(1, 3)} : i32
      memref.store %u, %B[%i] ${at(2, 4)} : memref<?xi32>
      scf.yield %u : i32`,
  },
];

export interface Bounds {
  lb: number;
  ub: number;
  step: number;
  dynamic: boolean;
}

/** A runnable program (`@main`) around one loop case with the given bounds. */
export function caseProgram(c: LoopCase, b: Bounds): string {
  const consts = `
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c5 = arith.constant 5 : i32
    %c1000 = arith.constant 1000 : i32
    %zi = arith.constant 0 : index`;
  const bounds = b.dynamic
    ? ''
    : `
    %lb = arith.constant ${b.lb} : index
    %ub = arith.constant ${b.ub} : index
    %step = arith.constant ${b.step} : index`;
  const params = b.dynamic ? ', %lb: index, %ub: index, %step: index' : '';
  const args = c.iterArgs.length ? ` iter_args(${c.iterArgs.map((a) => `%${a.name} = ${a.init}`).join(', ')}) -> (${c.iterArgs.map((a) => a.type).join(', ')})` : '';
  const res = c.iterArgs.length ? `%r:${c.iterArgs.length} = ` : '';
  const prints = c.iterArgs.map((a, i) => `    vector.print %r#${i} : ${a.type}`).join('\n');
  return `func.func @run(%A: memref<?xi32>, %B: memref<?xi32>${params}) {${consts}${bounds}
    ${res}scf.for${c.unsigned ? ' unsigned' : ''} %i = %lb to %ub step %step${args} {${c.body}
    } {__test_pipelining_loop__}
${prints}
    return
  }
  func.func @main() {
    %n = arith.constant 64 : index
    %zero = arith.constant 0 : index
    %one = arith.constant 1 : index
    %A = memref.alloc(%n) : memref<?xi32>
    %B = memref.alloc(%n) : memref<?xi32>
    %c7 = arith.constant 7 : i32
    %c20 = arith.constant 20 : i32
    %c0 = arith.constant 0 : i32
    scf.for %j = %zero to %n step %one {
      %jj = arith.index_cast %j : index to i32
      %v = arith.muli %jj, %c7 : i32
      %w = arith.subi %v, %c20 : i32
      memref.store %w, %A[%j] : memref<?xi32>
      memref.store %c0, %B[%j] : memref<?xi32>
    }
    ${b.dynamic ? `%lb = arith.constant ${b.lb} : index\n    %ub = arith.constant ${b.ub} : index\n    %step = arith.constant ${b.step} : index\n    ` : ''}call @run(%A, %B${b.dynamic ? ', %lb, %ub, %step' : ''}) : (memref<?xi32>, memref<?xi32>${b.dynamic ? ', index, index, index' : ''}) -> ()
    scf.for %j = %zero to %n step %one {
      %v = memref.load %B[%j] : memref<?xi32>
      vector.print %v : i32
    }
    memref.dealloc %A : memref<?xi32>
    memref.dealloc %B : memref<?xi32>
    return
  }
`;
}
