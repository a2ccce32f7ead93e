import { addCatalogue } from '../i18n';

/** The date-of-birth field in Portuguese (Brazil) (issue 29 §1): the kiosk and the public forms use the one DobInput. */
addCatalogue('pt', {
  dob: {
    label: 'Data de nascimento',
    future: 'A data de nascimento deve ser anterior a hoje.',
    invalid: 'Digite uma data completa no formato mm/dd/aaaa.',
    notADate: 'Esse dia não existe: confira o mês e o dia.',
    openCalendar: 'Abrir calendário',
  },
});
