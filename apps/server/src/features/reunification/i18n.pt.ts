import type { Shape } from '../../platform/i18n/catalogue';
import type { reunificationEn } from './i18n.en';

/** Portuguese (Brazilian usage) of the families' reunification link (issue 29 §1), keys of i18n.en.ts. */
export const reunificationPt: Shape<typeof reunificationEn> = {
  link: {
    subject: 'Reencontro de alunos com as famílias',
    email:
      '{{building}}: começou o reencontro dos alunos com as famílias. Informe quem você é e quais crianças vai buscar por este link, e traga um documento com foto: {{url}}',
    sms: 'Começou o reencontro: informe quem você vai buscar no link abaixo. Traga um documento com foto.',
  },
};
