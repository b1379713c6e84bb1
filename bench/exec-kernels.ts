// The execution benchmark's kernels: MLIR programs (func/arith/scf/memref)
// whose @main prints a checksum, so both runners can be checked for agreement.

export interface Kernel {
  name: string;
  description: string;
  mlir: string;
}

const matmul = `
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 256 : index
  %c7 = arith.constant 7 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<256x256xf32>
  %b = memref.alloc() : memref<256x256xf32>
  %c = memref.alloc() : memref<256x256xf32>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %s = arith.addi %i, %j : index
      %m = arith.remui %s, %c7 : index
      %mi = arith.index_cast %m : index to i32
      %mf = arith.sitofp %mi : i32 to f32
      memref.store %mf, %a[%i, %j] : memref<256x256xf32>
      %p = arith.muli %i, %j : index
      %q = arith.remui %p, %c5 : index
      %qi = arith.index_cast %q : index to i32
      %qf = arith.sitofp %qi : i32 to f32
      %half = arith.constant 0.5 : f32
      %qh = arith.mulf %qf, %half : f32
      memref.store %qh, %b[%i, %j] : memref<256x256xf32>
    }
  }
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
        %x = memref.load %a[%i, %k] : memref<256x256xf32>
        %y = memref.load %b[%k, %j] : memref<256x256xf32>
        %xy = arith.mulf %x, %y : f32
        %acc2 = arith.addf %acc, %xy : f32
        scf.yield %acc2 : f32
      }
      memref.store %sum, %c[%i, %j] : memref<256x256xf32>
    }
  }
  %total = scf.for %i = %c0 to %n step %c1 iter_args(%t = %zero) -> (f32) {
    %v = memref.load %c[%i, %i] : memref<256x256xf32>
    %t2 = arith.addf %t, %v : f32
    scf.yield %t2 : f32
  }
  vector.print %total : f32
  %c17 = arith.constant 17 : index
  %c42 = arith.constant 42 : index
  %e = memref.load %c[%c17, %c42] : memref<256x256xf32>
  vector.print %e : f32
  memref.dealloc %a : memref<256x256xf32>
  memref.dealloc %b : memref<256x256xf32>
  memref.dealloc %c : memref<256x256xf32>
  return
}
`;

const prefixSum = `
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 10000000 : index
  %m = memref.alloc(%n) : memref<?xi64>
  %k = arith.constant 40503 : i64
  %mask = arith.constant 1048575 : i64
  %half = arith.constant 524288 : i64
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i64
    %h = arith.muli %ii, %k : i64
    %l = arith.andi %h, %mask : i64
    %v = arith.subi %l, %half : i64
    memref.store %v, %m[%i] : memref<?xi64>
  }
  %zero = arith.constant 0 : i64
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
    %v = memref.load %m[%i] : memref<?xi64>
    %acc2 = arith.addi %acc, %v : i64
    memref.store %acc2, %m[%i] : memref<?xi64>
    scf.yield %acc2 : i64
  }
  vector.print %s : i64
  %c777 = arith.constant 7777777 : index
  %mid = memref.load %m[%c777] : memref<?xi64>
  vector.print %mid : i64
  memref.dealloc %m : memref<?xi64>
  return
}
`;

/** Full 64-bit wrap-around arithmetic (an LCG): the engine's BigInt path. */
const lcg = `
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000000 : index
  %k = arith.constant 6364136223846793005 : i64
  %inc = arith.constant 1442695040888963407 : i64
  %sh = arith.constant 33 : i64
  %seed = arith.constant 42 : i64
  %zero = arith.constant 0 : i64
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %seed, %acc = %zero) -> (i64, i64) {
    %x1 = arith.muli %x, %k : i64
    %x2 = arith.addi %x1, %inc : i64
    %v = arith.shrsi %x2, %sh : i64
    %acc2 = arith.xori %acc, %v : i64
    scf.yield %x2, %acc2 : i64, i64
  }
  vector.print %r#0 : i64
  vector.print %r#1 : i64
  return
}
`;

const collatz = `
func.func @main() {
  %c1 = arith.constant 1 : index
  %n = arith.constant 300000 : index
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %zero = arith.constant 0 : i64
  %z32 = arith.constant 0 : i32
  %best:2 = scf.for %i = %c1 to %n step %c1 iter_args(%bn = %zero, %bs = %z32) -> (i64, i32) {
    %start = arith.index_cast %i : index to i64
    %r:2 = scf.while (%x = %start, %steps = %z32) : (i64, i32) -> (i64, i32) {
      %ne = arith.cmpi ne, %x, %one : i64
      scf.condition(%ne) %x, %steps : i64, i32
    } do {
    ^bb0(%x: i64, %steps: i32):
      %odd = arith.andi %x, %one : i64
      %isodd = arith.cmpi ne, %odd, %zero : i64
      %nx = scf.if %isodd -> (i64) {
        %t = arith.muli %x, %three : i64
        %t1 = arith.addi %t, %one : i64
        scf.yield %t1 : i64
      } else {
        %h = arith.divui %x, %two : i64
        scf.yield %h : i64
      }
      %c1i = arith.constant 1 : i32
      %s1 = arith.addi %steps, %c1i : i32
      scf.yield %nx, %s1 : i64, i32
    }
    %better = arith.cmpi sgt, %r#1, %bs : i32
    %nb = arith.select %better, %start, %bn : i64
    %ns = arith.select %better, %r#1, %bs : i32
    scf.yield %nb, %ns : i64, i32
  }
  vector.print %best#0 : i64
  vector.print %best#1 : i32
  return
}
`;

