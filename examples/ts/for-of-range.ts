// scfkit's range(lb, ub, step) in for...of: an scf.for.
import { range } from 'scfkit';
function main(): void {
  let s = 0;
  for (const i of range(10)) s += i;
  let t = 0;
  for (const i of range(3, 20, 4)) t += i * i;
  let u = 0;
  for (const i of range(5, 2)) u += i;
  let w = 0;
  for (const i of range(4)) for (const j of range(i, 4)) w += j - i;
  console.log(s, t, u, w);
}
main();
