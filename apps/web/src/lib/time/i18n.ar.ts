import { addCatalogue } from '../i18n';

/** The date-of-birth field in Arabic (issue 29 §1): the kiosk and the public forms use the one DobInput. */
addCatalogue('ar', {
  dob: {
    label: 'تاريخ الميلاد',
    future: 'يجب أن يكون تاريخ الميلاد قبل تاريخ اليوم.',
    invalid: 'يُرجى كتابة تاريخ كامل بالصيغة: شهر/يوم/سنة.',
    notADate: 'هذا اليوم غير موجود: يُرجى التحقق من الشهر واليوم.',
    openCalendar: 'فتح التقويم',
  },
});
