import type { Shape } from '../../platform/i18n/catalogue';
import type { passesEn } from './i18n.en';

/** Vietnamese of the pass's messages (issue 29 §1), keys of i18n.en.ts. */
export const passesVi: Shape<typeof passesEn> = {
  email: {
    subject: 'Thẻ khách của quý vị tại {{building}}',
    hello: 'Xin chào {{firstname}},',
    expected: 'Quý vị có lịch hẹn đến {{building}} vào {{when}}.',
    expectedHost: 'Quý vị có lịch hẹn đến {{building}} vào {{when}} để gặp {{host}}.',
    attached:
      'Thẻ khách của quý vị là mã QR đính kèm (pass.png). Khi đến nơi, hãy quét mã tại máy tự phục vụ hoặc xuất trình tại văn phòng trường.',
    rules:
      'Thẻ chỉ có giá trị tại tòa nhà này và chỉ trong khoảng thời gian nêu trên. Vui lòng mang theo giấy tờ tùy thân có ảnh.',
    address: 'Địa chỉ:',
    instructions: 'Hướng dẫn:',
    calendar: 'Để thêm cuộc hẹn vào lịch của quý vị, hãy mở tệp đính kèm invitation.ics.',
    cannotCome: 'Nếu không thể đến, xin vui lòng báo cho {{who}}.',
    code: 'Mã thẻ (nếu không quét được mã QR): {{token}}',
  },
  sms: '{{district}}: quý vị có lịch hẹn đến {{building}}, {{address}}, vào {{when}}. Thẻ khách đã được gửi đến email của quý vị; tại văn phòng trường quý vị cũng có thể đọc mã thẻ này: {{token}}',
  calendar: {
    title: 'Đến thăm {{building}}',
    titleHost: 'Đến thăm {{building}} ({{host}})',
    bring: 'Mang theo thẻ khách (mã QR trong email) và giấy tờ tùy thân có ảnh.',
  },
};
