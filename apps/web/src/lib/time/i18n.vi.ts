import { addCatalogue } from '../i18n';

/** The date-of-birth field in Vietnamese (issue 29 §1): the kiosk and the public forms use the one DobInput. */
addCatalogue('vi', {
  dob: {
    label: 'Ngày sinh',
    future: 'Ngày sinh phải trước ngày hôm nay.',
    invalid: 'Vui lòng nhập đầy đủ ngày theo dạng tháng/ngày/năm.',
    notADate: 'Không có ngày này: vui lòng kiểm tra lại tháng và ngày.',
    openCalendar: 'Mở lịch',
  },
});
