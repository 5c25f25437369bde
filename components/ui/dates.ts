// Dates as the pages write them, in the reader's time zone: "05 Mar 2026" and "05 Mar 2026, 14:07"
// (date-fns' "dd MMM yyyy" and "dd MMM yyyy, HH:mm", without the locale tables it brings along).

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function valid(d: Date): Date {
  if (Number.isNaN(d.getTime())) throw new RangeError("Invalid time value");
  return d;
}

/** "05 Mar 2026" (a year before 1 as its era's year, as date-fns writes it). */
export function dayText(date: Date): string {
  const d = valid(date);
  const year = d.getFullYear();
  return `${pad(d.getDate())} ${MONTHS[d.getMonth()]} ${pad(year > 0 ? year : 1 - year, 4)}`;
}

/** "05 Mar 2026, 14:07". */
export function dayTimeText(date: Date): string {
  const d = valid(date);
  return `${dayText(d)}, ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
