// Typed arrays: memref<?xT>; stores convert as JavaScript does.
function main(): void {
  const f = new Float32Array(3);
  f[0] = 0.1;
  f[1] = 1e40;
  f[2] = -1 / 3;
  const i = new Int32Array(4);
  i[0] = 3.9;
  i[1] = -3.9;
  i[2] = 4294967297;
  i[3] = NaN;
  const u = new Uint8Array(4);
  u[0] = 256 + 7;
  u[1] = -1;
  u[2] = 3.7;
  u[3] = 1e10;
  const g = new BigInt64Array(2);
  g[0] = 5n;
  g[1] = g[0] * -3n;
  const d = new Float64Array(2);
  d[1] += 2.5;
  d[1]++;
  u[0]++;
  i[0] -= 10;
  console.log(f[0], f[1], f[2], i[0], i[1], i[2], i[3]);
  console.log(u[0], u[1], u[2], u[3], g[0], g[1], d[0], d[1], f.length);
}
main();
