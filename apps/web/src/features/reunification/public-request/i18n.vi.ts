import { addCatalogue } from '../../../lib/i18n';

/** Vietnamese of the public pre-request page (issue 27 §3, issue 29 §1), keys of i18n.en.ts. */
addCatalogue('vi', {
  reunifyPublic: {
    title: 'Đoàn tụ học sinh với gia đình',
    intro:
      '{{building}} ({{district}}) đang đưa học sinh đoàn tụ với gia đình. Vui lòng cho chúng tôi biết quý vị là ai và quý vị đón những em nào. Nhân viên sẽ kiểm tra giấy tờ tùy thân có ảnh của quý vị trước khi giao bất kỳ em nào.',
    adultFirst: 'Tên của quý vị',
    adultLast: 'Họ của quý vị',
    phone: 'Số điện thoại di động (không bắt buộc)',
    child: 'Học sinh {{n}}',
    childFirst: 'Tên',
    childLast: 'Họ',
    addChild: 'Thêm một em khác',
    removeChild: 'Xóa',
    submit: 'Gửi yêu cầu của tôi',
    done: 'Chúng tôi đã nhận được yêu cầu của quý vị. Vui lòng mang giấy tờ tùy thân có ảnh đến khu vực đoàn tụ; nhân viên sẽ gọi tên quý vị.',
    closed: 'Đường dẫn đoàn tụ này không còn mở. Vui lòng liên hệ với trường.',
    rateLimited: 'Có quá nhiều yêu cầu từ kết nối của quý vị. Vui lòng đợi 10 phút rồi thử lại.',
    failed: 'Đã xảy ra lỗi. Vui lòng kiểm tra kết nối và thử lại.',
    loading: 'Đang tải…',
    required: 'Bắt buộc',
  },
});
