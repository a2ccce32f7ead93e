import type { Shape } from '../../platform/i18n/catalogue';
import type { printingEn } from './i18n.en';

/** Spanish of the printed fixed words (issue 29 §1), keys of i18n.en.ts. */
export const printingEs: Shape<typeof printingEn> = {
  badge: {
    types: {
      visitor: 'Visitante',
      volunteer: 'Voluntario',
      vendor: 'Proveedor',
      student: 'Estudiante',
      responder: 'Personal de emergencia',
    },
    visiting: 'Visita a: {{name}}',
    checkedIn: 'Entrada: {{time}}',
    expires: 'Vence: {{time}}',
    noExpiry: 'Sin fecha de vencimiento',
  },
  tardy: {
    title: 'PASE DE LLEGADA TARDE',
    arrived: 'Llegada',
    reason: 'Motivo',
    excused: 'Justificada',
    yes: 'Sí - justificada',
    no: 'No - injustificada',
    recordedBy: 'Registrado por',
  },
};
