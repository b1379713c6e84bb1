// The execution benchmark's kernels: MLIR programs (func/arith/scf/memref)
// whose @main prints a checksum, so both runners can be checked for agreement.

export interface Kernel {
  name: string;
  description: string;
  mlir: string;
}

const matmul = (n: number): string => `
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant ${n} : index
  %c7 = arith.constant 7 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<${n}x${n}xf32>
  %b = memref.alloc() : memref<${n}x${n}xf32>
  %c = memref.alloc() : memref<${n}x${n}xf32>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %s = arith.addi %i, %j : index
      %m = arith.remui %s, %c7 : index
      %mi = arith.index_cast %m : index to i32
      %mf = arith.sitofp %mi : i32 to f32
      memref.store %mf, %a[%i, %j] : memref<${n}x${n}xf32>
      %p = arith.muli %i, %j : index
      %q = arith.remui %p, %c5 : index
      %qi = arith.index_cast %q : index to i32
      %qf = arith.sitofp %qi : i32 to f32
      %half = arith.constant 0.5 : f32
      %qh = arith.mulf %qf, %half : f32
      memref.store %qh, %b[%i, %j] : memref<${n}x${n}xf32>
    }
  }
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
        %x = memref.load %a[%i, %k] : memref<${n}x${n}xf32>
        %y = memref.load %b[%k, %j] : memref<${n}x${n}xf32>
        %xy = arith.mulf %x, %y : f32
        %acc2 = arith.addf %acc, %xy : f32
        scf.yield %acc2 : f32
      }
      memref.store %sum, %c[%i, %j] : memref<${n}x${n}xf32>
    }
  }
  %total = scf.for %i = %c0 to %n step %c1 iter_args(%t = %zero) -> (f32) {
    %v = memref.load %c[%i, %i] : memref<${n}x${n}xf32>
    %t2 = arith.addf %t, %v : f32
    scf.yield %t2 : f32
  }
  vector.print %total : f32
  %c17 = arith.constant 17 : index
  %c42 = arith.constant 42 : index
  %e = memref.load %c[%c17, %c42] : memref<${n}x${n}xf32>
  vector.print %e : f32
  memref.dealloc %a : memref<${n}x${n}xf32>
  memref.dealloc %b : memref<${n}x${n}xf32>
  memref.dealloc %c : memref<${n}x${n}xf32>
  return
}
`;

const prefixSum = (rounds: number): string => `
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 10000000 : index
  %rounds = arith.constant ${rounds} : index
  %m = memref.alloc(%n) : memref<?xi64>
  %k0 = arith.constant 40503 : i64
  %mask = arith.constant 1048575 : i64
  %half = arith.constant 524288 : i64
  %zero = arith.constant 0 : i64
  %res = scf.for %r = %c0 to %rounds step %c1 iter_args(%chk = %zero) -> (i64) {
    %ri = arith.index_cast %r : index to i64
    %k = arith.addi %k0, %ri : i64
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i64
      %h = arith.muli %ii, %k : i64
      %l = arith.andi %h, %mask : i64
      %v = arith.subi %l, %half : i64
      memref.store %v, %m[%i] : memref<?xi64>
    }
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
      %v = memref.load %m[%i] : memref<?xi64>
      %acc2 = arith.addi %acc, %v : i64
      memref.store %acc2, %m[%i] : memref<?xi64>
      scf.yield %acc2 : i64
    }
    %c777 = arith.constant 7777777 : index
    %mid = memref.load %m[%c777] : memref<?xi64>
    %t = arith.xori %chk, %s : i64
    %t2 = arith.addi %t, %mid : i64
    scf.yield %t2 : i64
  }
  vector.print %res : i64
  memref.dealloc %m : memref<?xi64>
  return
}
`;

