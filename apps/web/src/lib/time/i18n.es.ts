import { addCatalogue } from '../i18n';

/**
 * The date-of-birth field in Spanish: the kiosk and the public forms use the one DobInput (issue
 * 25, audit 002-ksl: the kiosk's date fields were their own, and the guardian's stayed English).
 */
addCatalogue('es', {
  dob: {
    label: 'Fecha de nacimiento',
    future: 'La fecha de nacimiento debe ser anterior a hoy.',
    invalid: 'Escriba una fecha completa como mm/dd/aaaa.',
    notADate: 'Ese día no existe: revise el mes y el día.',
    openCalendar: 'Abrir calendario',
  },
});
