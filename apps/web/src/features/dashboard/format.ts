// Dates and times: lib/time (issue 24 §2), never here.
export const fullName = (first: string, last: string, middle = '') => [first, middle, last].filter(Boolean).join(' ');
