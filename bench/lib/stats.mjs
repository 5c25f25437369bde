// What the benchmark scripts (bench/*.mjs, bench/*.ts) summarise their rounds with.

/** The middle of the values (the mean of the two middle ones for an even count); NaN for none. Leaves `xs` as it was. */
export function median(xs) {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}
