/** A coordinate as the page's language writes it: "45.18756"; "45,18756" in French (no grouping, up to 8 decimals). */
export const coordinateText = (n: number, locale: string) =>
  locale === "en" ? String(n) : new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 8, useGrouping: false }).format(n);
