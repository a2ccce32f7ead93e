import { addCatalogue } from '../../lib/i18n';
import type { arriveEn } from './i18n.en';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** Arabic (Modern Standard) of the arrival page (issue 29 §1), keys of i18n.en.ts. */
const arriveAr: Shape<typeof arriveEn> = {
  arrive: {
    title: 'أنا على وشك الوصول',
    intro:
      'أبلغ مكتب الاستقبال في المدرسة بأنك قريب. يُرسَل موقع هاتفك مرة واحدة فقط، عند لمسك الزر، ولا يُستخدم إلا لمعرفة ما إذا كنت قريبًا من إحدى مدارسك.',
    consent: 'أوافق على مشاركة موقعي الحالي لهذا الوصول.',
    button: 'أنا على وشك الوصول',
    locating: 'جارٍ تحديد موقعك…',
    nearby: 'شكرًا لك. يعلم مكتب الاستقبال في {{buildings}} أنك على وشك الوصول.',
    notNearby: 'لست قريبًا من إحدى مدارسك بعد. يُرجى المحاولة مرة أخرى عندما تقترب أكثر.',
    denied: 'لم يشارك هاتفك موقعه. يُرجى السماح لهذه الصفحة بالوصول إلى الموقع والمحاولة مرة أخرى.',
    unavailable: 'تعذّر تحديد موقعك. يُرجى المحاولة مرة أخرى بعد قليل.',
    unsupported: 'لا يستطيع هذا المتصفح مشاركة الموقع.',
    failed: 'حدث خطأ ما. يُرجى المحاولة مرة أخرى.',
  },
};
addCatalogue('ar', arriveAr);
