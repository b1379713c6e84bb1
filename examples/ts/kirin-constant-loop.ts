// Kirin's documented constant loop: scf-fold-constant-loops (on by default,
// -O0 skips it) folds the loop to 45, and a constant triple nest to its value.
import { range } from 'scfkit';
function simple_loop(): number {
  let j = 0.0;
  for (const i of range(10)) j = j + i;
  return j;
}
function nest(): number {
  let s = 0;
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 3; j++) {
      for (const k of range(j, 5)) {
        if (k === 3) continue;
        s += i * 100 + j * 10 + k;
      }
    }
  }
  return s;
}
function main(): void {
  console.log(simple_loop(), nest());
}
main();
