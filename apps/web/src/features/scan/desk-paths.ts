import { paths } from '../../lib/paths';

/**
 * The front-desk links the dashboard's pre-registration cards use, now in lib/paths.ts; kept as a
 * view of it until preregistration-cards.tsx (being reworked) imports paths itself.
 */
export const deskPaths = {
  file: paths.file,
};
