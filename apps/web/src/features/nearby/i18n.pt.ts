import { addCatalogue } from '../../lib/i18n';
import type { arriveEn } from './i18n.en';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** Portuguese (Brazil) of the arrival page (issue 29 §1), keys of i18n.en.ts. */
const arrivePt: Shape<typeof arriveEn> = {
  arrive: {
    title: 'Estou chegando',
    intro:
      'Avise a recepção da escola que você está por perto. A localização do seu celular é enviada uma única vez, só quando você toca no botão, e é usada apenas para saber se você está perto de uma das suas escolas.',
    consent: 'Concordo em compartilhar minha localização atual para esta chegada.',
    button: 'Estou chegando',
    locating: 'Buscando sua localização…',
    nearby: 'Obrigado. A recepção de {{buildings}} sabe que você está chegando.',
    notNearby: 'Você ainda não está perto de uma das suas escolas. Tente novamente quando estiver mais perto.',
    denied:
      'Seu celular não compartilhou a localização. Permita o acesso à localização para esta página e tente novamente.',
    unavailable: 'Não foi possível encontrar sua localização. Tente novamente daqui a pouco.',
    unsupported: 'Este navegador não consegue compartilhar a localização.',
    failed: 'Algo deu errado. Por favor, tente novamente.',
  },
};
addCatalogue('pt', arrivePt);
