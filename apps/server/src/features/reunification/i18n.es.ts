import type { Shape } from '../../platform/i18n/catalogue';
import type { reunificationEn } from './i18n.en';

/** Spanish of the families' reunification link (issue 29 §1), keys of i18n.en.ts. */
export const reunificationEs: Shape<typeof reunificationEn> = {
  link: {
    subject: 'Reunificación de estudiantes',
    email:
      '{{building}}: comenzó la reunificación de estudiantes. Indíquenos quién es usted y a qué niños recoge con este enlace, y traiga una identificación con foto: {{url}}',
    sms: 'Comenzó la reunificación: indique a quién recoge en el enlace de abajo. Traiga una identificación con foto.',
  },
};
