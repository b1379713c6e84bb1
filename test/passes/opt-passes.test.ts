// The pass infrastructure and the first passes against MLIR 22: each case runs
// scf-opt in-process and compares stdout, stderr and the exit code with what
// /usr/lib/llvm-22/bin/mlir-opt printed (written here literally; LLVM's own
// "mlir-opt:" prefix on command-line errors reads "scf-opt:").

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: "canonicalize folds arith constants and moves constants right",
    args: ["--canonicalize"],
    input: `func.func @f(%a: i32) -> (i32, i32, i1) {
  %c0 = arith.constant 0 : i32
  %c7 = arith.constant 7 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %c7, %a : i32
  %1 = arith.muli %c7, %c5 : i32
  %2 = arith.addi %a, %c0 : i32
  %3 = arith.cmpi slt, %c5, %c7 : i32
  return %0, %1, %3 : i32, i32, i1
}
`,
    stdout: `module {
  func.func @f(%arg0: i32) -> (i32, i32, i1) {
    %true = arith.constant true
    %c35_i32 = arith.constant 35 : i32
    %c7_i32 = arith.constant 7 : i32
    %0 = arith.addi %arg0, %c7_i32 : i32
    return %0, %c35_i32, %true : i32, i32, i1
  }
}

`,
    stderr: ``,
    code: 0,
  },
  {
    name: "canonicalize folds floats exactly and keeps overflowing divsi",
    args: ["--canonicalize"],
    input: `func.func @fl(%a: f32, %b: f32, %x: i8) -> (f32, f32, i8, i32, f32) {
  %c1 = arith.constant 1.5 : f32
  %c2 = arith.constant 2.25 : f32
  %n = arith.constant 0x7FC00000 : f32
  %0 = arith.addf %c1, %c2 : f32
  %1 = arith.divf %c1, %n : f32
  %c3 = arith.constant -128 : i8
  %c4 = arith.constant -1 : i8
  %2 = arith.divsi %c3, %c4 : i8
  %3 = arith.extsi %c3 : i8 to i32
  %4 = arith.sitofp %3 : i32 to f32
  return %0, %1, %2, %3, %4 : f32, f32, i8, i32, f32
}
`,
    stdout: `module {
  func.func @fl(%arg0: f32, %arg1: f32, %arg2: i8) -> (f32, f32, i8, i32, f32) {
    %cst = arith.constant -1.280000e+02 : f32
    %c-128_i32 = arith.constant -128 : i32
    %c-1_i8 = arith.constant -1 : i8
    %c-128_i8 = arith.constant -128 : i8
    %cst_0 = arith.constant 3.750000e+00 : f32
    %cst_1 = arith.constant 0x7FC00000 : f32
    %0 = arith.divsi %c-128_i8, %c-1_i8 : i8
    return %cst_0, %cst_1, %0, %c-128_i32, %cst : f32, f32, i8, i32, f32
  }
}

`,
    stderr: ``,
    code: 0,
  },
  {
    name: "cse merges equivalent pure ops",
    args: ["--cse"],
    input: `func.func @g(%a: f32, %b: f32) -> (f32, f32) {
  %0 = arith.addf %a, %b : f32
  %1 = arith.addf %a, %b : f32
  %2 = arith.mulf %0, %1 : f32
  %3 = arith.mulf %0, %1 : f32
  return %2, %3 : f32, f32
}
`,
    stdout: `module {
  func.func @g(%arg0: f32, %arg1: f32) -> (f32, f32) {
    %0 = arith.addf %arg0, %arg1 : f32
    %1 = arith.mulf %0, %0 : f32
    return %1, %1 : f32, f32
  }
}

`,
    stderr: ``,
    code: 0,
  },
  {
    name: "convert-scf-to-cf lowers scf.for with iter_args",
    args: ["--convert-scf-to-cf"],
    input: `func.func @h(%lb: index, %ub: index, %step: index, %init: f32) -> f32 {
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %init) -> (f32) {
    %s = arith.addf %acc, %acc : f32
    scf.yield %s : f32
  }
  return %r : f32
}
`,
    stdout: `module {
  func.func @h(%arg0: index, %arg1: index, %arg2: index, %arg3: f32) -> f32 {
    cf.br ^bb1(%arg0, %arg3 : index, f32)
  ^bb1(%0: index, %1: f32):  // 2 preds: ^bb0, ^bb2
    %2 = arith.cmpi slt, %0, %arg1 : index
    cf.cond_br %2, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %3 = arith.addf %1, %1 : f32
    %4 = arith.addi %0, %arg2 : index
    cf.br ^bb1(%4, %3 : index, f32)
  ^bb3:  // pred: ^bb1
    return %1 : f32
  }
}

`,
    stderr: ``,
    code: 0,
  },
  {
    name: "convert-scf-to-cf lowers index_switch and nested if",
    args: ["--convert-scf-to-cf"],
    input: `func.func @sw(%i: index, %c: i1) -> i32 {
  %r = scf.index_switch %i -> i32
  case 2 {
    %a = arith.constant 10 : i32
    scf.yield %a : i32
  }
  default {
    %b = scf.if %c -> i32 {
      %x = arith.constant 1 : i32
      scf.yield %x : i32
    } else {
      %y = arith.constant 2 : i32
      scf.yield %y : i32
    }
    scf.yield %b : i32
  }
  return %r : i32
}
`,
    stdout: `module {
  func.func @sw(%arg0: index, %arg1: i1) -> i32 {
    %0 = arith.index_cast %arg0 : index to i32
    cf.switch %0 : i32, [
      default: ^bb2,
      2: ^bb1
    ]
  ^bb1:  // pred: ^bb0
    %c10_i32 = arith.constant 10 : i32
    cf.br ^bb7(%c10_i32 : i32)
  ^bb2:  // pred: ^bb0
    cf.cond_br %arg1, ^bb3, ^bb4
  ^bb3:  // pred: ^bb2
    %c1_i32 = arith.constant 1 : i32
    cf.br ^bb5(%c1_i32 : i32)
  ^bb4:  // pred: ^bb2
    %c2_i32 = arith.constant 2 : i32
    cf.br ^bb5(%c2_i32 : i32)
  ^bb5(%1: i32):  // 2 preds: ^bb3, ^bb4
    cf.br ^bb6
  ^bb6:  // pred: ^bb5
    cf.br ^bb7(%1 : i32)
  ^bb7(%2: i32):  // 2 preds: ^bb1, ^bb6
    return %2 : i32
  }
}

`,
    stderr: ``,
    code: 0,
  },
  {
    name: "nested pipeline with IR printing after each pass",
    args: ["-p", "builtin.module(func.func(cse,canonicalize))", "--mlir-print-ir-after-all"],
    input: `func.func @f(%a: i32) -> (i32, i32, i1) {
  %c0 = arith.constant 0 : i32
  %c7 = arith.constant 7 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %c7, %a : i32
  %1 = arith.muli %c7, %c5 : i32
  %2 = arith.addi %a, %c0 : i32
  %3 = arith.cmpi slt, %c5, %c7 : i32
  return %0, %1, %3 : i32, i32, i1
}
`,
    stdout: `module {
  func.func @f(%arg0: i32) -> (i32, i32, i1) {
    %true = arith.constant true
    %c35_i32 = arith.constant 35 : i32
    %c7_i32 = arith.constant 7 : i32
    %0 = arith.addi %arg0, %c7_i32 : i32
    return %0, %c35_i32, %true : i32, i32, i1
  }
}

`,
    stderr: `// -----// IR Dump After CSE (cse) //----- //
func.func @f(%arg0: i32) -> (i32, i32, i1) {
  %c0_i32 = arith.constant 0 : i32
  %c7_i32 = arith.constant 7 : i32
  %c5_i32 = arith.constant 5 : i32
  %0 = arith.addi %c7_i32, %arg0 : i32
  %1 = arith.muli %c7_i32, %c5_i32 : i32
  %2 = arith.cmpi slt, %c5_i32, %c7_i32 : i32
  return %0, %1, %2 : i32, i32, i1
}

// -----// IR Dump After Canonicalizer (canonicalize) //----- //
func.func @f(%arg0: i32) -> (i32, i32, i1) {
  %true = arith.constant true
  %c35_i32 = arith.constant 35 : i32
  %c7_i32 = arith.constant 7 : i32
  %0 = arith.addi %arg0, %c7_i32 : i32
  return %0, %c35_i32, %true : i32, i32, i1
}

`,
    code: 0,
  },
  {
    name: "dump-pass-pipeline prints options sorted",
    args: ["-p", "builtin.module(func.func(canonicalize{max-iterations=3 test-convergence},cse))", "--dump-pass-pipeline", "-o", "/dev/null"],
    input: `func.func @f(%a: i32) -> (i32, i32, i1) {
  %c0 = arith.constant 0 : i32
  %c7 = arith.constant 7 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %c7, %a : i32
  %1 = arith.muli %c7, %c5 : i32
  %2 = arith.addi %a, %c0 : i32
  %3 = arith.cmpi slt, %c5, %c7 : i32
  return %0, %1, %3 : i32, i32, i1
}
`,
    stdout: ``,
    stderr: `Pass Manager with 1 passes:
builtin.module(
  func.func(
    canonicalize{  max-iterations=3 max-num-rewrites=-1 region-simplify=normal test-convergence=true top-down=true},
    cse
  )
)

`,
    code: 0,
  },
  {
    name: "unknown pass in a pipeline",
    args: ["-p", "builtin.module(func.func(cse,foo))"],
    input: `func.func @f(%a: i32) -> (i32, i32, i1) {
  %c0 = arith.constant 0 : i32
  %c7 = arith.constant 7 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %c7, %a : i32
  %1 = arith.muli %c7, %c5 : i32
  %2 = arith.addi %a, %c0 : i32
  %3 = arith.cmpi slt, %c5, %c7 : i32
  return %0, %1, %3 : i32, i32, i1
}
`,
    stdout: ``,
    stderr: `<unknown>:0: error: MLIR Textual PassPipeline Parser:1:15: error: 'foo' does not refer to a registered pass or pass pipeline
func.func(cse,foo)
              ^

`,
    code: 1,
  },
  {
    name: "unknown pass option in a flag",
    args: ["--canonicalize=foo=1"],
    input: `func.func @f(%a: i32) -> (i32, i32, i1) {
  %c0 = arith.constant 0 : i32
  %c7 = arith.constant 7 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %c7, %a : i32
  %1 = arith.muli %c7, %c5 : i32
  %2 = arith.addi %a, %c0 : i32
  %3 = arith.cmpi slt, %c5, %c7 : i32
  return %0, %1, %3 : i32, i32, i1
}
`,
    stdout: ``,
    stderr: `<unknown>:0: error: <Pass-Options-Parser>: no such option foo

`,
    code: 1,
  },
  {
    name: "pipeline without anchor",
    args: ["-p", "cse"],
    input: `func.func @f(%a: i32) -> (i32, i32, i1) {
  %c0 = arith.constant 0 : i32
  %c7 = arith.constant 7 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %c7, %a : i32
  %1 = arith.muli %c7, %c5 : i32
  %2 = arith.addi %a, %c0 : i32
  %3 = arith.cmpi slt, %c5, %c7 : i32
  return %0, %1, %3 : i32, i32, i1
}
`,
    stdout: ``,
    stderr: `<unknown>:0: error: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'
`,
    code: 1,
  },
  {
    name: "pipeline and pass flags mixed",
    args: ["--canonicalize", "--pass-pipeline=builtin.module(cse)"],
    input: `func.func @f(%a: i32) -> (i32, i32, i1) {
  %c0 = arith.constant 0 : i32
  %c7 = arith.constant 7 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %c7, %a : i32
  %1 = arith.muli %c7, %c5 : i32
  %2 = arith.addi %a, %c0 : i32
  %3 = arith.cmpi slt, %c5, %c7 : i32
  return %0, %1, %3 : i32, i32, i1
}
`,
    stdout: ``,
    stderr: `<unknown>:0: error: '-pass-pipeline' option can't be used with individual pass options
`,
    code: 1,
  },
  {
    name: "anchor mismatch",
    args: ["-p", "func.func(cse)"],
    input: `func.func @f(%a: i32) -> (i32, i32, i1) {
  %c0 = arith.constant 0 : i32
  %c7 = arith.constant 7 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %c7, %a : i32
  %1 = arith.muli %c7, %c5 : i32
  %2 = arith.addi %a, %c0 : i32
  %3 = arith.cmpi slt, %c5, %c7 : i32
  return %0, %1, %3 : i32, i32, i1
}
`,
    stdout: ``,
    stderr: `<stdin>:0:0: error: can't run 'func.func' pass manager on 'builtin.module' op
`,
    code: 1,
  },
  {
    name: "unbalanced parentheses",
    args: ["-p", "builtin.module(func.func(cse)"],
    input: `func.func @f(%a: i32) -> (i32, i32, i1) {
  %c0 = arith.constant 0 : i32
  %c7 = arith.constant 7 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %c7, %a : i32
  %1 = arith.muli %c7, %c5 : i32
  %2 = arith.addi %a, %c0 : i32
  %3 = arith.cmpi slt, %c5, %c7 : i32
  return %0, %1, %3 : i32, i32, i1
}
`,
    stdout: ``,
    stderr: `<unknown>:0: error: MLIR Textual PassPipeline Parser:1:11: error: encountered unbalanced parentheses while parsing pipeline
func.func(cse
          ^

`,
    code: 1,
  },
  {
    name: "enum option value",
    args: ["-p", "builtin.module(canonicalize{region-simplify=foo})"],
    input: `func.func @f(%a: i32) -> (i32, i32, i1) {
  %c0 = arith.constant 0 : i32
  %c7 = arith.constant 7 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %c7, %a : i32
  %1 = arith.muli %c7, %c5 : i32
  %2 = arith.addi %a, %c0 : i32
  %3 = arith.cmpi slt, %c5, %c7 : i32
  return %0, %1, %3 : i32, i32, i1
}
`,
    stdout: ``,
    stderr: `scf-opt: for the --region-simplify option: Cannot find option named 'foo'!
<unknown>:0: error: 
failed to add \`canonicalize\` with options \`region-simplify=foo\`

`,
    code: 1,
  },
];

testOptCases(CASES);
