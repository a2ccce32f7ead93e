import { addCatalogue } from '../../lib/i18n';
import type { arriveEn } from './i18n.en';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** Vietnamese of the arrival page (issue 29 §1), keys of i18n.en.ts. */
const arriveVi: Shape<typeof arriveEn> = {
  arrive: {
    title: 'Tôi sắp đến',
    intro:
      'Hãy báo cho quầy tiếp tân của trường biết quý vị đang ở gần. Vị trí điện thoại của quý vị chỉ được gửi một lần, khi quý vị chạm vào nút, và chỉ được dùng để biết quý vị có đang ở gần một trong các trường của mình hay không.',
    consent: 'Tôi đồng ý chia sẻ vị trí hiện tại của mình cho lần đến này.',
    button: 'Tôi sắp đến',
    locating: 'Đang tìm vị trí của quý vị…',
    nearby: 'Cảm ơn quý vị. Quầy tiếp tân tại {{buildings}} đã biết quý vị sắp đến.',
    notNearby: 'Quý vị chưa ở gần trường nào của mình. Vui lòng thử lại khi đến gần hơn.',
    denied: 'Điện thoại của quý vị chưa chia sẻ vị trí. Vui lòng cho phép trang này truy cập vị trí rồi thử lại.',
    unavailable: 'Không tìm được vị trí của quý vị. Vui lòng thử lại sau giây lát.',
    unsupported: 'Trình duyệt này không thể chia sẻ vị trí.',
    failed: 'Đã xảy ra lỗi. Vui lòng thử lại.',
  },
};
addCatalogue('vi', arriveVi);
