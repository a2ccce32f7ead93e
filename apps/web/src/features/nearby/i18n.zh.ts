import { addCatalogue } from '../../lib/i18n';
import type { arriveEn } from './i18n.en';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** Simplified Chinese of the arrival page (issue 29 §1), keys of i18n.en.ts. */
const arriveZh: Shape<typeof arriveEn> = {
  arrive: {
    title: '我快到了',
    intro:
      '告知学校前台您已在附近。只有在您轻触按钮时，才会发送一次您手机的位置，且仅用于判断您是否在您的某所学校附近。',
    consent: '我同意为本次到校共享我当前的位置。',
    button: '我快到了',
    locating: '正在获取您的位置……',
    nearby: '谢谢。{{buildings}} 的前台已知道您即将到达。',
    notNearby: '您还不在您的任何一所学校附近。请走近一些后再试。',
    denied: '您的手机未共享位置。请允许此页面访问位置信息，然后重试。',
    unavailable: '无法获取您的位置。请稍后再试。',
    unsupported: '此浏览器无法共享位置。',
    failed: '出现问题。请重试。',
  },
};
addCatalogue('zh', arriveZh);
