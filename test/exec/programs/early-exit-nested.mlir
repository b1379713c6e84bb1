// Early exits the TypeScript front end emits: `return` from nested loops (a
// break of the function's execute_region), labelled continue/break of an
// outer loop from an inner one, a loop without iter_args, a while-style loop.
func.func @find(%m: memref<?xi32>, %key: i32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %none = arith.constant -1 : index
  %n = memref.dim %m, %c0 : memref<?xi32>
  %r = scf.execute_region -> index {
  ^bb0(%ret: token):
    scf.loop token(%l) iter_args(%i = %c0) : index {
      %end = arith.cmpi sge, %i, %n : index
      scf.if %end {
        scf.break [%l]
      }
      %x = memref.load %m[%i] : memref<?xi32>
      %hit = arith.cmpi eq, %x, %key : i32
      scf.if %hit {
        scf.break %ret, %i : index
      }
      %i1 = arith.addi %i, %c1 : index
      scf.continue [%l] %i1 : index
    }
    scf.yield %none : index
  }
  return %r : index
}

func.func @pairs(%lim: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c7 = arith.constant 7 : i32
  %c40 = arith.constant 40 : i32
  %res:2 = scf.loop token(%outer) iter_args(%i = %c0, %acc = %c0) : i32, i32 -> (i32, i32) {
    %idone = arith.cmpi sge, %i, %lim : i32
    scf.if %idone {
      scf.break [%outer] %i, %acc : i32, i32
    }
    %inext = arith.addi %i, %c1 : i32
    %acc2 = scf.loop token(%inner) iter_args(%j = %c0, %a = %acc) : i32, i32 -> i32 {
      %jdone = arith.cmpi sge, %j, %i : i32
      scf.if %jdone {
        scf.break [%inner] %a : i32
      }
      %s = arith.addi %i, %j : i32
      %r = arith.remsi %s, %c7 : i32
      %skip = arith.cmpi eq, %r, %c0 : i32
      %jnext = arith.addi %j, %c1 : i32
      scf.if %skip {
        // continue outer: the rest of this row is skipped
        scf.continue [%outer] %inext, %a : i32, i32
      }
      %a2 = arith.addi %a, %s : i32
      %big = arith.cmpi sgt, %a2, %c40 : i32
      scf.if %big {
        scf.break [%outer] %i, %a2 : i32, i32
      }
      scf.continue [%inner] %jnext, %a2 : i32, i32
    }
    scf.continue [%outer] %inext, %acc2 : i32, i32
  }
  %out = arith.muli %res#0, %res#1 : i32
  return %out : i32
}

func.func @count_prints(%k: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %v = memref.alloca() : memref<i32>
  memref.store %c0, %v[] : memref<i32>
  scf.loop token(%t) {
    %x = memref.load %v[] : memref<i32>
    vector.print %x : i32
    %x1 = arith.addi %x, %c1 : i32
    memref.store %x1, %v[] : memref<i32>
    %d = arith.cmpi sge, %x1, %k : i32
    scf.if %d {
      scf.break [%t]
    }
  }
  return
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %m = memref.alloc(%c3) : memref<?xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = arith.constant 5 : i32
  %b = arith.constant 8 : i32
  %c = arith.constant 13 : i32
  memref.store %a, %m[%c0] : memref<?xi32>
  memref.store %b, %m[%c1] : memref<?xi32>
  memref.store %c, %m[%c2] : memref<?xi32>
  %f1 = func.call @find(%m, %b) : (memref<?xi32>, i32) -> index
  %f2 = func.call @find(%m, %c) : (memref<?xi32>, i32) -> index
  %f3 = func.call @find(%m, %a) : (memref<?xi32>, i32) -> index
  %c1i = arith.constant 1 : i32
  %f4 = func.call @find(%m, %c1i) : (memref<?xi32>, i32) -> index
  vector.print %f1 : index
  vector.print %f2 : index
  vector.print %f3 : index
  vector.print %f4 : index
  memref.dealloc %m : memref<?xi32>
  %l1 = arith.constant 4 : i32
  %l2 = arith.constant 9 : i32
  %p1 = func.call @pairs(%l1) : (i32) -> i32
  %p2 = func.call @pairs(%l2) : (i32) -> i32
  vector.print %p1 : i32
  vector.print %p2 : i32
  %k = arith.constant 3 : i32
  func.call @count_prints(%k) : (i32) -> ()
  return
}
