// scfkit's scalar aliases: values of MLIR's i32, i64, index and f32 types.
import type { i32, i64, f32 } from 'scfkit';
function addI32(a: i32, b: i32): i32 {
  return (a + b) as i32;
}
function main(): void {
  const x: i32 = 40 as i32;
  const y: i64 = 7 as i64;
  const h: f32 = 0.5 as f32;
  console.log(addI32(x, 2 as i32), y, h);
}
main();
