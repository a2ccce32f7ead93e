import type { Shape } from '../../platform/i18n/catalogue';
import type { passesEn } from './i18n.en';

/** Spanish of the pass's messages (issue 29 §1), keys of i18n.en.ts. */
export const passesEs: Shape<typeof passesEn> = {
  email: {
    subject: 'Su pase de visitante para {{building}}',
    hello: 'Hola, {{firstname}}:',
    expected: 'Su visita a {{building}} está programada para el {{when}}.',
    expectedHost: 'Su visita a {{building}} está programada para el {{when}}, con {{host}}.',
    attached:
      'Su pase de visitante es el código QR adjunto (pass.png). Al llegar, escanéelo en el quiosco o muéstrelo en la recepción.',
    rules:
      'El pase solo es válido en este edificio y en el horario indicado arriba. Traiga una identificación con foto.',
    address: 'Dirección:',
    instructions: 'Indicaciones:',
    calendar: 'Para agregar la visita a su calendario, abra el archivo adjunto invitation.ics.',
    cannotCome: 'Si no puede venir, avise a {{who}}.',
    code: 'Código del pase (si no se puede escanear el código QR): {{token}}',
  },
  sms: '{{district}}: su visita a {{building}}, {{address}}, está programada para el {{when}}. Le enviamos su pase de visitante por correo electrónico; en la recepción también puede dar este código del pase: {{token}}',
  calendar: {
    title: 'Visita a {{building}}',
    titleHost: 'Visita a {{building}} ({{host}})',
    bring: 'Traiga su pase de visitante (el código QR del correo electrónico) y una identificación con foto.',
  },
};
