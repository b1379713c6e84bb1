// The llvm dialect's constants and memory accesses as MLIR 22 declares them:
// llvm.mlir.constant/zero/undef/poison/addressof fold to their attributes (so
// canonicalize and CSE deduplicate them and SCCP rematerializes them), and
// llvm.load/store/alloca have memory effects (volatile and atomic accesses
// stronger than unordered may touch any memory). Live against mlir-opt 22.

import { testOptCases } from '../../opt-cases.js';

const CONSTANTS = `llvm.func @f(%x: i32) -> i32 {
  %a = llvm.add %x, %x : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %b = llvm.add %a, %c1 : i32
  %c1b = llvm.mlir.constant(1 : i32) : i32
  %c = llvm.mul %b, %c1b : i32
  %z = llvm.mlir.zero : i32
  %z2 = llvm.mlir.zero : i32
  %d = llvm.add %c, %z : i32
  %e = llvm.add %d, %z2 : i32
  %p = llvm.mlir.poison : i32
  %p2 = llvm.mlir.poison : i32
  %u = llvm.mlir.undef : i32
  %f = llvm.add %e, %p : i32
  %g = llvm.add %f, %p2 : i32
  %h = llvm.add %g, %u : i32
  llvm.return %h : i32
}
llvm.mlir.global internal @g(0 : i32) : i32
llvm.func @addr() -> !llvm.ptr {
  %a = llvm.mlir.addressof @g : !llvm.ptr
  %x = llvm.load %a : !llvm.ptr -> i32
  %b = llvm.mlir.addressof @g : !llvm.ptr
  %nz = llvm.mlir.zero : !llvm.ptr
  %nz2 = llvm.mlir.zero : !llvm.ptr
  llvm.store %x, %nz : i32, !llvm.ptr
  llvm.store %x, %nz2 : i32, !llvm.ptr
  llvm.return %b : !llvm.ptr
}
`;

const AGGREGATES = `llvm.func @s(%p: !llvm.ptr) {
  %a = llvm.mlir.zero : !llvm.struct<(i32, f32)>
  %b = llvm.mlir.zero : !llvm.struct<(i32, f32)>
  llvm.store %a, %p : !llvm.struct<(i32, f32)>, !llvm.ptr
  llvm.store %b, %p : !llvm.struct<(i32, f32)>, !llvm.ptr
  %c = llvm.mlir.zero : !llvm.array<2 x i32>
  %d = llvm.mlir.zero : !llvm.array<2 x i32>
  llvm.store %c, %p : !llvm.array<2 x i32>, !llvm.ptr
  llvm.store %d, %p : !llvm.array<2 x i32>, !llvm.ptr
  %e = llvm.mlir.zero : vector<2xf32>
  %f = llvm.mlir.zero : vector<2xf32>
  llvm.store %e, %p : vector<2xf32>, !llvm.ptr
  llvm.store %f, %p : vector<2xf32>, !llvm.ptr
  %g = llvm.mlir.undef : !llvm.struct<(i32, f32)>
  %h = llvm.mlir.undef : !llvm.struct<(i32, f32)>
  llvm.store %g, %p : !llvm.struct<(i32, f32)>, !llvm.ptr
  llvm.store %h, %p : !llvm.struct<(i32, f32)>, !llvm.ptr
  llvm.return
}
`;

const MEMORY = `llvm.func @f(%p: !llvm.ptr, %q: !llvm.ptr, %n: i64, %v: i32) -> i32 {
  %c1 = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %c1 x i32 : (i64) -> !llvm.ptr
  %dead = llvm.alloca %c1 x i64 : (i64) -> !llvm.ptr
  %x = llvm.load %p : !llvm.ptr -> i32
  %y = llvm.load %p : !llvm.ptr -> i32
  %unused = llvm.load %q : !llvm.ptr -> i32
  %vol = llvm.load volatile %q : !llvm.ptr -> i32
  %at = llvm.load %q atomic monotonic {alignment = 4 : i64} : !llvm.ptr -> i32
  %un = llvm.load %q atomic unordered {alignment = 4 : i64} : !llvm.ptr -> i32
  %z = llvm.load %p : !llvm.ptr -> i32
  llvm.store %v, %a : i32, !llvm.ptr
  %w = llvm.load %p : !llvm.ptr -> i32
  llvm.store volatile %v, %q : i32, !llvm.ptr
  %s = llvm.add %x, %y : i32
  %t = llvm.add %s, %z : i32
  %u = llvm.add %t, %w : i32
  llvm.return %u : i32
}
`;

testOptCases(
  ['--canonicalize', '--cse', '--sccp'].flatMap((pass) => [
    { name: `llvm constants: ${pass}`, args: [pass], input: CONSTANTS },
    { name: `llvm memory effects: ${pass}`, args: [pass], input: MEMORY },
    { name: `llvm zero and undef of aggregates: ${pass}`, args: [pass], input: AGGREGATES },
  ]),
);
