/**
 * @sv/domain: pure domain rules (architecture guideline 8). No I/O, no clock; one data dependency (the Unicode confusables table, ADR 0022).
 */
export * from './aamva';
export * from './admission';
export * from './aamva-builder';
export { AAMVA_ELEMENT_IDS, EYE_COLORS, HAIR_COLORS, isAamvaElementId } from './aamva-elements';
export * from './confidence';
export * from './dates';
export * from './exclusion-matching';
export * from './identity';
export * from './name-warnings';
export * from './expiry';
export * from './front-desk-rules';
export * from './dashboard-cards';
export { isCommonGivenName, isNicknamePair, NICKNAME_GROUPS } from './given-names';
export * from './names';
export * from './registration-rules';
export * from './registry-gating';
export * from './registry-matching';
export * from './scan-keys';
export * from './registration-type-rules';
export * from './arrest-watch';
export * from './registration-admission';
export * from './pickup-authorization';
export * from './preregistration-flags';
export * from './nearby';
export * from './drills';
export * from './retention';
