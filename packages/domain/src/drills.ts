/**
 * Drill compliance (issue 27 §4, ADR 0037). A school year runs July 1 – June 30 and is named by
 * the calendar year it starts in. Dates are local calendar dates ('YYYY-MM-DD') in the
 * building's time zone.
 */

/** The school year a local date falls in: 2026-07-01 … 2027-06-30 → 2026. */
export function schoolYearOf(localDate: string): number {
  const year = Number(localDate.slice(0, 4));
  const month = Number(localDate.slice(5, 7));
  return month >= 7 ? year : year - 1;
}

export function schoolYearBounds(schoolYear: number): { from: string; to: string } {
  return { from: `${schoolYear}-07-01`, to: `${schoolYear + 1}-06-30` };
}

const dayNumber = (d: string) =>
  Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86_400_000;

/**
 * How many drills an even pace expects by `today`: required × the share of the school year's days
 * gone (today included), rounded down. A year not started expects none; a year over expects all.
 * Overdue = fewer done than that.
 */
export function drillPace(input: { schoolYear: number; required: number; done: number; today: string }) {
  const { from, to } = schoolYearBounds(input.schoolYear);
  const total = dayNumber(to) - dayNumber(from) + 1;
  const gone = Math.min(total, Math.max(0, dayNumber(input.today) - dayNumber(from) + 1));
  const expectedByNow = Math.floor((input.required * gone) / total);
  return { expectedByNow, overdue: input.done < expectedByNow };
}
