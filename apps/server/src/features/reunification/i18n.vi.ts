import type { Shape } from '../../platform/i18n/catalogue';
import type { reunificationEn } from './i18n.en';

/** Vietnamese of the families' reunification link (issue 29 §1), keys of i18n.en.ts. */
export const reunificationVi: Shape<typeof reunificationEn> = {
  link: {
    subject: 'Đoàn tụ học sinh với gia đình',
    email:
      '{{building}}: việc đón học sinh đoàn tụ với gia đình đã bắt đầu. Hãy dùng đường dẫn này để cho chúng tôi biết quý vị là ai và đến đón những em nào, rồi mang theo giấy tờ tùy thân có ảnh: {{url}}',
    sms: 'Việc đoàn tụ đã bắt đầu: hãy cho biết quý vị đến đón ai qua đường dẫn bên dưới. Mang theo giấy tờ tùy thân có ảnh.',
  },
};
