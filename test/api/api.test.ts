// The library API as the README shows it: parse, walk with typed handles,
// build IR, run pass pipelines, print, verify and execute.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Builder,
  FunctionType,
  IndexType,
  IntegerType,
  ParseError,
  PassFailure,
  PassManager,
  PassPipelineError,
  arith,
  createContext,
  createPass,
  func,
  listDialects,
  listPasses,
  loadModule,
  compile,
  parse,
  print,
  scf,
  verify,
  type Operation,
} from '../../src/index.js';

const SUM = `func.func @sum(%n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i32) {
    %x = arith.index_cast %i : index to i32
    %y = arith.addi %acc, %x : i32
    scf.yield %y : i32
  }
  return %r : i32
}
`;

test('parse, walk with typed handles, print', () => {
  const module = parse(SUM);
  const loops: Operation[] = [];
  module.walk((op) => {
    if (scf.ForOp.isa(op)) {
      loops.push(op);
      assert.equal(scf.ForOp.initArgs(op).length, 1);
      assert.equal(scf.ForOp.regionIterArgs(op).length, 1);
      assert.ok(scf.ForOp.inductionVar(op).type instanceof IndexType);
      assert.ok(arith.ConstantOp.definingOp(scf.ForOp.lowerBound(op)));
    }
  });
  assert.equal(loops.length, 1);
  assert.equal(
    print(module),
    `module {
  func.func @sum(%arg0: index) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %0 = scf.for %arg1 = %c0 to %arg0 step %c1 iter_args(%arg2 = %c0_i32) -> (i32) {
      %1 = arith.index_cast %arg1 : index to i32
      %2 = arith.addi %arg2, %1 : i32
      scf.yield %2 : i32
    }
    return %0 : i32
  }
}
`,
  );
});

test('parse errors carry MLIR diagnostics', () => {
  assert.throws(() => parse('func.func @f() {\n  %0 = arith.addi %a, %a : i32\n  return\n}\n', { fileName: 'bad.mlir' }), (e: unknown) => {
    assert.ok(e instanceof ParseError);
    assert.match(e.message, /^bad\.mlir:2:19: error: use of undeclared SSA value name/);
    return true;
  });
});

test('pipelines parsed from text or built from passes', () => {
  const module = parse(SUM);
  const pm = PassManager.parse('builtin.module(func.func(canonicalize,cse))');
  assert.equal(pm.pipeline, 'builtin.module(func.func(canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},cse))');
  pm.run(module);
  const other = parse(SUM);
  PassManager.on().add('canonicalize', { 'max-iterations': 3 }).add(createPass('cse')).run(other);
  assert.equal(print(other), print(module));
  assert.throws(() => PassManager.parse('builtin.module(no-such-pass)'), PassPipelineError);
  assert.throws(() => createPass('canonicalize', { 'region-simplify': 'sometimes' }), PassPipelineError);
  // The constructor is private to TypeScript; from JavaScript it says what to call instead.
  const Ctor = PassManager as unknown as new () => PassManager;
  assert.throws(() => new Ctor(), /PassManager\.on\(anchor\) or PassManager\.parse\(pipeline\)/);
});

test('a failing pipeline throws with the diagnostics', () => {
  const module = parse(SUM);
  assert.throws(() => PassManager.parse('func.func(cse)').run(module), (e: unknown) => {
    assert.ok(e instanceof PassFailure);
    assert.match(e.message, /can't run 'func.func' pass manager on 'builtin.module' op/);
    return true;
  });
});

test('build IR with typed builders, verify it and run it', () => {
  const ctx = createContext();
  const module = parse('', { ctx });
  const b = new Builder(ctx);
  b.setInsertionPointToEnd(module.regions[0].entry);
  const i32 = IntegerType.get(32);
  const fn = func.FuncOp.build(b, { sym_name: 'triangle', function_type: FunctionType.get([i32], [i32]) });
  const entry = b.createBlock(func.FuncOp.body(fn), [i32]);
  const n = arith.IndexCastOp.build(b, { in: entry.args[0], out: IndexType.get() });
  const zero = arith.ConstantOp.int(b, 0, i32);
  const loop = scf.ForOp.create(
    b,
    { lowerBound: arith.ConstantOp.index(b, 0), upperBound: arith.IndexCastOp.out(n), step: arith.ConstantOp.index(b, 1), initArgs: [zero] },
    (b, location, iv, [acc]) => {
      const x = arith.IndexCastOp.build(b, { in: iv, out: i32, location });
      const sum = arith.AddIOp.build(b, { lhs: acc, rhs: arith.IndexCastOp.out(x), location });
      scf.YieldOp.build(b, { results: [arith.AddIOp.result(sum)], location });
    },
  );
  func.ReturnOp.build(b, { operands: scf.ForOp.results(loop) });
  assert.deepEqual(verify(module), []);
  assert.match(print(module), /scf\.for %arg1 = %c0 to %0 step %c1 iter_args\(%arg2 = %c0_i32\) -> \(i32\)/);
  assert.equal(compile(module).call('triangle', 10), 45);
});

test('execute a module parsed or built in memory', () => {
  const m = loadModule(SUM);
  assert.equal(m.call('sum', 5), 10);
  assert.equal(compile(parse(SUM)).call('sum', 100), 4950);
});

test('registries are listable', () => {
  const passes = listPasses();
  assert.ok(passes.some((p) => p.argument === 'canonicalize' && p.options.some((o) => o.name === 'max-iterations')));
  assert.ok(passes.some((p) => p.argument === 'scf-for-to-while'));
  assert.deepEqual(
    ['arith', 'builtin', 'cf', 'func', 'memref', 'scf'].filter((d) => !listDialects().includes(d)),
    [],
  );
});

test('verify reports MLIR diagnostics for invalid IR', () => {
  const module = parse(SUM);
  let ret: Operation | undefined;
  module.walk((op) => {
    if (func.ReturnOp.isa(op)) ret = op;
  });
  ret!.setOperands([]);
  const errors = verify(module);
  assert.equal(errors.length, 1);
  assert.match(errors[0], /'func.return' op has 0 operands, but enclosing function \(@sum\) returns 1/);
});
