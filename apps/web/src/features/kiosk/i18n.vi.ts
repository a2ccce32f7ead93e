import { addCatalogue } from '../../lib/i18n';
import type { kioskEn } from './i18n.en';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** Vietnamese of the kiosk screens (issue 29 §1), keys of i18n.en.ts. */
const kioskVi: Shape<typeof kioskEn> = {
  kiosk: {
    emergency: {
      heading: 'Vui lòng làm theo hướng dẫn của nhân viên nhà trường',
      drill: 'Đây là một cuộc diễn tập.',
      paused: 'Việc đăng ký vào đang tạm dừng. Không ai có thể đăng ký vào tại máy này cho đến khi kết thúc.',
      Lockdown:
        'PHONG TỎA KHẨN CẤP. Hãy tránh xa cửa ra vào và cửa sổ, ở ngoài tầm nhìn và giữ im lặng. Nếu quý vị đang ở bên ngoài tòa nhà, hãy rời khỏi khu vực này và không cố vào bên trong.',
      Secure:
        'KHÓA CỬA NGOÀI. Các cửa bên ngoài đã được khóa và hiện không ai được vào hoặc ra. Vui lòng bình tĩnh chờ ở đây; nhân viên nhà trường sẽ báo cho quý vị khi kết thúc.',
      Shelter: 'TRÚ ẨN. Hãy tránh xa cửa sổ và đi theo nhân viên nhà trường đến khu vực an toàn của tòa nhà.',
      Evacuate:
        'SƠ TÁN. Hãy bình tĩnh rời khỏi tòa nhà bằng lối ra gần nhất và đi theo nhân viên nhà trường đến điểm tập trung. Không sử dụng thang máy.',
    },
    language: 'Ngôn ngữ',
    welcome: 'Chào mừng quý vị',
    chooseAction: 'Chạm vào một nút để bắt đầu.',
    back: 'Quay lại',
    cancel: 'Bắt đầu lại',
    next: 'Tiếp theo',
    done: 'Xong',
    loading: 'Xin chờ một chút…',
    loadFailed: 'Máy này không kết nối được với hệ thống của văn phòng. Vui lòng đến văn phòng trường.',
    retry: 'Thử lại',
    serverFallback: 'Chúng tôi không thể hoàn tất việc này tại đây. Vui lòng đến văn phòng trường.',
    banner: {
      title: 'Trước khi đăng ký vào',
      yes: 'Có',
      no: 'Không',
      question: 'Câu hỏi {{n}} trên {{count}}',
      defaultQuestion1:
        'Trong 14 ngày qua, quý vị có tiếp xúc gần với bất kỳ ai được chẩn đoán mắc bệnh truyền nhiễm như COVID-19 không?',
      defaultQuestion2: 'Trong 30 ngày qua, quý vị có đi đến quốc gia nào mà cơ quan y tế coi là có nguy cơ cao không?',
    },
    // issue 28 §3: arrival with a visitor pass
    pass: {
      welcome: 'Chào mừng {{name}}',
      visiting: 'Quý vị đến gặp {{host}} tại {{building}}.',
      expected: '{{building}} đang chờ đón quý vị.',
      checkIn: 'Đăng ký vào',
    },
    identify: {
      titleVisitor: 'Đăng ký vào với tư cách khách',
      titleBadge: 'Đăng ký vào bằng thẻ của quý vị',
      titleCheckOut: 'Đăng ký ra',
      scanHint: 'Đặt bằng lái xe hoặc thẻ của quý vị dưới máy quét, hoặc nhập tên ở bên dưới.',
      scanBadgeHint: 'Đặt thẻ SafeVisitor của quý vị dưới máy quét.',
      scanning: 'Đang đọc thẻ của quý vị…',
      useCamera: 'Dùng camera',
      hideCamera: 'Ẩn camera',
      orType: 'Hoặc nhập tên và ngày sinh của quý vị',
      firstName: 'Tên',
      lastName: 'Họ',
      dob: 'Ngày sinh',
      dobHint: 'Tháng / ngày / năm, ví dụ 04/23/1985',
      dobPlaceholder: 'tháng/ngày/năm',
      dobInvalid: 'Vui lòng nhập ngày sinh theo dạng tháng/ngày/năm.',
      required: 'Vui lòng điền vào ô này.',
      nameCharacters: 'Tên chỉ được chứa chữ cái, khoảng trắng, dấu nháy đơn, dấu gạch nối và dấu chấm.',
      nameNoLetters: 'Tên phải có ít nhất một chữ cái.',
      notFound: 'Chúng tôi không tìm thấy quý vị. Vui lòng kiểm tra lại thông tin đã nhập, hoặc đến văn phòng trường.',
      badgeRefused: 'Hôm nay không thể dùng thẻ này để đăng ký vào: {{reason}} Vui lòng đến văn phòng trường.',
      choose: 'Quý vị là người nào?',
    },
    details: {
      title: 'Về chuyến thăm của quý vị',
      reason: 'Lý do đến thăm',
      personVisiting: 'Quý vị đến thăm ai?',
      hostNoMatch: 'Không có trong danh sách? Không sao: chúng tôi sẽ dùng tên quý vị đã nhập.',
    },
    photo: {
      title: 'Ảnh của quý vị',
      hint: 'Nhìn vào camera và chạm “Chụp ảnh”.',
      take: 'Chụp ảnh',
      retake: 'Chụp lại',
      use: 'Dùng ảnh này',
      starting: 'Đang mở camera…',
      failed: 'Camera không hoạt động. Vui lòng đến văn phòng trường.',
      alt: 'Ảnh của quý vị',
    },
    submitting: 'Đang gửi thông tin đăng ký vào đến văn phòng…',
    checking: 'Đang đăng ký vào cho quý vị. Việc này mất vài giây…',
    checkOut: {
      submit: 'Đăng ký ra',
      working: 'Đang đăng ký ra cho quý vị…',
      none: 'Quý vị chưa đăng ký vào tại tòa nhà này. Vui lòng đến văn phòng trường.',
    },
    thankYou: {
      title: 'Cảm ơn quý vị',
      checkedIn: 'Quý vị đã đăng ký vào. Vui lòng lấy thẻ từ máy in và đeo ở chỗ dễ nhìn thấy.',
      checkedInNoBadge: 'Quý vị đã đăng ký vào. Vui lòng nhận thẻ tại văn phòng trường.',
      arrival:
        'Văn phòng trường đã nhận thông tin đăng ký vào của quý vị. Vui lòng chờ ở đây: sẽ có người đến gặp quý vị ngay.',
      checkedOut: 'Quý vị đã đăng ký ra. Chúc quý vị một ngày tốt lành!',
      queued:
        'Chúng tôi không kết nối được với hệ thống của văn phòng, nên máy này đang giữ yêu cầu của quý vị và sẽ gửi đi ngay khi có kết nối trở lại. Quý vị chưa được đăng ký vào: vui lòng đến văn phòng trường.',
      queuedCheckOut:
        'Chúng tôi không kết nối được với hệ thống của văn phòng. Yêu cầu đăng ký ra của quý vị đã được lưu trên máy này và sẽ được gửi đi ngay khi có kết nối trở lại.',
    },
    // issue 29 §3 (WCAG 2.2.1): a timed return to the start screen the visitor can stop
    autoReturn: {
      countdown: 'Quay về màn hình bắt đầu sau {{seconds}} giây.',
      stay: 'Ở lại màn hình này',
      stayed: 'Màn hình này sẽ giữ nguyên cho đến khi bạn quay về.',
      back: 'Quay về màn hình bắt đầu',
    },
    problem: {
      title: 'Vui lòng đến văn phòng trường',
      body: 'Chúng tôi không thể hoàn tất việc đăng ký vào cho quý vị tại đây. Vui lòng đến văn phòng trường: nhân viên đã được báo là quý vị đang ở đây.',
      healthBody:
        'Cảm ơn quý vị đã cho chúng tôi biết. Vui lòng không đi sâu hơn vào tòa nhà: hãy đến văn phòng trường, nhân viên sẽ giúp quý vị.',
      startOver: 'Quay về màn hình bắt đầu',
    },
    offline: {
      banner: 'Không có kết nối với hệ thống của văn phòng.',
      waiting_one: '{{count}} yêu cầu đang chờ trên máy này và sẽ được gửi khi có kết nối trở lại.',
      waiting_other: '{{count}} yêu cầu đang chờ trên máy này và sẽ được gửi khi có kết nối trở lại.',
      sending: 'Đã có kết nối trở lại: đang gửi các yêu cầu đang chờ…',
    },
    student: {
      titleDropoff: 'Học sinh đăng ký vào',
      titlePickup: 'Học sinh đăng ký ra',
      chooseTitle: 'Quý vị muốn làm gì?',
      choosePickup: 'Đón học sinh',
      chooseDropoff: 'Đăng ký vào cho học sinh đến trễ',
      studentId: 'Mã số học sinh',
      lastName: 'Họ của học sinh',
      entryHint: 'Quét thẻ học sinh, hoặc nhập mã số học sinh và họ của học sinh.',
      check: 'Kiểm tra',
      found: 'Xin chào {{name}}.',
      guardianTitle: 'Ai là người đón?',
      guardianHint: 'Người lớn đến đón tự nhập tên và ngày sinh của mình.',
      reasonTitle: 'Chọn lý do',
      photoTitle: 'Ảnh',
      submitting: 'Đang gửi…',
      doneDropoff: 'Em đã đăng ký vào. Hãy lấy phiếu đi trễ từ máy in rồi vào lớp.',
      doneDropoffWindow: 'Em đã đăng ký vào. Phiếu đi trễ đã sẵn sàng để in: hãy in từ cửa sổ vừa mở, rồi vào lớp.',
      doneDropoffPrinterDown:
        'Em đã đăng ký vào. Máy in không phản hồi, nên phiếu đi trễ đã mở trong một cửa sổ: hãy in từ đó, hoặc xin phiếu tại văn phòng trường, rồi vào lớp.',
      doneDropoffNoSlip: 'Em đã đăng ký vào. Hãy xin phiếu đi trễ tại văn phòng trường, rồi vào lớp.',
      donePickup: 'Việc đón học sinh đã được ghi nhận. Vui lòng chờ học sinh tại văn phòng trường.',
      // issue 22: the one-time code, and the front office when the adult cannot be verified here
      codeSentSms: 'Chúng tôi đã gửi mã đến số điện thoại {{hint}} của quý vị.',
      codeSentEmail: 'Chúng tôi đã gửi mã đến email {{hint}} của quý vị.',
      codeHint: 'Nhập 6 chữ số. Mã có hiệu lực trong {{minutes}} phút.',
      codeLabel: 'Mã',
      codeConfirm: 'Xác nhận',
      codeWrong: 'Mã không đúng. Vui lòng thử lại.',
      codeTriesLeft_one: 'Còn {{count}} lần thử.',
      codeTriesLeft_other: 'Còn {{count}} lần thử.',
      officeTitle: 'Vui lòng đến văn phòng trường',
      officeBody: 'Vui lòng đến văn phòng trường để đón {{name}}.',
      officeHelp: 'Nhân viên ở đó sẽ giúp quý vị.',
      reloading: 'Sẽ bắt đầu lại sau vài giây…',
      unableToProcess: 'Không thể xử lý yêu cầu.',
      checkInformation: 'Vui lòng kiểm tra lại thông tin và thử lại.',
      noResults: 'Không tìm thấy kết quả nào.',
    },
    labels: {
      visitor: 'KHÁCH TẠM THỜI',
      checkIn: 'ĐĂNG KÝ VÀO BẰNG THẺ SAFEVISITOR',
      checkOut: 'Khách / tình nguyện viên đăng ký ra',
      pickup: 'ĐÓN HỌC SINH',
      studentCheckIn: 'HỌC SINH ĐĂNG KÝ VÀO',
      studentCheckOut: 'HỌC SINH ĐĂNG KÝ RA',
    },
  },
};
addCatalogue('vi', kioskVi);

