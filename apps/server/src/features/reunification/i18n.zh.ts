import type { Shape } from '../../platform/i18n/catalogue';
import type { reunificationEn } from './i18n.en';

/** Simplified Chinese of the families' reunification link (issue 29 §1), keys of i18n.en.ts. */
export const reunificationZh: Shape<typeof reunificationEn> = {
  link: {
    subject: '学生与家人团聚',
    email:
      '{{building}}：学生与家人团聚工作已经开始。请通过此链接告诉我们您的身份以及您要接哪些孩子，并携带带照片的身份证件：{{url}}',
    sms: '学生团聚已开始：请通过下方链接告诉我们您要接哪位孩子。请携带带照片的身份证件。',
  },
};
