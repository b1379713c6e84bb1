// if / else if / else: variables assigned in branches are the scf.if's results.
function classify(x: number): number {
  let kind = 0;
  let scale = 1;
  if (x < 0) {
    kind = -1;
    scale = 2;
  } else if (x === 0) {
    kind = 0;
  } else if (x < 10) {
    kind = 1;
    scale = 0.5;
  } else {
    kind = 2;
  }
  return kind * scale;
}
function main(): void {
  let acc = 0;
  for (let i = -3; i < 14; i += 2) {
    acc += classify(i);
    if (acc > 2) acc = acc - 1;
  }
  console.log(acc, classify(-5), classify(0), classify(3), classify(100), classify(NaN));
}
main();
