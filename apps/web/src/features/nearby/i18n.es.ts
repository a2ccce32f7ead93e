import { addCatalogue } from '../../lib/i18n';
import type { arriveEn } from './i18n.en';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** Spanish of the arrival page (issue 13: the registration forms and the phone pages in English or Spanish). */
const arriveEs: Shape<typeof arriveEn> = {
  arrive: {
    title: 'Estoy llegando',
    intro:
      'Avise a la recepción de la escuela que está cerca. La posición de su teléfono se envía una sola vez, solo cuando toca el botón, y se usa solo para saber si está cerca de una de sus escuelas.',
    consent: 'Acepto compartir mi posición actual para esta llegada.',
    button: 'Estoy llegando',
    locating: 'Buscando su posición…',
    nearby: 'Gracias. La recepción de {{buildings}} sabe que está llegando.',
    notNearby: 'Todavía no está cerca de una de sus escuelas. Inténtelo de nuevo cuando esté más cerca.',
    denied:
      'Su teléfono no compartió su posición. Permita el acceso a la ubicación para esta página e inténtelo de nuevo.',
    unavailable: 'No se pudo encontrar su posición. Inténtelo de nuevo en un momento.',
    unsupported: 'Este navegador no puede compartir su posición.',
    failed: 'Algo salió mal. Por favor, inténtelo de nuevo.',
  },
};
addCatalogue('es', arriveEs);
