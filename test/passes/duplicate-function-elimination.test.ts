// duplicate-function-elimination against MLIR 22: each case runs scf-opt in-
// process and compares stdout, stderr and the exit code with mlir-opt 22's for
// the same input, run live.

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: "CFGs, locations, attributes and nested regions decide equality",
    args: ["--duplicate-function-elimination"],
    input: `func.func @cfg1(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^bb1(%x : i32), ^bb2
^bb1(%a: i32):
  cf.br ^bb2
^bb2:
  return %x : i32
}
func.func @cfg2(%c: i1, %y: i32) -> i32 {
  cf.cond_br %c, ^bb1(%y : i32), ^bb2
^bb1(%b: i32):
  cf.br ^bb2
^bb2:
  return %y : i32
}
func.func @cfg3(%c: i1, %y: i32) -> i32 {
  cf.cond_br %c, ^bb2, ^bb1(%y : i32)
^bb1(%b: i32):
  cf.br ^bb2
^bb2:
  return %y : i32
}
func.func private @priv(%x: i32) -> i32 {
  %c = arith.constant 1 : i32 loc("here")
  %r = arith.addi %x, %c : i32
  return %r : i32
}
func.func @pub(%x: i32) -> i32 {
  %c = arith.constant 1 : i32
  %r = arith.addi %x, %c : i32
  return %r : i32
}
func.func @pub2(%x: i32) -> i32 {
  %c = arith.constant 1 : i32 loc("elsewhere")
  %r = arith.addi %x, %c : i32
  return %r : i32
}
func.func @pub3(%x: i32 {test.foo}) -> i32 {
  %c = arith.constant 1 : i32
  %r = arith.addi %x, %c : i32
  return %r : i32
}
func.func @pub4(%x: i32) -> i32 {
  %c = arith.constant 2 : i32
  %r = arith.addi %x, %c overflow<nsw> : i32
  return %r : i32
}
func.func @pub5(%x: i32) -> i32 attributes {llvm.emit_c_interface} {
  %c = arith.constant 1 : i32
  %r = arith.addi %x, %c : i32
  return %r : i32
}
func.func @loops(%n: index, %m: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %m[%i] : memref<?xi32>
    memref.store %v, %m[%c0] : memref<?xi32>
  }
  return
}
func.func @loops2(%n: index, %m: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %m[%c0] : memref<?xi32>
    memref.store %v, %m[%i] : memref<?xi32>
  }
  return
}
func.func @loops3(%n: index, %m: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %j = %c0 to %n step %c1 {
    %w = memref.load %m[%j] : memref<?xi32>
    memref.store %w, %m[%c0] : memref<?xi32>
  }
  return
}
func.func @user(%c: i1, %x: i32, %n: index, %m: memref<?xi32>) {
  %0 = call @cfg2(%c, %x) : (i1, i32) -> i32
  %1 = call @cfg3(%c, %x) : (i1, i32) -> i32
  %2 = call @pub2(%x) : (i32) -> i32
  %3 = call @priv(%x) : (i32) -> i32
  %4 = call @pub3(%x) : (i32) -> i32
  %5 = call @pub5(%x) : (i32) -> i32
  call @loops3(%n, %m) : (index, memref<?xi32>) -> ()
  call @loops2(%n, %m) : (index, memref<?xi32>) -> ()
  return
}
`,
  },
  {
    name: "uses are redirected in each enclosing symbol table, not in nested ones",
    args: ["--duplicate-function-elimination", "--mlir-print-op-generic", "--verify-each=0", "--allow-unregistered-dialect"],
    input: `module {
  func.func @a() { return }
  func.func @b() { return }
  func.func @u() {
    call @a() : () -> ()
    call @b() : () -> ()
    return
  }
  module @m {
    func.func @c() { return }
    func.func @w() attributes {r = @m::@c, s = @b, t = @b::@q} {
      call @c() : () -> ()
      return
    }
  }
  func.func @x() attributes {foo = @b, bar = [@m::@c, @b, @b::@z]} { return }
  func.func private @p(i32)
  func.func private @q(i32)
}
`,
  },
  {
    name: "a duplicate in a nested module",
    args: ["--duplicate-function-elimination", "--mlir-print-op-generic", "--verify-each=0", "--allow-unregistered-dialect"],
    input: `module {
  func.func @a() { return }
  module @m {
    func.func @c() { return }
    func.func @w() attributes {s = @c} {
      call @c() : () -> ()
      "test.op"() ({
        "test.op"() {z = @c} : () -> ()
      }) {y = @c} : () -> ()
      return
    }
    "test.op"() {x = @c} : () -> ()
  }
  "test.op"() {v = @c} : () -> ()
}
`,
  },
  {
    name: "many duplicates in two symbol tables are redirected together; bodies differing in an inner attribute stay, attribute order does not matter",
    args: ["--duplicate-function-elimination", "--mlir-print-op-generic", "--verify-each=0", "--allow-unregistered-dialect"],
    input: `module {
  func.func @k1() -> i32 { %c = arith.constant 1 : i32
    return %c : i32 }
  func.func @k2() -> i32 { %c = arith.constant 2 : i32
    return %c : i32 }
  func.func @k3() -> i32 { %c = arith.constant 1 : i32
    return %c : i32 }
  func.func @o1() { "test.op"() {a = 1 : i32, b = 2 : i32} : () -> ()
    return }
  func.func @o2() { "test.op"() {b = 2 : i32, a = 1 : i32} : () -> ()
    return }
  module @m {
    func.func @c1() { return }
    func.func @c2() { return }
    func.func @c3() { return }
    func.func @w() attributes {r = [@c2, @c3, {x = @c3}], s = @m::@c2} {
      call @c2() : () -> ()
      call @c3() : () -> ()
      return
    }
  }
  func.func @u() attributes {t = [@m::@c2, @m::@c3, @m::@c3::@deeper, @k3, @o2]} {
    %a = call @k3() : () -> i32
    %b = call @k2() : () -> i32
    call @o2() : () -> ()
    return
  }
}
`,
  },
  {
    name: "an unnamed nested symbol table ends the references",
    args: ["--duplicate-function-elimination", "--mlir-print-op-generic", "--verify-each=0", "--allow-unregistered-dialect"],
    input: `module {
  func.func @a() { return }
  module {
    func.func @c() { return }
    "test.op"() {x = @c} : () -> ()
  }
  "test.op"() {x = @c} : () -> ()
  func.func @d() { return }
  func.func @e() { return }
  "test.op"() {x = @d, y = @e, z = @a} : () -> ()
}
`,
  },
  {
    name: "the pass may produce invalid IR (the verifier reports it)",
    args: ["--duplicate-function-elimination"],
    input: `module {
  func.func @a() { return }
  func.func @b() { return }
  func.func @u() {
    call @a() : () -> ()
    call @b() : () -> ()
    return
  }
  module @m {
    func.func @c() { return }
    func.func @w() {
      call @c() : () -> ()
      return
    }
  }
  func.func @x() attributes {foo = @b, bar = [@m::@c, @b]} { return }
}
`,
  },
  {
    name: "anchored on builtin.module",
    args: ["--pass-pipeline=builtin.module(func.func(duplicate-function-elimination))"],
    input: `func.func @cfg1(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^bb1(%x : i32), ^bb2
^bb1(%a: i32):
  cf.br ^bb2
^bb2:
  return %x : i32
}
func.func @cfg2(%c: i1, %y: i32) -> i32 {
  cf.cond_br %c, ^bb1(%y : i32), ^bb2
^bb1(%b: i32):
  cf.br ^bb2
^bb2:
  return %y : i32
}
func.func @cfg3(%c: i1, %y: i32) -> i32 {
  cf.cond_br %c, ^bb2, ^bb1(%y : i32)
^bb1(%b: i32):
  cf.br ^bb2
^bb2:
  return %y : i32
}
func.func private @priv(%x: i32) -> i32 {
  %c = arith.constant 1 : i32 loc("here")
  %r = arith.addi %x, %c : i32
  return %r : i32
}
func.func @pub(%x: i32) -> i32 {
  %c = arith.constant 1 : i32
  %r = arith.addi %x, %c : i32
  return %r : i32
}
func.func @pub2(%x: i32) -> i32 {
  %c = arith.constant 1 : i32 loc("elsewhere")
  %r = arith.addi %x, %c : i32
  return %r : i32
}
func.func @pub3(%x: i32 {test.foo}) -> i32 {
  %c = arith.constant 1 : i32
  %r = arith.addi %x, %c : i32
  return %r : i32
}
func.func @pub4(%x: i32) -> i32 {
  %c = arith.constant 2 : i32
  %r = arith.addi %x, %c overflow<nsw> : i32
  return %r : i32
}
func.func @pub5(%x: i32) -> i32 attributes {llvm.emit_c_interface} {
  %c = arith.constant 1 : i32
  %r = arith.addi %x, %c : i32
  return %r : i32
}
func.func @loops(%n: index, %m: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %m[%i] : memref<?xi32>
    memref.store %v, %m[%c0] : memref<?xi32>
  }
  return
}
func.func @loops2(%n: index, %m: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %m[%c0] : memref<?xi32>
    memref.store %v, %m[%i] : memref<?xi32>
  }
  return
}
func.func @loops3(%n: index, %m: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %j = %c0 to %n step %c1 {
    %w = memref.load %m[%j] : memref<?xi32>
    memref.store %w, %m[%c0] : memref<?xi32>
  }
  return
}
func.func @user(%c: i1, %x: i32, %n: index, %m: memref<?xi32>) {
  %0 = call @cfg2(%c, %x) : (i1, i32) -> i32
  %1 = call @cfg3(%c, %x) : (i1, i32) -> i32
  %2 = call @pub2(%x) : (i32) -> i32
  %3 = call @priv(%x) : (i32) -> i32
  %4 = call @pub3(%x) : (i32) -> i32
  %5 = call @pub5(%x) : (i32) -> i32
  call @loops3(%n, %m) : (index, memref<?xi32>) -> ()
  call @loops2(%n, %m) : (index, memref<?xi32>) -> ()
  return
}
`,
  },
  {
    name: "duplicate-function-elimination corpus file",
    args: ["--split-input-file", "--duplicate-function-elimination"],
    input: `// RUN: mlir-opt %s --split-input-file --duplicate-function-elimination | \\
// RUN: FileCheck %s

func.func @identity(%arg0: tensor<f32>) -> tensor<f32> {
  return %arg0 : tensor<f32>
}

func.func @also_identity(%arg0: tensor<f32>) -> tensor<f32> {
  return %arg0 : tensor<f32>
}

func.func @yet_another_identity(%arg0: tensor<f32>) -> tensor<f32> {
  return %arg0 : tensor<f32>
}

func.func @user(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = call @identity(%arg0) : (tensor<f32>) -> tensor<f32>
  %1 = call @also_identity(%0) : (tensor<f32>) -> tensor<f32>
  %2 = call @yet_another_identity(%1) : (tensor<f32>) -> tensor<f32>
  return %2 : tensor<f32>
}

// CHECK:     @identity
// CHECK-NOT: @also_identity
// CHECK-NOT: @yet_another_identity
// CHECK:     @user
// CHECK-3:     call @identity

// -----

func.func @add_lr(%arg0: f32, %arg1: f32) -> f32 {
  %0 = arith.addf %arg0, %arg1 : f32
  return %0 : f32
}

func.func @also_add_lr(%arg0: f32, %arg1: f32) -> f32 {
  %0 = arith.addf %arg0, %arg1 : f32
  return %0 : f32
}

func.func @add_rl(%arg0: f32, %arg1: f32) -> f32 {
  %0 = arith.addf %arg1, %arg0 : f32
  return %0 : f32
}

func.func @also_add_rl(%arg0: f32, %arg1: f32) -> f32 {
  %0 = arith.addf %arg1, %arg0 : f32
  return %0 : f32
}

func.func @user(%arg0: f32, %arg1: f32) -> f32 {
  %0 = call @add_lr(%arg0, %arg1) : (f32, f32) -> f32
  %1 = call @also_add_lr(%arg0, %arg1) : (f32, f32) -> f32
  %2 = call @add_rl(%0, %1) : (f32, f32) -> f32
  %3 = call @also_add_rl(%arg0, %2) : (f32, f32) -> f32
 return %3 : f32
}

// CHECK:     @add_lr
// CHECK-NOT: @also_add_lr
// CHECK:     @add_rl
// CHECK-NOT: @also_add_rl
// CHECK:     @user
// CHECK-2:     call @add_lr
// CHECK-2:     call @add_rl

// -----

func.func @ite(%pred: i1, %then: f32, %else: f32) -> f32 {
  %0 = scf.if %pred -> f32 {
    scf.yield %then : f32
  } else {
    scf.yield %else : f32
  }
  return %0 : f32
}

func.func @also_ite(%pred: i1, %then: f32, %else: f32) -> f32 {
  %0 = scf.if %pred -> f32 {
    scf.yield %then : f32
  } else {
    scf.yield %else : f32
  }
  return %0 : f32
}

func.func @reverse_ite(%pred: i1, %then: f32, %else: f32) -> f32 {
  %0 = scf.if %pred -> f32 {
    scf.yield %else : f32
  } else {
    scf.yield %then : f32
  }
  return %0 : f32
}

func.func @user(%pred : i1, %arg0: f32, %arg1: f32) -> f32 {
  %0 = call @also_ite(%pred, %arg0, %arg1) : (i1, f32, f32) -> f32
  %1 = call @ite(%pred, %arg0, %arg1) : (i1, f32, f32) -> f32
  %2 = call @reverse_ite(%pred, %0, %1) : (i1, f32, f32) -> f32
 return %2 : f32
}

// CHECK:     @ite
// CHECK-NOT: @also_ite
// CHECK:     @reverse_ite
// CHECK:     @user
// CHECK-2:     call @ite
// CHECK:       call @reverse_ite

// -----

func.func @deep_tree(%p0: i1, %p1: i1, %p2: i1, %p3: i1, %even: f32, %odd: f32)
    -> f32 {
  %0 = scf.if %p0 -> f32 {
    %1 = scf.if %p1 -> f32 {
      %2 = scf.if %p2 -> f32 {
        %3 = scf.if %p3 -> f32 {
          scf.yield %even : f32
        } else {
          scf.yield %odd : f32
        }
        scf.yield %3 : f32
      } else {
        %3 = scf.if %p3 -> f32 {
          scf.yield %odd : f32
        } else {
          scf.yield %even : f32
        }
        scf.yield %3 : f32
      }
      scf.yield %2 : f32
    } else {
      %2 = scf.if %p2 -> f32 {
        %3 = scf.if %p3 -> f32 {
          scf.yield %odd : f32
        } else {
          scf.yield %even : f32
        }
        scf.yield %3 : f32
      } else {
        %3 = scf.if %p3 -> f32 {
          scf.yield %even : f32
        } else {
          scf.yield %odd : f32
        }
        scf.yield %3 : f32
      }
      scf.yield %2 : f32
    }
    scf.yield %1 : f32
  } else {
    %1 = scf.if %p1 -> f32 {
      %2 = scf.if %p2 -> f32 {
        %3 = scf.if %p3 -> f32 {
          scf.yield %odd : f32
        } else {
          scf.yield %even : f32
        }
        scf.yield %3 : f32
      } else {
        %3 = scf.if %p3 -> f32 {
          scf.yield %even : f32
        } else {
          scf.yield %odd : f32
        }
        scf.yield %3 : f32
      }
      scf.yield %2 : f32
    } else {
      %2 = scf.if %p2 -> f32 {
        %3 = scf.if %p3 -> f32 {
          scf.yield %even : f32
        } else {
          scf.yield %odd : f32
        }
        scf.yield %3 : f32
      } else {
        %3 = scf.if %p3 -> f32 {
          scf.yield %odd : f32
        } else {
          scf.yield %even : f32
        }
        scf.yield %3 : f32
      }
      scf.yield %2 : f32
    }
    scf.yield %1 : f32
  }
  return %0 : f32
}

func.func @also_deep_tree(%p0: i1, %p1: i1, %p2: i1, %p3: i1, %even: f32,
    %odd: f32) -> f32 {
  %0 = scf.if %p0 -> f32 {
    %1 = scf.if %p1 -> f32 {
      %2 = scf.if %p2 -> f32 {
        %3 = scf.if %p3 -> f32 {
          scf.yield %even : f32
        } else {
          scf.yield %odd : f32
        }
        scf.yield %3 : f32
      } else {
        %3 = scf.if %p3 -> f32 {
          scf.yield %odd : f32
        } else {
          scf.yield %even : f32
        }
        scf.yield %3 : f32
      }
      scf.yield %2 : f32
    } else {
      %2 = scf.if %p2 -> f32 {
        %3 = scf.if %p3 -> f32 {
          scf.yield %odd : f32
        } else {
          scf.yield %even : f32
        }
        scf.yield %3 : f32
      } else {
        %3 = scf.if %p3 -> f32 {
          scf.yield %even : f32
        } else {
          scf.yield %odd : f32
        }
        scf.yield %3 : f32
      }
      scf.yield %2 : f32
    }
    scf.yield %1 : f32
  } else {
    %1 = scf.if %p1 -> f32 {
      %2 = scf.if %p2 -> f32 {
        %3 = scf.if %p3 -> f32 {
          scf.yield %odd : f32
        } else {
          scf.yield %even : f32
        }
        scf.yield %3 : f32
      } else {
        %3 = scf.if %p3 -> f32 {
          scf.yield %even : f32
        } else {
          scf.yield %odd : f32
        }
        scf.yield %3 : f32
      }
      scf.yield %2 : f32
    } else {
      %2 = scf.if %p2 -> f32 {
        %3 = scf.if %p3 -> f32 {
          scf.yield %even : f32
        } else {
          scf.yield %odd : f32
        }
        scf.yield %3 : f32
      } else {
        %3 = scf.if %p3 -> f32 {
          scf.yield %odd : f32
        } else {
          scf.yield %even : f32
        }
        scf.yield %3 : f32
      }
      scf.yield %2 : f32
    }
    scf.yield %1 : f32
  }
  return %0 : f32
}

func.func @reverse_deep_tree(%p0: i1, %p1: i1, %p2: i1, %p3: i1, %even: f32,
    %odd: f32) -> f32 {
  %0 = scf.if %p0 -> f32 {
    %1 = scf.if %p1 -> f32 {
      %2 = scf.if %p2 -> f32 {
        %3 = scf.if %p3 -> f32 {
          scf.yield %odd : f32
        } else {
          scf.yield %even : f32
        }
        scf.yield %3 : f32
      } else {
        %3 = scf.if %p3 -> f32 {
          scf.yield %even : f32
        } else {
          scf.yield %odd : f32
        }
        scf.yield %3 : f32
      }
      scf.yield %2 : f32
    } else {
      %2 = scf.if %p2 -> f32 {
        %3 = scf.if %p3 -> f32 {
          scf.yield %even : f32
        } else {
          scf.yield %odd : f32
        }
        scf.yield %3 : f32
      } else {
        %3 = scf.if %p3 -> f32 {
          scf.yield %odd : f32
        } else {
          scf.yield %even : f32
        }
        scf.yield %3 : f32
      }
      scf.yield %2 : f32
    }
    scf.yield %1 : f32
  } else {
    %1 = scf.if %p1 -> f32 {
      %2 = scf.if %p2 -> f32 {
        %3 = scf.if %p3 -> f32 {
          scf.yield %even : f32
        } else {
          scf.yield %odd : f32
        }
        scf.yield %3 : f32
      } else {
        %3 = scf.if %p3 -> f32 {
          scf.yield %odd : f32
        } else {
          scf.yield %even : f32
        }
        scf.yield %3 : f32
      }
      scf.yield %2 : f32
    } else {
      %2 = scf.if %p2 -> f32 {
        %3 = scf.if %p3 -> f32 {
          scf.yield %odd : f32
        } else {
          scf.yield %even : f32
        }
        scf.yield %3 : f32
      } else {
        %3 = scf.if %p3 -> f32 {
          scf.yield %even : f32
        } else {
          scf.yield %odd : f32
        }
        scf.yield %3 : f32
      }
      scf.yield %2 : f32
    }
    scf.yield %1 : f32
  }
  return %0 : f32
}

func.func @user(%p0: i1, %p1: i1, %p2: i1, %p3: i1, %odd: f32, %even: f32)
    -> (f32, f32, f32) {
  %0 = call @deep_tree(%p0, %p1, %p2, %p3, %odd, %even)
      : (i1, i1, i1, i1, f32, f32) -> f32
  %1 = call @also_deep_tree(%p0, %p1, %p2, %p3, %odd, %even)
      : (i1, i1, i1, i1, f32, f32) -> f32
  %2 = call @reverse_deep_tree(%p0, %p1, %p2, %p3, %odd, %even)
      : (i1, i1, i1, i1, f32, f32) -> f32
  return %0, %1, %2 : f32, f32, f32
}

// CHECK:     @deep_tree
// CHECK-NOT: @also_deep_tree
// CHECK:     @reverse_deep_tree
// CHECK:     @user
// CHECK-2:     call @deep_tree
// CHECK:       call @reverse_deep_tree

// -----

func.func private @func_declaration(i32, i32) -> i32
func.func private @func_declaration1(i32, i32) -> i32

func.func @user(%arg0: i32, %arg1: i32) -> (i32, i32) {
  %0 = call @func_declaration(%arg0, %arg1) : (i32, i32) -> i32
  %1 = call @func_declaration1(%arg0, %arg1) : (i32, i32) -> i32
  return %0, %1 : i32, i32
}

// CHECK:  @func_declaration
// CHECK:  @func_declaration1
// CHECK:  @user
// CHECK:    call @func_declaration
// CHECK:    call @func_declaration1


// -----

func.func @identity(%arg0: tensor<f32>) -> tensor<f32> {
  return %arg0 : tensor<f32>
}

func.func @also_identity(%arg0: tensor<f32>) -> tensor<f32> {
  return %arg0 : tensor<f32>
}

func.func @yet_another_identity(%arg0: tensor<f32>) -> tensor<f32> {
  return %arg0 : tensor<f32>
}

func.func @user(%arg0: tensor<f32>) -> tensor<f32> {
  %f = constant @identity : (tensor<f32>) -> tensor<f32>
  %0 = call_indirect %f(%arg0) : (tensor<f32>) -> tensor<f32>
  %f_0 = constant @also_identity : (tensor<f32>) -> tensor<f32>
  %1 = call_indirect %f_0(%0) : (tensor<f32>) -> tensor<f32>
  %2 = call @yet_another_identity(%1) : (tensor<f32>) -> tensor<f32>
  return %2 : tensor<f32>
}

// CHECK:     @identity
// CHECK-NOT: @also_identity
// CHECK-NOT: @yet_another_identity
// CHECK:     @user
// CHECK-2:     constant @identity
// CHECK:       call @identity
`,
  },
];

testOptCases(CASES);
