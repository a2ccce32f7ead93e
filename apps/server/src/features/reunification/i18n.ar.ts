import type { Shape } from '../../platform/i18n/catalogue';
import type { reunificationEn } from './i18n.en';

/** Arabic of the families' reunification link (issue 29 §1), keys of i18n.en.ts. */
export const reunificationAr: Shape<typeof reunificationEn> = {
  link: {
    subject: 'لمّ شمل الطلاب بأسرهم',
    email:
      '{{building}}: بدأ لمّ شمل الطلاب بأسرهم. أخبرنا عبر هذا الرابط من أنت ومن هم الأطفال الذين ستستلمهم، وأحضر بطاقة هوية تحمل صورة: {{url}}',
    sms: 'بدأ لمّ الشمل: أخبرنا عبر الرابط أدناه بمن ستستلمه. أحضر بطاقة هوية تحمل صورة.',
  },
};
