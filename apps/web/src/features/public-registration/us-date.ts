/** The date-of-birth field of the public form: typed mm/dd/yyyy (spec 001 §5 mask), on phones without a calendar. */

/** mm/dd/yyyy as typed → 'YYYY-MM-DD' when it is a real date, else null. */
export function usDateToIso(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!m) return null;
  const [mm, dd, yyyy] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(yyyy, mm - 1, dd));
  if (d.getUTCFullYear() !== yyyy || d.getUTCMonth() !== mm - 1 || d.getUTCDate() !== dd) return null;
  return `${m[3]}-${m[1]}-${m[2]}`;
}

/** Digits typed into the date box → 'mm/dd/yyyy' as far as typed (spec 001 §5 mask). */
export function maskUsDate(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/** The browser's calendar date (the district's day is the server's rule; this only guides the field). */
export const localIsoToday = (n = new Date()) => {
  return `${n.getFullYear()}-${String(n.getMonth() + 1).padStart(2, '0')}-${String(n.getDate()).padStart(2, '0')}`;
};
