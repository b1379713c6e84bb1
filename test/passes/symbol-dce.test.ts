// symbol-dce against MLIR 22: each case runs scf-opt in-process and compares
// stdout, stderr and the exit code with mlir-opt 22's for the same input, run
// live.

import { testOptCases, type OptCase } from '../opt-cases.js';
import { TEST_REGION_OP_MODULE } from './test-region-op-input.js';

const CASES: OptCase[] = [
  {
    name: "unreferenced private and nested symbols are erased",
    args: ["--allow-unregistered-dialect", "--symbol-dce"],
    input: `module {
  func.func private @dead_private_function()
  func.func nested @dead_nested_function() { return }
  func.func private @live_private_function()
  func.func nested @live_nested_function() { return }
  func.func @public_function() {
    "foo.return"() {uses = [@live_private_function, @live_nested_function, @nested::@c]} : () -> ()
  }
  module @nested {
    func.func private @dead() 
    func.func @pub() { return }
    func.func private @c() 
  }
  module {
    func.func private @x()
    func.func @y() { return }
  }
  module @pm attributes {sym_visibility = "private"} {
    func.func @y() { return }
  }
  "live.user"() {uses = [@unknown_symbol]} : () -> ()
}
`,
  },
  {
    name: "a pass on a non-symbol-table op fails",
    args: ["--pass-pipeline=builtin.module(func.func(symbol-dce))"],
    input: `func.func @f() {
  return
}
`,
  },
  {
    name: 'symbol-dce: an unregistered one-region op of a loaded dialect (test.*) is not a potentially unknown symbol table: dead private functions go, no error',
    args: ['--allow-unregistered-dialect', '--symbol-dce'],
    input: TEST_REGION_OP_MODULE,
  },
];

testOptCases(CASES);
