import type { Shape } from '../../platform/i18n/catalogue';
import type { passesEn } from './i18n.en';

/** Simplified Chinese of the pass's messages (issue 29 §1), keys of i18n.en.ts. */
export const passesZh: Shape<typeof passesEn> = {
  email: {
    subject: '您在{{building}}的访客通行证',
    hello: '{{firstname}}，您好：',
    expected: '您预约于{{when}}到访{{building}}。',
    expectedHost: '您预约于{{when}}到访{{building}}，拜访{{host}}。',
    attached: '您的访客通行证是附件中的二维码（pass.png）。到达时，请在自助签到机上扫描，或在前台出示。',
    rules: '此通行证仅限在本楼使用，且仅在上述时间内有效。请携带带照片的身份证件。',
    address: '地址：',
    instructions: '说明：',
    calendar: '如需将此次到访添加到日历，请打开附件 invitation.ics。',
    cannotCome: '如果您不能前来，请告知{{who}}。',
    code: '通行证代码（二维码无法扫描时使用）：{{token}}',
  },
  sms: '{{district}}：您预约于{{when}}到访{{building}}（{{address}}）。访客通行证已通过电子邮件发送给您；您也可以在前台提供此通行证代码：{{token}}',
  calendar: {
    title: '到访{{building}}',
    titleHost: '到访{{building}}（{{host}}）',
    bring: '请携带访客通行证（电子邮件中的二维码）和带照片的身份证件。',
  },
};
