export { SecretShownOnce, type SecretShownOnceProps } from './secret-shown-once';
