// The printer's streamed output (Printer.printOperationTo, used by scf-opt):
// the same bytes as the string print, handed over in chunks, with no limit
// on the output's size; scf-opt's stdout and -o file checked live against
// mlir-opt 22 on an input whose output spans several chunks.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createContext } from '../../src/dialects/registry.js';
import { Builder } from '../../src/ir/builder.js';
import type { Type } from '../../src/ir/attributes.js';
import { IntegerType, TupleType } from '../../src/ir/builtin-types.js';
import { MAX_OUTPUT_CHARS, Printer } from '../../src/syntax/printer.js';
import { parse } from '../../src/api/text.js';

const MLIR_OPT = process.env.SCFKIT_MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt';
const SCF_OPT = fileURLToPath(new URL('../../src/tools/scf-opt.js', import.meta.url));

/** About 45 bytes of input per function line; `n` functions of loops, ifs and arithmetic. */
function moduleText(n: number): string {
  const parts: string[] = [];
  for (let i = 0; i < n; i++)
    parts.push(`func.func @f${i}(%a: index, %b: i32, %c: i1) -> i32 {
  %0 = scf.for %i = %a to %a step %a iter_args(%x = %b) -> (i32) {
    %1 = arith.addi %x, %b overflow<nsw> : i32
    %2 = scf.if %c -> (i32) { scf.yield %1 : i32 } else { scf.yield %x : i32 }
    scf.yield %2 : i32
  }
  %t = arith.constant dense<[1, 2, 3]> : tensor<3xi32> loc("f${i}")
  return %0 : i32
}
`);
  return parts.join('');
}

// First in the file: no aliasable element exists yet, so the printer writes
// each type's cached text instead of walking it.
test('output past the string limit streams', () => {
  // 120 results of a type whose text is 4.7 MB (tuples of 16 nested five deep,
  // none long enough to get an alias): about 0.56 GB of output from a small IR.
  const ctx = createContext({ allowUnregisteredDialects: true });
  const b = new Builder(ctx);
  const module = b.create('builtin.module', { regions: 1 });
  b.setInsertionPointToEnd(b.createBlock(module.regions[0]));
  let wide: Type = IntegerType.get(8);
  for (let i = 0; i < 5; i++) wide = TupleType.get(new Array<Type>(16).fill(wide));
  for (let i = 0; i < 120; i++) b.create('test.op', { results: [wide] });
  let size = 0;
  let last: Uint8Array | undefined;
  new Printer(ctx, { assumeVerified: true }).printOperationTo(module, (c) => {
    size += c.length;
    last = c;
  });
  assert.ok(size > MAX_OUTPUT_CHARS, `${size} bytes`);
  assert.ok(Buffer.from(last!).toString('latin1').endsWith(', i8>>>>>\n}\n'));
  // (A string print of it throws OutputTooLargeError once past the limit: not run here, it would fill a 1 GB buffer first.)
});

test('a streamed print is the string print, in chunks', () => {
  const module = parse(moduleText(3000));
  const whole = new Printer(module.context).printOperation(module);
  assert.ok(whole.length > 1 << 20, `output of ${whole.length} bytes spans several chunks`);
  const chunks: Uint8Array[] = [];
  new Printer(module.context).printOperationTo(module, (c) => chunks.push(c));
  assert.ok(chunks.length >= 2);
  assert.equal(Buffer.concat(chunks).toString('latin1'), whole);
  // With locations (the alias pass) and in the generic form.
  for (const options of [{ debugInfo: true }, { generic: true }]) {
    const parts: Uint8Array[] = [];
    new Printer(module.context, options).printOperationTo(module, (c) => parts.push(c));
    assert.equal(Buffer.concat(parts).toString('latin1'), new Printer(module.context, options).printOperation(module));
  }
});

test('an op that fails to verify streams in the generic form, as it prints to a string', () => {
  const ctx = createContext();
  const module = parse('func.func @f() {\n  return\n}\n', { ctx });
  const func = module.regions[0].entry.first!;
  func.regions[0].entry.first!.erase(); // no terminator: invalid
  const parts: Uint8Array[] = [];
  new Printer(ctx).printOperationTo(module, (c) => parts.push(c));
  const text = Buffer.concat(parts).toString('latin1');
  assert.equal(text, new Printer(ctx).printOperation(module));
  assert.match(text, /^"builtin\.module"\(\)/);
});

test('scf-opt: stdout and the -o file match mlir-opt 22 on a multi-chunk output', () => {
  const dir = mkdtempSync(join(tmpdir(), 'scfkit-print-stream-'));
  try {
    const input = join(dir, 'in.mlir');
    writeFileSync(input, moduleText(3000));
    const want = spawnSync(MLIR_OPT, [input], { encoding: 'latin1', maxBuffer: 1 << 30 });
    assert.equal(want.status, 0, want.stderr);
    const got = spawnSync(process.execPath, [SCF_OPT, input], { encoding: 'latin1', maxBuffer: 1 << 30 });
    assert.equal(got.stderr, '');
    assert.equal(got.status, 0);
    assert.ok(got.stdout === want.stdout, 'stdout differs from mlir-opt');
    const out = join(dir, 'out.mlir');
    const toFile = spawnSync(process.execPath, [SCF_OPT, input, '-o', out], { encoding: 'latin1' });
    assert.equal(toFile.status, 0, toFile.stderr);
    assert.equal(toFile.stdout, '');
    assert.ok(readFileSync(out, 'latin1') === want.stdout, '-o file differs from mlir-opt');
    // A file that cannot be opened (in a missing directory, or a directory): mlir-opt's message and exit code.
    for (const target of [join(dir, 'missing', 'out.mlir'), dir]) {
      const bad = spawnSync(process.execPath, [SCF_OPT, input, '-o', target], { encoding: 'latin1' });
      const ref = spawnSync(MLIR_OPT, [input, '-o', target], { encoding: 'latin1' });
      assert.equal(ref.status, 1);
      assert.deepEqual([bad.status, bad.stdout, bad.stderr], [ref.status, ref.stdout, ref.stderr]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('scf-opt: a failed run leaves no -o file behind, as mlir-opt 22', () => {
  const dir = mkdtempSync(join(tmpdir(), 'scfkit-print-stream-'));
  try {
    const bad = join(dir, 'bad.mlir');
    writeFileSync(bad, 'func.func @a() {\n  return\n}\n// -----\nfunc.func @b() {\n  "x.y"() : () -> ()\n  return\n}\n');
    const cases: [label: string, args: string[], existing: boolean][] = [
      ['a new file', [], false],
      ['an existing file', [], true],
      ['one failing chunk of a split input', ['-split-input-file'], true],
    ];
    for (const [label, args, existing] of cases) {
      const results = [MLIR_OPT, process.execPath].map((tool) => {
        const out = join(dir, 'out.mlir');
        if (existing) writeFileSync(out, 'old contents\n');
        else rmSync(out, { force: true });
        const r = spawnSync(tool, [...(tool === MLIR_OPT ? [] : [SCF_OPT]), bad, ...args, '-o', out], { encoding: 'latin1' });
        let file: string | undefined;
        try {
          file = readFileSync(out, 'latin1');
        } catch {
          file = undefined;
        }
        return { status: r.status, file };
      });
      assert.equal(results[0]!.status, 1, label);
      assert.deepEqual(results[1], results[0], label);
    }
    // A device is never removed.
    const r = spawnSync(process.execPath, [SCF_OPT, bad, '-o', '/dev/null'], { encoding: 'latin1' });
    assert.equal(r.status, 1);
    assert.ok(lstatSync('/dev/null').isCharacterDevice());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
