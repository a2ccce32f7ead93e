import type { Shape } from '../../platform/i18n/catalogue';
import type { printingEn } from './i18n.en';

/** Simplified Chinese of the printed fixed words (issue 29 §1), keys of i18n.en.ts. */
export const printingZh: Shape<typeof printingEn> = {
  badge: {
    types: {
      visitor: '访客',
      volunteer: '志愿者',
      vendor: '供应商',
      student: '学生',
      responder: '应急人员',
    },
    visiting: '拜访：{{name}}',
    checkedIn: '签到：{{time}}',
    expires: '有效期至：{{time}}',
    noExpiry: '无有效期限',
  },
  tardy: {
    title: '迟到单',
    arrived: '到校时间',
    reason: '原因',
    excused: '是否准假',
    yes: '是 - 准假',
    no: '否 - 未准假',
    recordedBy: '记录人',
  },
};
