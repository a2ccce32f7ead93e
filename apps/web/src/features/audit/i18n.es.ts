import { addCatalogue } from '../../lib/i18n';
import type { auditEn } from './i18n.en';

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

/** Spanish of the audit console and the History sections (same keys as i18n.en.ts). */
export const auditEs: Strings<typeof auditEn> = {
  audit: {
    title: 'Registro de auditoría',
    intro:
      'Quién hizo qué, cuándo, desde dónde y en qué registro: cada cambio, cada registro sensible consultado y cada exportación. Las fechas son días en la zona horaria del distrito ({{zone}}).',
    tableCaption: 'Entradas de auditoría',
    empty: 'Ninguna entrada de auditoría coincide con estos filtros.',
    exportTitle: 'Exportar el registro de auditoría',
    searchHint: 'Acción, número de registro, dirección o usuario',
    filter: {
      district: 'Distrito',
      allDistricts: 'Todos los distritos',
      actor: 'Usuario',
      anyActor: 'Cualquiera',
      action: 'Acción',
      anyAction: 'Cualquier acción',
      targetType: 'Tipo de registro',
      anyTargetType: 'Cualquier registro',
      outcome: 'Resultado',
      anyOutcome: 'Cualquier resultado',
      from: 'Desde',
      to: 'Hasta',
      dateHint: 'mm/dd/aaaa',
      rangeReversed: 'La fecha de inicio debe ser igual o anterior a la fecha de fin.',
      clear: 'Borrar filtros',
      record: 'Se muestra el historial de {{kind}} n.º {{id}}.',
      showAll: 'Mostrar todos los registros',
    },
    col: {
      at: 'Cuándo',
      who: 'Quién',
      ip: 'Desde',
      action: 'Acción',
      record: 'Registro',
      outcome: 'Resultado',
    },
    outcome: { done: 'Hecho', refused: 'Rechazado' },
    system: 'Sistema',
    actingAs: 'El administrador {{name}} actuaba como este usuario',
    noRecord: '—',
    unknownAddress: 'No registrada',
    detail: {
      heading: 'Entrada {{id}}',
      district: 'Distrito',
      building: 'Edificio',
      email: 'Correo del usuario',
      requestId: 'Solicitud',
      details: 'Lo que se registró',
      none: 'No se registró nada más.',
      masked: 'Los nombres, las fechas de nacimiento y los datos de contacto se ocultan al escribir la entrada.',
    },
    history: {
      details: 'Detalles',
      title: 'Historial',
      intro: 'Quién cambió o consultó este registro, del más reciente al más antiguo.',
      caption: 'Historial de este registro',
      empty: 'Todavía no se ha registrado nada para este registro.',
      loadFailed: 'No se pudo cargar el historial. Inténtelo de nuevo en un momento.',
      openConsole: 'Abrir en el registro de auditoría',
      more: 'Se muestran las {{shown}} entradas más recientes de {{count}}.',
    },
    kind: {
      exclusion: 'Exclusión',
      visitor: 'Visitante',
      registration: 'Inscripción',
      student: 'Estudiante',
      building: 'Edificio',
      client: 'Distrito',
      user: 'Usuario',
      visit: 'Visita',
      export: 'Exportación',
      arrest_alert: 'Alerta de arresto',
      contact: 'Contacto',
    },
  },
};

addCatalogue('es', auditEs);
