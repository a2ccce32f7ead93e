import type { Shape } from '../../platform/i18n/catalogue';
import type { printingEn } from './i18n.en';

/** Arabic of the printed fixed words (issue 29 §1), keys of i18n.en.ts. */
export const printingAr: Shape<typeof printingEn> = {
  badge: {
    types: {
      visitor: 'زائر',
      volunteer: 'متطوع',
      vendor: 'مورّد',
      student: 'طالب',
      responder: 'مستجيب للطوارئ',
    },
    visiting: 'يزور: {{name}}',
    checkedIn: 'الدخول: {{time}}',
    expires: 'ينتهي في: {{time}}',
    noExpiry: 'بلا تاريخ انتهاء',
  },
  tardy: {
    title: 'إشعار تأخر',
    arrived: 'وقت الوصول',
    reason: 'السبب',
    excused: 'بعذر',
    yes: 'نعم - بعذر',
    no: 'لا - بدون عذر',
    recordedBy: 'سجّله',
  },
};
