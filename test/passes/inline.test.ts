// inline against MLIR 22: each case runs scf-opt in-process and compares
// stdout, stderr and the exit code with what /usr/lib/llvm-22/bin/mlir-opt
// printed (written here literally).

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: "single- and multi-block callees without the optimizer pipeline",
    args: ["--pass-pipeline=builtin.module(inline{default-pipeline=})"],
    input: `func.func private @unused(%a: i32) -> i32 {
  return %a : i32
}
func.func private @callee(%a: i32, %c: i1) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %a, %c1 : i32
  cf.cond_br %c, ^bb1, ^bb2(%0 : i32)
^bb1:
  return %a : i32
^bb2(%x: i32):
  return %x : i32
}
func.func private @simple(%a: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %0 = arith.muli %a, %c2 : i32
  return %0 : i32
}
func.func @caller(%a: i32, %c: i1) -> i32 {
  %c0 = arith.constant 0 : i32
  %x = arith.addi %a, %c0 : i32
  %0 = call @simple(%x) : (i32) -> i32
  %1 = call @callee(%0, %c) : (i32, i1) -> i32
  %2 = arith.addi %1, %0 : i32
  return %2 : i32
}
func.func @rec(%a: i32) -> i32 {
  %0 = call @rec(%a) : (i32) -> i32
  return %0 : i32
}
`,
    stdout: `module {
  func.func @caller(%arg0: i32, %arg1: i1) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.addi %arg0, %c0_i32 : i32
    %c2_i32 = arith.constant 2 : i32
    %1 = arith.muli %0, %c2_i32 : i32
    %c1_i32 = arith.constant 1 : i32
    %2 = arith.addi %1, %c1_i32 : i32
    cf.cond_br %arg1, ^bb1, ^bb2(%2 : i32)
  ^bb1:  // pred: ^bb0
    cf.br ^bb3(%1 : i32)
  ^bb2(%3: i32):  // pred: ^bb0
    cf.br ^bb3(%3 : i32)
  ^bb3(%4: i32):  // 2 preds: ^bb1, ^bb2
    %5 = arith.addi %4, %1 : i32
    return %5 : i32
  }
  func.func @rec(%arg0: i32) -> i32 {
    %0 = call @rec(%arg0) : (i32) -> i32
    return %0 : i32
  }
}

`,
    stderr: ``,
    code: 0,
  },
  {
    name: "inlining then canonicalize; illegal, no_inline, recursive and multi-block-in-scf calls stay",
    args: ["--allow-unregistered-dialect", "--inline"],
    input: `func.func private @f(%a: index) -> index {
  %c2 = arith.constant 2 : index
  %0 = arith.muli %a, %c2 : index
  return %0 : index
}
func.func private @multi(%a: index, %c: i1) -> index {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : index
^bb2:
  %c1 = arith.constant 1 : index
  return %c1 : index
}
func.func private @noinl(%a: index) -> index attributes {no_inline} {
  return %a : index
}
func.func private @unknown(%a: index) -> index {
  %0 = "foo.bar"(%a) : (index) -> index
  return %0 : index
}
func.func private @decl(index) -> index
func.func @caller(%lb: index, %ub: index, %c: i1, %m: memref<?xindex>) {
  %s = arith.constant 1 : index
  scf.for %i = %lb to %ub step %s {
    %0 = func.call @f(%i) : (index) -> index
    %1 = scf.if %c -> index {
      %2 = func.call @multi(%0, %c) : (index, i1) -> index
      scf.yield %2 : index
    } else {
      %3 = func.call @noinl(%0) : (index) -> index
      scf.yield %3 : index
    }
    %4 = func.call @unknown(%1) : (index) -> index
    %5 = func.call @decl(%4) : (index) -> index
    memref.store %5, %m[%i] : memref<?xindex>
  }
  return
}
func.func @a(%x: i32) -> i32 {
  %0 = call @b(%x) : (i32) -> i32
  return %0 : i32
}
func.func @b(%x: i32) -> i32 {
  %0 = call @a(%x) : (i32) -> i32
  return %0 : i32
}
`,
    stdout: `module {
  func.func private @multi(%arg0: index, %arg1: i1) -> index {
    %c1 = arith.constant 1 : index
    cf.cond_br %arg1, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    return %arg0 : index
  ^bb2:  // pred: ^bb0
    return %c1 : index
  }
  func.func private @noinl(%arg0: index) -> index attributes {no_inline} {
    return %arg0 : index
  }
  func.func private @unknown(%arg0: index) -> index {
    %0 = "foo.bar"(%arg0) : (index) -> index
    return %0 : index
  }
  func.func private @decl(index) -> index
  func.func @caller(%arg0: index, %arg1: index, %arg2: i1, %arg3: memref<?xindex>) {
    %c2 = arith.constant 2 : index
    %true = arith.constant true
    %c1 = arith.constant 1 : index
    scf.for %arg4 = %arg0 to %arg1 step %c1 {
      %0 = arith.muli %arg4, %c2 : index
      %1 = scf.if %arg2 -> (index) {
        %4 = func.call @multi(%0, %true) : (index, i1) -> index
        scf.yield %4 : index
      } else {
        %4 = func.call @noinl(%0) : (index) -> index
        scf.yield %4 : index
      }
      %2 = func.call @unknown(%1) : (index) -> index
      %3 = func.call @decl(%2) : (index) -> index
      memref.store %3, %arg3[%arg4] : memref<?xindex>
    }
    return
  }
  func.func @a(%arg0: i32) -> i32 {
    %0 = call @b(%arg0) : (i32) -> i32
    return %0 : i32
  }
  func.func @b(%arg0: i32) -> i32 {
    %0 = call @a(%arg0) : (i32) -> i32
    return %0 : i32
  }
}

`,
    stderr: ``,
    code: 0,
  },
  {
    name: "the inliner needs a symbol table",
    args: ["--pass-pipeline=builtin.module(func.func(inline))"],
    input: `func.func @f() {
  return
}
`,
    stdout: ``,
    stderr: `<stdin>:1:1: error: 'func.func' op  was scheduled to run under the inliner, but does not define a symbol table
func.func @f() {
^
<stdin>:1:1: note: see current operation: 
"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  "func.return"() : () -> ()
}) : () -> ()
`,
    code: 1,
  },
];

testOptCases(CASES);
