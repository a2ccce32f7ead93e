import type { Shape } from '../../platform/i18n/catalogue';
import type { passesEn } from './i18n.en';

/** Portuguese (Brazilian usage) of the pass's messages (issue 29 §1), keys of i18n.en.ts. */
export const passesPt: Shape<typeof passesEn> = {
  email: {
    subject: 'Seu passe de visitante para {{building}}',
    hello: 'Olá, {{firstname}}!',
    expected: 'Sua visita a {{building}} está marcada para {{when}}.',
    expectedHost: 'Sua visita a {{building}} está marcada para {{when}}, com {{host}}.',
    attached:
      'Seu passe de visitante é o QR code em anexo (pass.png). Ao chegar, escaneie-o no totem ou mostre-o na recepção.',
    rules: 'O passe vale somente neste prédio e somente no horário acima. Traga um documento com foto.',
    address: 'Endereço:',
    instructions: 'Instruções:',
    calendar: 'Para adicionar a visita à sua agenda, abra o arquivo anexo invitation.ics.',
    cannotCome: 'Se não puder vir, avise {{who}}.',
    code: 'Código do passe (se o QR code não puder ser lido): {{token}}',
  },
  sms: '{{district}}: sua visita a {{building}}, {{address}}, está marcada para {{when}}. Seu passe de visitante foi enviado por e-mail; na recepção você também pode informar este código do passe: {{token}}',
  calendar: {
    title: 'Visita a {{building}}',
    titleHost: 'Visita a {{building}} ({{host}})',
    bring: 'Traga seu passe de visitante (o QR code do e-mail) e um documento com foto.',
  },
};
