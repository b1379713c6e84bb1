// continue starts the next iteration (after a for loop's update, or a do...while's test).
import { range } from 'scfkit';
function main(): void {
  let odd = 0;
  for (let i = 0; i < 10; i++) {
    if (i % 2 === 0) continue;
    odd += i;
  }
  let w = 0;
  let n = 0;
  while (n < 10) {
    n++;
    if (n % 3 === 0) continue;
    w += n;
  }
  let dw = 0;
  let m = 0;
  do {
    m++;
    if (m < 5) continue;
    dw += m;
  } while (m < 8);
  let r = 0;
  for (const i of range(0, 20, 3)) {
    if (i === 9) continue;
    r += i;
  }
  let t = 0;
  for (const x of [1, 2, 3, 4]) {
    if (x === 2) continue;
    if (x === 4) break;
    t += x;
  }
  console.log(odd, w, n, dw, m, r, t);
}
main();
