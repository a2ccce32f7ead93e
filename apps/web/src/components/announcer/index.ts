export { announce, LiveAnnouncer, type Politeness, resetAnnouncements } from './announcer';