/** Full 64-bit wrap-around arithmetic (an LCG): the engine's BigInt path. */
const lcg = (n: number): string => `
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant ${n} : index
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

const collatz = (n: number): string => `
func.func @main() {
  %c1 = arith.constant 1 : index
  %n = arith.constant ${n} : index
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

const branchy = (n: number): string => `
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = arith.constant ${n} : index
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

const stencil = (iters: number): string => `
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 512 : index
  %nm1 = arith.constant 511 : index
  %iters = arith.constant ${iters} : index
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

/** xorshift64 fills a 10^7-element memref<?xi64>; FNV-1a (64-bit) hashes it `rounds` times. */
const hash = (rounds: number): string => `
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 10000000 : index
  %rounds = arith.constant ${rounds} : index
  %m = memref.alloc(%n) : memref<?xi64>
  %c13 = arith.constant 13 : i64
  %c7 = arith.constant 7 : i64
  %c17 = arith.constant 17 : i64
  %seed = arith.constant 88172645463325252 : i64
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%x = %seed) -> (i64) {
    %a1 = arith.shli %x, %c13 : i64
    %x1 = arith.xori %x, %a1 : i64
    %a2 = arith.shrui %x1, %c7 : i64
    %x2 = arith.xori %x1, %a2 : i64
    %a3 = arith.shli %x2, %c17 : i64
    %x3 = arith.xori %x2, %a3 : i64
    memref.store %x3, %m[%i] : memref<?xi64>
    scf.yield %x3 : i64
  }
  %basis = arith.constant -3750763034362895579 : i64
  %prime = arith.constant 1099511628211 : i64
  %h = scf.for %r = %c0 to %rounds step %c1 iter_args(%h0 = %basis) -> (i64) {
    %h1 = scf.for %i = %c0 to %n step %c1 iter_args(%hh = %h0) -> (i64) {
      %v = memref.load %m[%i] : memref<?xi64>
      %x = arith.xori %hh, %v : i64
      %y = arith.muli %x, %prime : i64
      scf.yield %y : i64
    }
    scf.yield %h1 : i64
  }
  vector.print %last : i64
  vector.print %h : i64
  memref.dealloc %m : memref<?xi64>
  return
}
`;

/** A 64-bit LCG fills 10^7 i64 elements, then a wrapping prefix sum runs over them, `rounds` times. */
const lcgPrefix = (rounds: number): string => `
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 10000000 : index
  %rounds = arith.constant ${rounds} : index
  %m = memref.alloc(%n) : memref<?xi64>
  %a = arith.constant 6364136223846793005 : i64
  %inc = arith.constant 1442695040888963407 : i64
  %seed = arith.constant 42 : i64
  %zero = arith.constant 0 : i64
  %c5 = arith.constant 5 : index
  %r:2 = scf.for %r = %c0 to %rounds step %c1 iter_args(%x0 = %seed, %chk = %zero) -> (i64, i64) {
    %x1 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %x0) -> (i64) {
      %y = arith.muli %x, %a : i64
      %z = arith.addi %y, %inc : i64
      memref.store %z, %m[%i] : memref<?xi64>
      scf.yield %z : i64
    }
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
      %v = memref.load %m[%i] : memref<?xi64>
      %acc2 = arith.addi %acc, %v : i64
      memref.store %acc2, %m[%i] : memref<?xi64>
      scf.yield %acc2 : i64
    }
    %e = memref.load %m[%c5] : memref<?xi64>
    %k1 = arith.xori %chk, %s : i64
    %k2 = arith.addi %k1, %e : i64
    scf.yield %x1, %k2 : i64, i64
  }
  vector.print %r#0 : i64
  vector.print %r#1 : i64
  memref.dealloc %m : memref<?xi64>
  return
}
`;

/** `steps` direct-summation steps of an f32 gravitational n-body system of `n` bodies. */
const nbody = (n: number, steps: number): string => `
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant ${n} : index
  %steps = arith.constant ${steps} : index
  %px = memref.alloc(%n) : memref<?xf32>
  %py = memref.alloc(%n) : memref<?xf32>
  %pz = memref.alloc(%n) : memref<?xf32>
  %vx = memref.alloc(%n) : memref<?xf32>
  %vy = memref.alloc(%n) : memref<?xf32>
  %vz = memref.alloc(%n) : memref<?xf32>
  %ms = memref.alloc(%n) : memref<?xf32>
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %eps = arith.constant 0.01 : f32
  %dt = arith.constant 0.001 : f32
  %k31 = arith.constant 31 : index
  %k17 = arith.constant 17 : index
  %k13 = arith.constant 13 : index
  %k7 = arith.constant 7 : index
  %scale = arith.constant 0.125 : f32
  scf.for %i = %c0 to %n step %c1 {
    %a = arith.muli %i, %k31 : index
    %b = arith.remui %a, %k17 : index
    %c = arith.muli %i, %k7 : index
    %d = arith.remui %c, %k13 : index
    %e = arith.remui %i, %k7 : index
    %bi = arith.index_cast %b : index to i32
    %di = arith.index_cast %d : index to i32
    %ei = arith.index_cast %e : index to i32
    %bf = arith.sitofp %bi : i32 to f32
    %df = arith.sitofp %di : i32 to f32
    %ef = arith.sitofp %ei : i32 to f32
    %x = arith.mulf %bf, %scale : f32
    %y = arith.mulf %df, %scale : f32
    %z = arith.mulf %ef, %scale : f32
    memref.store %x, %px[%i] : memref<?xf32>
    memref.store %y, %py[%i] : memref<?xf32>
    memref.store %z, %pz[%i] : memref<?xf32>
    memref.store %zero, %vx[%i] : memref<?xf32>
    memref.store %zero, %vy[%i] : memref<?xf32>
    memref.store %zero, %vz[%i] : memref<?xf32>
    %m = arith.addf %z, %one : f32
    memref.store %m, %ms[%i] : memref<?xf32>
  }
  scf.for %s = %c0 to %steps step %c1 {
    scf.for %i = %c0 to %n step %c1 {
      %xi = memref.load %px[%i] : memref<?xf32>
      %yi = memref.load %py[%i] : memref<?xf32>
      %zi = memref.load %pz[%i] : memref<?xf32>
      %acc:3 = scf.for %j = %c0 to %n step %c1 iter_args(%ax = %zero, %ay = %zero, %az = %zero) -> (f32, f32, f32) {
        %xj = memref.load %px[%j] : memref<?xf32>
        %yj = memref.load %py[%j] : memref<?xf32>
        %zj = memref.load %pz[%j] : memref<?xf32>
        %mj = memref.load %ms[%j] : memref<?xf32>
        %dx = arith.subf %xj, %xi : f32
        %dy = arith.subf %yj, %yi : f32
        %dz = arith.subf %zj, %zi : f32
        %dx2 = arith.mulf %dx, %dx : f32
        %dy2 = arith.mulf %dy, %dy : f32
        %dz2 = arith.mulf %dz, %dz : f32
        %s1 = arith.addf %dx2, %dy2 : f32
        %s2 = arith.addf %s1, %dz2 : f32
        %d2 = arith.addf %s2, %eps : f32
        %d = math.sqrt %d2 : f32
        %d3 = arith.mulf %d2, %d : f32
        %f = arith.divf %mj, %d3 : f32
        %fx = arith.mulf %dx, %f : f32
        %fy = arith.mulf %dy, %f : f32
        %fz = arith.mulf %dz, %f : f32
        %ax2 = arith.addf %ax, %fx : f32
        %ay2 = arith.addf %ay, %fy : f32
        %az2 = arith.addf %az, %fz : f32
        scf.yield %ax2, %ay2, %az2 : f32, f32, f32
      }
      %ux = memref.load %vx[%i] : memref<?xf32>
      %uy = memref.load %vy[%i] : memref<?xf32>
      %uz = memref.load %vz[%i] : memref<?xf32>
      %gx = arith.mulf %acc#0, %dt : f32
      %gy = arith.mulf %acc#1, %dt : f32
      %gz = arith.mulf %acc#2, %dt : f32
      %wx = arith.addf %ux, %gx : f32
      %wy = arith.addf %uy, %gy : f32
      %wz = arith.addf %uz, %gz : f32
      memref.store %wx, %vx[%i] : memref<?xf32>
      memref.store %wy, %vy[%i] : memref<?xf32>
      memref.store %wz, %vz[%i] : memref<?xf32>
    }
    scf.for %i = %c0 to %n step %c1 {
      %x = memref.load %px[%i] : memref<?xf32>
      %y = memref.load %py[%i] : memref<?xf32>
      %z = memref.load %pz[%i] : memref<?xf32>
      %ux = memref.load %vx[%i] : memref<?xf32>
      %uy = memref.load %vy[%i] : memref<?xf32>
      %uz = memref.load %vz[%i] : memref<?xf32>
      %hx = arith.mulf %ux, %dt : f32
      %hy = arith.mulf %uy, %dt : f32
      %hz = arith.mulf %uz, %dt : f32
      %x2 = arith.addf %x, %hx : f32
      %y2 = arith.addf %y, %hy : f32
      %z2 = arith.addf %z, %hz : f32
      memref.store %x2, %px[%i] : memref<?xf32>
      memref.store %y2, %py[%i] : memref<?xf32>
      memref.store %z2, %pz[%i] : memref<?xf32>
    }
  }
  %sum:2 = scf.for %i = %c0 to %n step %c1 iter_args(%sp = %zero, %sv = %zero) -> (f32, f32) {
    %x = memref.load %px[%i] : memref<?xf32>
    %u = memref.load %vx[%i] : memref<?xf32>
    %sp2 = arith.addf %sp, %x : f32
    %sv2 = arith.addf %sv, %u : f32
    scf.yield %sp2, %sv2 : f32, f32
  }
  vector.print %sum#0 : f32
  vector.print %sum#1 : f32
  memref.dealloc %px : memref<?xf32>
  memref.dealloc %py : memref<?xf32>
  memref.dealloc %pz : memref<?xf32>
  memref.dealloc %vx : memref<?xf32>
  memref.dealloc %vy : memref<?xf32>
  memref.dealloc %vz : memref<?xf32>
  memref.dealloc %ms : memref<?xf32>
  return
}
`;

/** Histograms of 10^7 i8 and 10^7 i16 values (an i32 LCG truncated), `rounds` times. */
const histogram = (rounds: number): string => `
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 10000000 : index
  %rounds = arith.constant ${rounds} : index
  %c256 = arith.constant 256 : index
  %c65536 = arith.constant 65536 : index
  %d8 = memref.alloc(%n) : memref<?xi8>
  %d16 = memref.alloc(%n) : memref<?xi16>
  %h8 = memref.alloc() : memref<256xi32>
  %h16 = memref.alloc() : memref<65536xi32>
  %a = arith.constant 1103515245 : i32
  %inc = arith.constant 12345 : i32
  %c16 = arith.constant 16 : i32
  %z32 = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %z64 = arith.constant 0 : i64
  %seed = arith.constant 7 : i32
  %chk = scf.for %r = %c0 to %rounds step %c1 iter_args(%chk0 = %z64) -> (i64) {
    %ri = arith.index_cast %r : index to i32
    %s0 = arith.addi %seed, %ri : i32
    scf.for %i = %c0 to %n step %c1 iter_args(%x = %s0) -> (i32) {
      %y = arith.muli %x, %a : i32
      %z = arith.addi %y, %inc : i32
      %hi = arith.shrui %z, %c16 : i32
      %b8 = arith.trunci %hi : i32 to i8
      %b16 = arith.trunci %z : i32 to i16
      memref.store %b8, %d8[%i] : memref<?xi8>
      memref.store %b16, %d16[%i] : memref<?xi16>
      scf.yield %z : i32
    }
    scf.for %b = %c0 to %c256 step %c1 {
      memref.store %z32, %h8[%b] : memref<256xi32>
    }
    scf.for %b = %c0 to %c65536 step %c1 {
      memref.store %z32, %h16[%b] : memref<65536xi32>
    }
    scf.for %i = %c0 to %n step %c1 {
      %v8 = memref.load %d8[%i] : memref<?xi8>
      %b8 = arith.index_castui %v8 : i8 to index
      %o8 = memref.load %h8[%b8] : memref<256xi32>
      %n8 = arith.addi %o8, %one : i32
      memref.store %n8, %h8[%b8] : memref<256xi32>
      %v16 = memref.load %d16[%i] : memref<?xi16>
      %b16 = arith.index_castui %v16 : i16 to index
      %o16 = memref.load %h16[%b16] : memref<65536xi32>
      %n16 = arith.addi %o16, %one : i32
      memref.store %n16, %h16[%b16] : memref<65536xi32>
    }
    %s8 = scf.for %b = %c0 to %c256 step %c1 iter_args(%acc = %chk0) -> (i64) {
      %v = memref.load %h8[%b] : memref<256xi32>
      %w = arith.extui %v : i32 to i64
      %bi = arith.index_cast %b : index to i64
      %p = arith.muli %w, %bi : i64
      %acc2 = arith.addi %acc, %p : i64
      scf.yield %acc2 : i64
    }
    %s16 = scf.for %b = %c0 to %c65536 step %c1 iter_args(%acc = %s8) -> (i64) {
      %v = memref.load %h16[%b] : memref<65536xi32>
      %w = arith.extui %v : i32 to i64
      %bi = arith.index_cast %b : index to i64
      %p = arith.muli %w, %bi : i64
      %acc2 = arith.xori %acc, %p : i64
      scf.yield %acc2 : i64
    }
    scf.yield %s16 : i64
  }
  vector.print %chk : i64
  %e = memref.load %h8[%c1] : memref<256xi32>
  vector.print %e : i32
  memref.dealloc %d8 : memref<?xi8>
  memref.dealloc %d16 : memref<?xi16>
  memref.dealloc %h8 : memref<256xi32>
  memref.dealloc %h16 : memref<65536xi32>
  return
}
`;

/** scf.parallel fills 10^7 i32 elements, then scf.parallel reductions (sum and max) run over them, `rounds` times. */
const parallelReduce = (rounds: number): string => `
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 10000000 : index
  %rounds = arith.constant ${rounds} : index
  %m = memref.alloc(%n) : memref<?xi32>
  %k = arith.constant 2654435761 : index
  %mask = arith.constant 1048575 : index
  %z64 = arith.constant 0 : i64
  %min = arith.constant -2147483648 : i32
  %res:2 = scf.for %r = %c0 to %rounds step %c1 iter_args(%s0 = %z64, %mx0 = %min) -> (i64, i32) {
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %ir = arith.addi %i, %r : index
      %h = arith.muli %ir, %k : index
      %l = arith.andi %h, %mask : index
      %v = arith.index_cast %l : index to i32
      memref.store %v, %m[%i] : memref<?xi32>
      scf.reduce
    }
    %p:2 = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%s0, %mx0) -> (i64, i32) {
      %v = memref.load %m[%i] : memref<?xi32>
      %w = arith.extsi %v : i32 to i64
      scf.reduce(%w, %v : i64, i32) {
      ^bb0(%a: i64, %b: i64):
        %s = arith.addi %a, %b : i64
        scf.reduce.return %s : i64
      }, {
      ^bb0(%a: i32, %b: i32):
        %x = arith.maxsi %a, %b : i32
        scf.reduce.return %x : i32
      }
    }
    scf.yield %p#0, %p#1 : i64, i32
  }
  vector.print %res#0 : i64
  vector.print %res#1 : i32
  memref.dealloc %m : memref<?xi32>
  return
}
`;

// Sizes: each kernel takes at least 1 s of mlir-runner -O2 (runner only, on
// the machine the numbers in the closing note come from), so that start-up
// does not dominate the measurement.
export const KERNELS: Kernel[] = [
  { name: 'matmul-f32', description: 'f32 matmul 1000x1000 (scf.for over memrefs)', mlir: matmul(1000) },
  { name: 'prefix-sum-i64', description: 'i64 prefix sum over 10^7 elements, 110 rounds', mlir: prefixSum(110) },
  { name: 'collatz-while', description: 'scf.while Collatz search below 8*10^6', mlir: collatz(8000000) },
  { name: 'branchy-switch', description: 'scf.index_switch/scf.if loop, 1.3*10^9 iterations', mlir: branchy(1300000000) },
  { name: 'stencil-f64', description: 'f64 5-point Jacobi stencil 512x512, 8000 sweeps', mlir: stencil(8000) },
  { name: 'hash-i64', description: 'xorshift64 fill + 64-bit FNV-1a over 10^7 i64, 90 rounds', mlir: hash(90) },
  { name: 'lcg-prefix-i64', description: '64-bit LCG fill + wrapping prefix sum over 10^7 i64, 60 rounds', mlir: lcgPrefix(60) },
  { name: 'nbody-f32', description: 'f32 n-body, 2048 bodies, 90 steps', mlir: nbody(2048, 90) },
  { name: 'histogram-i8-i16', description: 'i8 and i16 histograms of 10^7 values, 70 rounds', mlir: histogram(70) },
  { name: 'parallel-reduce', description: 'scf.parallel fill + sum/max scf.reduce over 10^7 i32, 240 rounds', mlir: parallelReduce(240) },
  { name: 'lcg-i64-wrap', description: '10^9 steps of a 64-bit LCG: wrap-around beyond 2^53', mlir: lcg(1000000000) },
];