/** The kiosk shell, page titles and camera strings the kiosk shows, in Vietnamese. */
addCatalogue('vi', {
  titles: { kiosk: 'Máy tự phục vụ', kioskThankYou: 'Cảm ơn quý vị', kioskProblem: 'Vui lòng đến văn phòng trường' },
  // the kiosk sign-in page (/safe/kiosk/login) shows the language switch too
  auth: {
    email: 'Email',
    password: 'Mật khẩu',
    signIn: 'Đăng nhập',
    kioskHeading: 'Đăng nhập máy tự phục vụ',
    kioskHint: 'Đăng nhập bằng tài khoản máy tự phục vụ của tòa nhà này để bắt đầu cho khách tự đăng ký vào.',
    kioskAdminRedirect: 'Quản trị viên sử dụng máy tự phục vụ thông qua một tài khoản máy tự phục vụ.',
    kioskSignInFailed: 'Máy tự phục vụ không đăng nhập được. Vui lòng thử lại.',
  },
  shell: {
    kioskLabel: 'Máy tự phục vụ đăng ký vào',
    kioskLogout: 'Đăng xuất máy tự phục vụ',
    kioskLogoutHint: 'Chỉ dành cho nhân viên: nhập mật khẩu tài khoản của máy này để đăng xuất máy.',
    kioskLogoutConfirm: 'Đăng xuất máy',
    kioskLogoutPasswordRequired: 'Nhập mật khẩu tài khoản của máy để đăng xuất máy này.',
    kioskLogoutWrong: 'Đây không phải mật khẩu tài khoản của máy. Máy vẫn đang đăng nhập.',
    kioskLogoutLocked: 'Nhập sai mật khẩu quá nhiều lần. Vui lòng chờ vài phút rồi thử lại.',
    kioskLogoutFailed: 'Không thể đăng xuất máy. Vui lòng thử lại.',
    loading: 'Đang tải',
  },
  camera: {
    starting: 'Đang mở camera…',
    pointAt: 'Đặt thẻ, hoặc mã vạch ở mặt sau bằng lái xe, vào trong khung.',
    preview: 'Hình ảnh từ camera',
    denied: 'Không được phép dùng camera. Vui lòng dùng máy quét.',
    none: 'Không tìm thấy camera. Vui lòng dùng máy quét.',
    failed: 'Không thể mở camera. Vui lòng dùng máy quét.',
    decoderFailed: 'Không thể đọc bằng camera. Vui lòng dùng máy quét.',
  },
});
