import type { Shape } from '../../platform/i18n/catalogue';
import type { printingEn } from './i18n.en';

/** Portuguese (Brazilian usage) of the printed fixed words (issue 29 §1), keys of i18n.en.ts. */
export const printingPt: Shape<typeof printingEn> = {
  badge: {
    types: {
      visitor: 'Visitante',
      volunteer: 'Voluntário',
      vendor: 'Fornecedor',
      student: 'Aluno',
      responder: 'Socorrista',
    },
    visiting: 'Visitando: {{name}}',
    checkedIn: 'Entrada: {{time}}',
    expires: 'Validade: {{time}}',
    noExpiry: 'Sem data de validade',
  },
  tardy: {
    title: 'COMPROVANTE DE ATRASO',
    arrived: 'Chegada',
    reason: 'Motivo',
    excused: 'Justificado',
    yes: 'Sim - justificado',
    no: 'Não - sem justificativa',
    recordedBy: 'Registrado por',
  },
};
