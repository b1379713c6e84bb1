// booleans are i1; && and || short-circuit.
function touch(x: boolean): boolean {
  console.log("touch", x);
  return x;
}
function main(): void {
  const t = 3 > 2;
  const f = 2 > 3;
  console.log(t, f, !t, t && f, t || f, t === f, t !== f);
  console.log(f && touch(true), t || touch(false), t && touch(false), f || touch(true));
  const nan = 0 / 0;
  const z = 0;
  console.log(nan === nan, nan !== nan, z === -z, 1 <= nan, !z, !nan, !(z + 2));
  const zero = z;
  const three = z + 3;
  console.log(zero || 5, three && 4, zero && 7, nan || 1);
}
main();
