import { EMERGENCY_MESSAGES, KIOSK_MESSAGES, MESSAGES, PASS_MESSAGES } from '@sv/contracts';
import { PERSON_NAME_MESSAGES } from '@sv/domain';

/** The server's sentences a visitor can meet, in Vietnamese (keys: the English sentences). */
export const serverMessagesVi: Readonly<Record<string, string>> = {
  // kiosk (packages/contracts KIOSK_MESSAGES; the seeOffice sentence has its own web string)
  [KIOSK_MESSAGES.studentNotFound]: 'Không có học sinh nào của trường này có mã số học sinh và họ này.',
  [KIOSK_MESSAGES.tooManySignIns]:
    'Máy này đã có nhiều lượt đăng ký vào trong một phút vừa qua. Vui lòng chờ một chút, hoặc đến văn phòng trường.',
  [KIOSK_MESSAGES.tooManyHealth]:
    'Văn phòng trường đã được thông báo. Vui lòng chờ một chút, hoặc đến văn phòng trường.',
  [KIOSK_MESSAGES.tooManyTardies]:
    'Máy này đã có nhiều lượt học sinh đăng ký vào trong một phút vừa qua. Vui lòng chờ một chút, hoặc đến văn phòng trường.',
  [KIOSK_MESSAGES.tardyAlreadyRecorded]: 'Em đã đăng ký vào hôm nay rồi. Đây là phiếu đi trễ của em.',
  [KIOSK_MESSAGES.codeWrong]: 'Mã không đúng. Vui lòng thử lại.',
  [KIOSK_MESSAGES.pickupPhotoRequired]: 'Trường này yêu cầu chụp ảnh để đăng ký ra cho học sinh.',
  [KIOSK_MESSAGES.hostNotFound]: 'Hãy chọn người bạn đến gặp trong danh sách, hoặc nhập tên của họ.',
  [KIOSK_MESSAGES.tooManyHostSearches]: 'Vui lòng nhập tên người bạn đến gặp.',
  // issue 27 §1: the kiosk during an emergency state
  [EMERGENCY_MESSAGES.kioskClosed]:
    'Trường đang thực hiện quy trình khẩn cấp, vì vậy máy này không nhận đăng ký vào. Vui lòng làm theo hướng dẫn của nhân viên nhà trường.',
  // the kiosk service's refusals
  'This building requires a photo to sign in.': 'Tòa nhà này yêu cầu chụp ảnh để đăng ký vào.',
  'This school requires a photo to sign in.': 'Trường này yêu cầu chụp ảnh để đăng ký vào.',
  'The photo could not be found.': 'Không tìm thấy ảnh. Vui lòng chụp lại.',
  'This code is not known here. Please start again.': 'Mã này không được nhận diện ở đây. Vui lòng bắt đầu lại.',
  'Scan your card or type your name and date of birth.': 'Vui lòng quét thẻ hoặc nhập tên và ngày sinh của quý vị.',
  // a registration badge refused at the kiosk (the lookup's reason)
  [MESSAGES.registrationNotFound]: 'Thẻ này không thuộc hồ sơ đăng ký nào của học khu này.',
  [MESSAGES.registrationPending]: 'Hồ sơ đăng ký này chưa được duyệt.',
  [MESSAGES.registrationDenied]: 'Hồ sơ đăng ký này đã bị từ chối.',
  [MESSAGES.registrationExpired]: 'Hồ sơ đăng ký này đã hết hạn. Vui lòng nhờ văn phòng gia hạn.',
  [MESSAGES.registrationUnderReview]: 'Hồ sơ đăng ký này đang được xem xét.',
  [MESSAGES.registrationSuspended]:
    'Hồ sơ đăng ký này đang bị tạm ngưng trong khi chờ xem xét một cảnh báo bắt giữ. Vui lòng liên hệ văn phòng học khu.',
  [MESSAGES.registrationNotThisBuilding]: 'Hồ sơ đăng ký này không có hiệu lực tại tòa nhà này.',
  // spec 002 §8 (student information system)
  [MESSAGES.skywardFailed]:
    'Không thể kết nối với máy chủ Skyward. Vui lòng thử lại sau hoặc liên hệ quản trị viên của quý vị.',
  [MESSAGES.guardiansSisError]:
    'Không thể lấy danh sách người giám hộ được phép đón học sinh. Vui lòng thử lại hoặc liên hệ quản trị viên của quý vị.',
  [MESSAGES.kioskUnableToProcess]: 'Không thể xử lý yêu cầu.',
  [MESSAGES.kioskCheckInformation]: 'Vui lòng kiểm tra lại thông tin và thử lại.',
  // the kiosk's own sign-in and log-out
  [MESSAGES.invalidCredentials]: 'Email hoặc mật khẩu không đúng.',
  [MESSAGES.tooManyAttempts]: 'Quá nhiều lần thử đăng nhập. Vui lòng chờ vài phút rồi thử lại.',
  [MESSAGES.kioskAccountsOnly]:
    'Chỉ tài khoản máy tự phục vụ mới đăng nhập được ở đây. Quản trị viên sử dụng máy tự phục vụ thông qua một tài khoản máy tự phục vụ.',
  [MESSAGES.sessionExpired]: 'Phiên làm việc của quý vị đã kết thúc. Vui lòng đăng nhập lại.',
  [MESSAGES.kioskLogoutPasswordRequired]: 'Nhập mật khẩu tài khoản của máy để đăng xuất máy này.',
  [MESSAGES.kioskLogoutPasswordWrong]: 'Đây không phải mật khẩu tài khoản của máy. Máy vẫn đang đăng nhập.',
  // the public form's photo, as the server refuses it
  'The photo must be a JPEG, PNG or WebP image.': 'Ảnh phải là tệp JPEG, PNG hoặc WebP.',
  'The photo is larger than 10 MB.': 'Ảnh lớn hơn 10 MB. Vui lòng chọn ảnh nhỏ hơn.',
  // names typed at the kiosk or on a public form (the one person-name rule)
  [PERSON_NAME_MESSAGES.noLetters]: 'Tên phải có ít nhất một chữ cái.',
  [PERSON_NAME_MESSAGES.characters]: 'Tên chỉ được chứa chữ cái, khoảng trắng, dấu nháy đơn, dấu gạch nối và dấu chấm.',
  Required: 'Vui lòng điền vào ô này.',
  // issue 28 §3: a visitor pass the kiosk refuses
  [PASS_MESSAGES.invalid]: 'Không đọc được thẻ vào cửa này. Vui lòng đến văn phòng trường.',
  [PASS_MESSAGES.revoked]: 'Thẻ vào cửa này đã bị hủy. Vui lòng đến văn phòng trường.',
  [PASS_MESSAGES.early]:
    'Thẻ vào cửa này chưa có hiệu lực. Vui lòng quay lại đúng giờ ghi trong thư mời, hoặc đến văn phòng trường.',
  [PASS_MESSAGES.expired]: 'Thẻ vào cửa này đã hết hạn. Vui lòng đến văn phòng trường.',
  [PASS_MESSAGES.otherBuilding]: 'Thẻ vào cửa này dành cho một tòa nhà khác. Vui lòng đến văn phòng trường.',
  [PASS_MESSAGES.used]: 'Thẻ vào cửa này đã được sử dụng.',
};
