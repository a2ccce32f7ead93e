export { LanguageMenu } from './language-menu';
