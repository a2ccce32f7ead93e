import type { Shape } from '../../platform/i18n/catalogue';
import type { passesEn } from './i18n.en';

/** Arabic of the pass's messages (issue 29 §1), keys of i18n.en.ts. */
export const passesAr: Shape<typeof passesEn> = {
  email: {
    subject: 'تصريح الزيارة الخاص بك إلى {{building}}',
    hello: 'مرحبًا {{firstname}}،',
    expected: 'موعد زيارتك إلى {{building}} في {{when}}.',
    expectedHost: 'موعد زيارتك إلى {{building}} في {{when}}، لمقابلة {{host}}.',
    attached:
      'تصريح الزيارة الخاص بك هو رمز QR المرفق (pass.png). عند وصولك، امسحه ضوئيًا في جهاز التسجيل الذاتي أو أظهره في مكتب الاستقبال.',
    rules: 'لا يصلح التصريح إلا في هذا المبنى وفي الوقت المذكور أعلاه فقط. يُرجى إحضار بطاقة هوية تحمل صورة.',
    address: 'العنوان:',
    instructions: 'التعليمات:',
    calendar: 'لإضافة الزيارة إلى تقويمك، افتح الملف المرفق invitation.ics.',
    cannotCome: 'إذا تعذّر عليك الحضور، يُرجى إبلاغ {{who}}.',
    code: 'رمز التصريح (إذا تعذّر مسح رمز QR): {{token}}',
  },
  sms: '{{district}}: موعد زيارتك إلى {{building}}، {{address}}، في {{when}}. أُرسل إليك تصريح الزيارة بالبريد الإلكتروني، ويمكنك أيضًا تقديم رمز التصريح هذا في مكتب الاستقبال: {{token}}',
  calendar: {
    title: 'زيارة إلى {{building}}',
    titleHost: 'زيارة إلى {{building}} ({{host}})',
    bring: 'أحضر تصريح الزيارة (رمز QR في البريد الإلكتروني) وبطاقة هوية تحمل صورة.',
  },
};
