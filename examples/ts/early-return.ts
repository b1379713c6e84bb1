// return inside ifs: the statements after the if move into its other branch.
function clamp(x: number, lo: number, hi: number): number {
  if (x < lo) return lo;
  if (x > hi) {
    return hi;
  }
  return x;
}
function grade(s: number): number {
  if (s >= 90) return 4;
  else if (s >= 80) return 3;
  if (s >= 70) {
    if (s >= 75) return 2.5;
    return 2;
  }
  return 0;
}
function main(): void {
  console.log(clamp(-1, 0, 10), clamp(5, 0, 10), clamp(11, 0, 10), clamp(NaN, 0, 1));
  console.log(grade(95), grade(85), grade(77), grade(71), grade(10));
}
main();
