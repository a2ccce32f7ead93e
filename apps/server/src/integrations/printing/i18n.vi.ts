import type { Shape } from '../../platform/i18n/catalogue';
import type { printingEn } from './i18n.en';

/** Vietnamese of the printed fixed words (issue 29 §1), keys of i18n.en.ts. */
export const printingVi: Shape<typeof printingEn> = {
  badge: {
    types: {
      visitor: 'Khách',
      volunteer: 'Tình nguyện viên',
      vendor: 'Nhà cung cấp',
      student: 'Học sinh',
      responder: 'Lực lượng ứng cứu',
    },
    visiting: 'Gặp: {{name}}',
    checkedIn: 'Giờ vào: {{time}}',
    expires: 'Hết hạn: {{time}}',
    noExpiry: 'Không có ngày hết hạn',
  },
  tardy: {
    title: 'PHIẾU ĐI TRỄ',
    arrived: 'Giờ đến',
    reason: 'Lý do',
    excused: 'Có phép',
    yes: 'Có - có phép',
    no: 'Không - không phép',
    recordedBy: 'Người ghi nhận',
  },
};
