// Compound assignment, ++ and --, prefix and postfix.
function main(): void {
  let a = 5;
  let b = a++;
  let c = ++a;
  let d = a--;
  let e = --a;
  a += 3;
  a -= 1;
  a *= 2;
  a /= 3;
  a %= 5;
  a **= 2;
  let f = 7;
  f &= 3;
  f |= 8;
  f ^= 1;
  f <<= 2;
  f >>= 1;
  f >>>= 1;
  console.log(a, b, c, d, e, f);
}
main();
