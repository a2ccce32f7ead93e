/** The states list lives in the contracts (one list for the seed and the rule). */
export { US_STATES } from '@sv/contracts';
