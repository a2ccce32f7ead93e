// Time formatting on the server (moved out of visits: denials, students and buildings use it too, issue 24 §1).

/** Date and time in the building's zone (security guide: never a browser offset). */
export function formatInZone(instant: Date, timeZone: string) {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(instant);
}
