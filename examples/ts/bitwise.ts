// Bitwise and shift operators: ToInt32/ToUint32 of doubles.
function main(): void {
  console.log(5 & 3, 5 | 3, 5 ^ 3, ~5, ~-1);
  console.log(1 << 31, 1 << 32, 1 << 33, -1 >> 1, -1 >>> 0, -1 >>> 28);
  console.log(4294967296 | 0, 2147483648 | 0, 3.7 | 0, -3.7 | 0, 1e20 | 0, NaN | 0, Infinity | 0);
  console.log(0x7fffffff + 1 | 0, -2147483649 | 0, 12345678901 >>> 3, 255 << 24 >> 24);
  let h = 5381;
  for (let i = 0; i < 20; i++) h = ((h << 5) + h + i) | 0;
  console.log(h, h >>> 0, Math.imul(h, 0x9e3779b1), Math.imul(-7, 3));
}
main();
