export * from './common';
export * from './roles';
export * from './permissions';
export * from './messages';
export * from './constants';
export * from './auth';
export * from './states';
export * from './platform';
