// Labelled break and continue leave or restart an outer loop.
function main(): void {
  let pairs = 0;
  let last = 0;
  outer: for (let i = 0; i < 10; i++) {
    for (let j = 0; j < 10; j++) {
      if (j > i) continue outer;
      if (i * j > 20) break outer;
      pairs++;
      last = i * 100 + j;
    }
  }
  let count = 0;
  rows: for (let r = 0; r < 5; r++) {
    let c = 0;
    while (true) {
      c++;
      if (c > r) continue rows;
      if (r === 4) break rows;
      count += c;
    }
  }
  console.log(pairs, last, count);
}
main();
