import { cleanPersonName, hasInvisibleCharacters, mixedScriptFinding } from './identity';

/**
 * What staff are told about a person's name where the person is screened (issue 22): a name that
 * mixes alphabets inside one word is stored as typed but shown as a finding; a name saved before
 * names were cleaned may still hold characters no one can see, or styled / full-width letters.
 * Matching already compares the canonical form, so these are information for the attendant (is
 * this name what the person's ID says?), not a decision.
 */
export const NAME_WARNING_MESSAGES = {
  invisible: (name: string) =>
    `Name on file contains invisible characters ("${name}"), saved before names were cleaned. Screening compares the name without them.`,
  styled: (name: string) =>
    `Name on file uses styled or full-width letters ("${name}"), saved before names were cleaned. Screening compares the plain letters.`,
} as const;

/** The warnings about a person's stored names (first, middle, last, in that order), none for a clean name. */
export function nameWarnings(...names: (string | null | undefined)[]): string[] {
  const warnings: string[] = [];
  const mixed = mixedScriptFinding(...names);
  if (mixed) warnings.push(mixed);
  const parts = names.map((n) => n ?? '');
  const shown = parts.map(cleanPersonName).filter(Boolean).join(' ');
  if (parts.some(hasInvisibleCharacters)) warnings.push(NAME_WARNING_MESSAGES.invisible(shown));
  // white space aside (a double space is not worth an attendant's attention): NFKC changed a letter
  else if (parts.some((n) => cleanPersonName(n) !== n.replace(/\s+/g, ' ').trim()))
    warnings.push(NAME_WARNING_MESSAGES.styled(shown));
  return warnings;
}
