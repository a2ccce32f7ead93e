import { addCatalogue } from '../i18n';

/** The date-of-birth field in Simplified Chinese (issue 29 §1): the kiosk and the public forms use the one DobInput. */
addCatalogue('zh', {
  dob: {
    label: '出生日期',
    future: '出生日期必须早于今天。',
    invalid: '请按“月/日/年”的格式输入完整日期。',
    notADate: '没有这一天：请检查月份和日期。',
    openCalendar: '打开日历',
  },
});
