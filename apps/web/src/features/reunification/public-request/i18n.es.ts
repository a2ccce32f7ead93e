import { addCatalogue } from '../../../lib/i18n';

/** Spanish of the public pre-request page (issue 27 §3), keys of i18n.en.ts. */
addCatalogue('es', {
  reunifyPublic: {
    title: 'Reunificación de estudiantes',
    intro:
      '{{building}} ({{district}}) está reuniendo a los estudiantes con sus familias. Díganos quién es usted y a qué niños viene a recoger. El personal revisará su identificación con foto antes de entregar a cualquier niño.',
    adultFirst: 'Su nombre',
    adultLast: 'Su apellido',
    phone: 'Teléfono celular (opcional)',
    child: 'Niño {{n}}',
    childFirst: 'Nombre',
    childLast: 'Apellido',
    addChild: 'Agregar otro niño',
    removeChild: 'Quitar',
    submit: 'Enviar mi solicitud',
    done: 'Recibimos su solicitud. Traiga una identificación con foto al área de reunificación; el personal dirá su nombre.',
    closed: 'Este enlace de reunificación ya no está abierto. Comuníquese con la escuela.',
    rateLimited: 'Demasiadas solicitudes desde su conexión. Espere 10 minutos y vuelva a intentarlo.',
    failed: 'Algo salió mal. Revise su conexión y vuelva a intentarlo.',
    loading: 'Cargando…',
    required: 'Obligatorio',
  },
});