const branchy = `
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = arith.constant 20000000 : index
  %z = arith.constant 0 : i32
  %z64 = arith.constant 0 : i64
  %k3 = arith.constant 3 : i32
  %k7 = arith.constant 7 : i32
  %k13 = arith.constant 13 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z, %b = %z64) -> (i32, i64) {
    %sel = arith.remui %i, %c4 : index
    %ii = arith.index_cast %i : index to i32
    %a2 = scf.index_switch %sel -> i32
    case 0 {
      %t = arith.addi %a, %ii : i32
      scf.yield %t : i32
    }
    case 1 {
      %t = arith.muli %a, %k3 : i32
      scf.yield %t : i32
    }
    case 2 {
      %t = arith.xori %a, %ii : i32
      scf.yield %t : i32
    }
    default {
      %t = arith.shrui %a, %k7 : i32
      %u = arith.subi %a, %t : i32
      scf.yield %u : i32
    }
    %m = arith.andi %ii, %k13 : i32
    %c = arith.cmpi ugt, %m, %k7 : i32
    %b2 = scf.if %c -> (i64) {
      %e = arith.extsi %a2 : i32 to i64
      %t = arith.addi %b, %e : i64
      scf.yield %t : i64
    } else {
      %e = arith.extui %m : i32 to i64
      %t = arith.subi %b, %e : i64
      scf.yield %t : i64
    }
    scf.yield %a2, %b2 : i32, i64
  }
  vector.print %r#0 : i32
  vector.print %r#1 : i64
  return
}
`;

const stencil = `
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 512 : index
  %nm1 = arith.constant 511 : index
  %iters = arith.constant 50 : index
  %quarter = arith.constant 0.25 : f64
  %zero = arith.constant 0.0 : f64
  %a = memref.alloc() : memref<512x512xf64>
  %b = memref.alloc() : memref<512x512xf64>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %ij = arith.muli %i, %j : index
      %v = arith.index_cast %ij : index to i64
      %f = arith.sitofp %v : i64 to f64
      %s = arith.constant 1.0e-3 : f64
      %fs = arith.mulf %f, %s : f64
      memref.store %fs, %a[%i, %j] : memref<512x512xf64>
      memref.store %fs, %b[%i, %j] : memref<512x512xf64>
    }
  }
  scf.for %t = %c0 to %iters step %c1 {
    scf.for %i = %c1 to %nm1 step %c1 {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      scf.for %j = %c1 to %nm1 step %c1 {
        %jm = arith.subi %j, %c1 : index
        %jp = arith.addi %j, %c1 : index
        %n1 = memref.load %a[%im, %j] : memref<512x512xf64>
        %n2 = memref.load %a[%ip, %j] : memref<512x512xf64>
        %n3 = memref.load %a[%i, %jm] : memref<512x512xf64>
        %n4 = memref.load %a[%i, %jp] : memref<512x512xf64>
        %s1 = arith.addf %n1, %n2 : f64
        %s2 = arith.addf %n3, %n4 : f64
        %s3 = arith.addf %s1, %s2 : f64
        %r = arith.mulf %s3, %quarter : f64
        memref.store %r, %b[%i, %j] : memref<512x512xf64>
      }
    }
    memref.copy %b, %a : memref<512x512xf64> to memref<512x512xf64>
  }
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f64) {
    %v = memref.load %a[%i, %i] : memref<512x512xf64>
    %acc2 = arith.addf %acc, %v : f64
    scf.yield %acc2 : f64
  }
  vector.print %sum : f64
  memref.dealloc %a : memref<512x512xf64>
  memref.dealloc %b : memref<512x512xf64>
  return
}
`;

export const KERNELS: Kernel[] = [
  { name: 'matmul-f32', description: 'f32 matmul 256x256 (scf.for over memrefs)', mlir: matmul },
  { name: 'prefix-sum-i64', description: 'i64 prefix sum over 10^7 elements', mlir: prefixSum },
  { name: 'collatz-while', description: 'scf.while Collatz search below 300000', mlir: collatz },
  { name: 'branchy-switch', description: 'scf.index_switch/scf.if loop, 2*10^7 iterations', mlir: branchy },
  { name: 'stencil-f64', description: 'f64 5-point Jacobi stencil 512x512, 50 sweeps', mlir: stencil },
  { name: 'lcg-i64-wrap', description: '(extra) 10^6 steps of a 64-bit LCG: wrap-around beyond 2^53 (BigInt path)', mlir: lcg },
];
