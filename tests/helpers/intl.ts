/**
 * Runs `fn` with Intl's number and date formatters refused (each throws "Intl used"), then puts
 * them back: what a page writes through `fn` is proven to set up no Intl formatter, whose first
 * use costs Chromium 25-50 ms (docs/performance.md).
 */
export function withoutIntlFormatters<T>(fn: () => T): T {
  const { NumberFormat, DateTimeFormat } = Intl;
  const refuse = (() => {
    throw new Error("Intl used");
  }) as never;
  Intl.NumberFormat = refuse;
  Intl.DateTimeFormat = refuse;
  try {
    return fn();
  } finally {
    Intl.NumberFormat = NumberFormat;
    Intl.DateTimeFormat = DateTimeFormat;
  }
}
