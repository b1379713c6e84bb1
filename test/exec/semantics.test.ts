// Exact semantics of many ops at once (integer wrap-around at several widths,
// unsigned/ceil/floor division, extended multiplication, shifts, the index
// dialect, f16/bf16/f32 rounding, float printing, casts, bitcasts, globals,
// subviews, transposes, reshapes, copies, alloca scopes, index_switch,
// execute_region with a CFG, forall, while, vectors). The expected text is
// mlir-runner 22's output, run live (lowered with --convert-vector-to-scf and
// difftool's LOWERING), on the JavaScript backend and on the one scf-run picks
// (also JavaScript: the WebAssembly backend has no vector values); only the printMemref data pointers
// are normalized (scf-run prints fake addresses).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { LOWERING, runOurs, runReference } from './difftool.js';
import { PROGRAMS } from './paths.js';

const ADDR = /base@ = 0x[0-9a-f]+/g;
const FILE = join(PROGRAMS, 'semantics.mlir');

test('semantics: a program exercising most ops prints what mlir-runner prints', () => {
  const ref = runReference(FILE, 'main', 'void', [], ['--convert-vector-to-scf', ...LOWERING]);
  assert.equal(ref.code, 0, ref.stderr);
  for (const backend of ['js', 'auto']) {
    const r = runOurs([FILE, '-e', 'main', '-entry-point-result=void', `--backend=${backend}`]);
    assert.equal(r.stderr, '', backend);
    assert.equal(r.code, 0, backend);
    assert.equal(r.stdout.replace(ADDR, 'base@ = <addr>'), ref.stdout.replace(ADDR, 'base@ = <addr>'), backend);
  }
});

test('semantics: printMemref prints a deterministic fake data pointer', () => {
  const a = runOurs([join(PROGRAMS, 'semantics.mlir')]);
  const b = runOurs([join(PROGRAMS, 'semantics.mlir')]);
  assert.equal(a.stdout, b.stdout);
  assert.match(a.stdout, /^Unranked Memref base@ = 0x10000000 rank = 2 offset = 0 sizes = \[2, 3\] strides = \[3, 1\] data = $/m);
});
