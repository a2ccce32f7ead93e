import { addCatalogue } from '../../lib/i18n';
import type { kioskEn } from './i18n.en';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** Spanish of the kiosk screens (issue 14: an English/Español switch on every kiosk screen). */
const kioskEs: Shape<typeof kioskEn> = {
  kiosk: {
    emergency: {
      heading: 'Siga las instrucciones del personal de la escuela',
      drill: 'Esto es un simulacro.',
      paused: 'El registro está en pausa por ahora. Nadie puede registrarse en este quiosco hasta que termine.',
      Lockdown:
        'CIERRE DE EMERGENCIA. Aléjese de puertas y ventanas, manténgase fuera de la vista y en silencio. Si está fuera del edificio, aléjese y no intente entrar.',
      Secure:
        'EDIFICIO ASEGURADO. Las puertas exteriores están cerradas y nadie puede entrar ni salir por ahora. Espere aquí con calma; el personal le avisará cuando termine.',
      Shelter: 'REFUGIO. Aléjese de las ventanas y siga al personal de la escuela hasta la zona segura del edificio.',
      Evacuate:
        'EVACUACIÓN. Salga del edificio con calma por la salida más cercana y siga al personal de la escuela hasta el punto de reunión. No use los ascensores.',
    },
    language: 'Idioma',
    welcome: 'Bienvenido',
    chooseAction: 'Toque un botón para comenzar.',
    back: 'Atrás',
    cancel: 'Empezar de nuevo',
    next: 'Siguiente',
    done: 'Listo',
    loading: 'Un momento…',
    loadFailed:
      'Este quiosco no puede comunicarse con el sistema de la oficina. Por favor, pase a la oficina principal.',
    retry: 'Intentar de nuevo',
    serverFallback: 'No pudimos terminar esto aquí. Por favor, pase a la oficina principal.',
    banner: {
      title: 'Antes de registrarse',
      yes: 'Sí',
      no: 'No',
      question: 'Pregunta {{n}} de {{count}}',
      defaultQuestion1:
        'En los últimos 14 días, ¿ha estado en contacto cercano con alguna persona diagnosticada con una enfermedad contagiosa como el COVID-19?',
      defaultQuestion2:
        'En los últimos 30 días, ¿ha viajado a un país que las autoridades de salud consideran de alto riesgo?',
    },
    identify: {
      titleVisitor: 'Registrarse como visitante',
      titleBadge: 'Registrarse con su credencial',
      titleCheckOut: 'Registrar su salida',
      scanHint: 'Pase su licencia de conducir o su credencial bajo el lector, o escriba su nombre abajo.',
      scanBadgeHint: 'Ponga su credencial de SafeVisitor bajo el lector.',
      scanning: 'Leyendo su tarjeta…',
      useCamera: 'Usar la cámara',
      hideCamera: 'Ocultar la cámara',
      orType: 'O escriba su nombre y fecha de nacimiento',
      firstName: 'Nombre',
      lastName: 'Apellido',
      dob: 'Fecha de nacimiento',
      dobHint: 'Mes / día / año, por ejemplo 04/23/1985',
      dobPlaceholder: 'mm/dd/aaaa',
      dobInvalid: 'Escriba su fecha de nacimiento como mes/día/año.',
      required: 'Por favor, complete este campo.',
      nameCharacters: 'Un nombre solo puede contener letras, espacios, apóstrofos, guiones y puntos.',
      nameNoLetters: 'Un nombre debe contener al menos una letra.',
      notFound: 'No lo encontramos. Revise lo que escribió o pase a la oficina principal.',
      badgeRefused: 'Esta credencial no se puede usar hoy: {{reason}} Por favor, pase a la oficina principal.',
      choose: '¿Cuál es usted?',
    },
    details: {
      title: 'Sobre su visita',
      reason: 'Motivo de su visita',
      personVisiting: '¿A quién visita?',
      hostNoMatch: '¿No está en la lista? No importa: usaremos el nombre que escribió.',
    },
    photo: {
      title: 'Su foto',
      hint: 'Mire a la cámara y toque «Tomar foto».',
      take: 'Tomar foto',
      retake: 'Tomar otra vez',
      use: 'Usar esta foto',
      starting: 'Encendiendo la cámara…',
      failed: 'La cámara no funciona. Por favor, pase a la oficina principal.',
      alt: 'Su foto',
    },
    submitting: 'Enviando su registro a la oficina…',
    checking: 'Registrando su entrada. Esto tarda unos segundos…',
    // issue 28 §3: llegada con un pase de visitante
    pass: {
      welcome: 'Bienvenido/a, {{name}}',
      visiting: 'Viene a ver a {{host}} en {{building}}.',
      expected: 'Le esperan en {{building}}.',
      checkIn: 'Registrar mi entrada',
    },
    checkOut: {
      submit: 'Registrar salida',
      working: 'Registrando su salida…',
      none: 'Usted no tiene una entrada registrada en este edificio. Por favor, pase a la oficina principal.',
    },
    thankYou: {
      title: 'Gracias',
      checkedIn: 'Ya está registrado. Tome su credencial de la impresora y llévela a la vista.',
      checkedInNoBadge: 'Ya está registrado. Por favor, recoja su credencial en la oficina principal.',
      arrival: 'La oficina principal recibió su registro. Por favor, espere aquí: alguien lo atenderá pronto.',
      checkedOut: 'Su salida quedó registrada. ¡Que tenga un buen día!',
      queued:
        'No pudimos comunicarnos con el sistema de la oficina, así que este quiosco guarda su solicitud y la enviará en cuanto vuelva la conexión. Todavía no está registrado: por favor, pase a la oficina principal.',
      queuedCheckOut:
        'No pudimos comunicarnos con el sistema de la oficina. Su salida quedó guardada en este quiosco y se enviará en cuanto vuelva la conexión.',
    },
    // issue 29 §3 (WCAG 2.2.1): a timed return to the start screen the visitor can stop
    autoReturn: {
      countdown: 'Volviendo a la pantalla de inicio en {{seconds}} s.',
      stay: 'Quedarse en esta pantalla',
      stayed: 'Esta pantalla se queda hasta que vuelva al inicio.',
      back: 'Volver a la pantalla de inicio',
    },
    problem: {
      title: 'Por favor, pase a la oficina principal',
      body: 'No pudimos terminar su registro aquí. Por favor, vaya a la oficina principal: el personal ya sabe que usted está aquí.',
      healthBody:
        'Gracias por informarnos. Por favor, no entre más al edificio: vaya a la oficina principal y el personal lo ayudará.',
      startOver: 'Volver a la pantalla de inicio',
    },
    offline: {
      banner: 'No hay conexión con el sistema de la oficina.',
      waiting_one: '{{count}} solicitud espera en este quiosco y se enviará cuando vuelva la conexión.',
      waiting_other: '{{count}} solicitudes esperan en este quiosco y se enviarán cuando vuelva la conexión.',
      sending: 'La conexión volvió: enviando las solicitudes en espera…',
    },
    student: {
      titleDropoff: 'Entrada de estudiantes',
      titlePickup: 'Salida de estudiantes',
      chooseTitle: '¿Qué desea hacer?',
      choosePickup: 'Recoger a un estudiante',
      chooseDropoff: 'Registrar la llegada tarde de un estudiante',
      studentId: 'Número de estudiante',
      lastName: 'Apellido del estudiante',
      entryHint: 'Pase la credencial del estudiante, o escriba su número y su apellido.',
      check: 'Verificar',
      found: 'Hola, {{name}}.',
      guardianTitle: '¿Quién recoge al estudiante?',
      guardianHint: 'El adulto que recoge escribe su propio nombre y fecha de nacimiento.',
      reasonTitle: 'Elija un motivo',
      photoTitle: 'Foto',
      submitting: 'Enviando…',
      doneDropoff: 'Ya está registrado. Tome su pase de retardo de la impresora y vaya a clase.',
      doneDropoffWindow:
        'Ya está registrado. Su pase de retardo está listo para imprimir: imprímalo desde la ventana que se abrió y luego vaya a clase.',
      doneDropoffPrinterDown:
        'Ya está registrado. La impresora no respondió, así que su pase de retardo se abrió en una ventana: imprímalo ahí o pídalo en la oficina principal, y luego vaya a clase.',
      doneDropoffNoSlip: 'Ya está registrado. Pida su pase de retardo en la oficina principal y luego vaya a clase.',
      donePickup: 'La salida quedó registrada. Por favor, espere al estudiante en la oficina principal.',
      // issue 22: el código de un solo uso, y la oficina cuando el adulto no se puede verificar aquí
      codeSentSms: 'Enviamos un código a su teléfono {{hint}}.',
      codeSentEmail: 'Enviamos un código a su correo electrónico {{hint}}.',
      codeHint: 'Escriba los 6 dígitos. El código sirve por {{minutes}} minutos.',
      codeLabel: 'Código',
      codeConfirm: 'Confirmar',
      codeWrong: 'Ese código no es correcto. Por favor, intente de nuevo.',
      codeTriesLeft_one: 'Le queda {{count}} intento.',
      codeTriesLeft_other: 'Le quedan {{count}} intentos.',
      officeTitle: 'Por favor, pase a la oficina principal',
      officeBody: 'Por favor, pase a la oficina principal para recoger a {{name}}.',
      officeHelp: 'El personal de la oficina le ayudará.',
      reloading: 'Volviendo al inicio en unos segundos…',
      unableToProcess: 'No se pudo procesar la solicitud.',
      checkInformation: 'Por favor, revise los datos e intente de nuevo.',
      noResults: 'No se encontraron resultados.',
    },
    labels: {
      visitor: 'VISITANTE TEMPORAL',
      checkIn: 'ENTRADA CON CREDENCIAL SAFEVISITOR',
      checkOut: 'Salida de visitantes y voluntarios',
      pickup: 'RECOGER A UN ESTUDIANTE',
      studentCheckIn: 'ENTRADA DE ESTUDIANTES',
      studentCheckOut: 'SALIDA DE ESTUDIANTES',
    },
  },
};
addCatalogue('es', kioskEs);

/** The kiosk shell, page titles and camera strings the kiosk shows, in Spanish. */
addCatalogue('es', {
  titles: { kiosk: 'Quiosco', kioskThankYou: 'Gracias', kioskProblem: 'Pase a la oficina principal' },
  // the kiosk sign-in page (/safe/kiosk/login) shows the language switch too
  auth: {
    email: 'Correo electrónico',
    password: 'Contraseña',
    signIn: 'Iniciar sesión',
    kioskHeading: 'Inicio de sesión del quiosco',
    kioskHint: 'Inicie sesión con la cuenta de quiosco de este edificio para comenzar el registro.',
    kioskAdminRedirect: 'Los administradores usan el quiosco con una cuenta de quiosco.',
    kioskSignInFailed: 'El quiosco no pudo iniciar sesión. Vuelva a intentarlo.',
  },
  shell: {
    kioskLabel: 'Quiosco de registro',
    kioskLogout: 'Cerrar sesión del quiosco',
    kioskLogoutHint: 'Solo para el personal: escriba la contraseña de la cuenta de este quiosco para cerrar su sesión.',
    kioskLogoutConfirm: 'Cerrar la sesión del quiosco',
    kioskLogoutPasswordRequired: 'Escriba la contraseña de la cuenta del quiosco para cerrar su sesión.',
    kioskLogoutWrong: 'Esa no es la contraseña de la cuenta del quiosco. El quiosco sigue con la sesión iniciada.',
    kioskLogoutLocked: 'Demasiadas contraseñas incorrectas. Espere unos minutos y vuelva a intentarlo.',
    kioskLogoutFailed: 'No se pudo cerrar la sesión del quiosco. Vuelva a intentarlo.',
    loading: 'Cargando',
  },
  camera: {
    starting: 'Encendiendo la cámara…',
    pointAt: 'Ponga la credencial, o el código de barras del reverso de la licencia, dentro del recuadro.',
    preview: 'Vista de la cámara',
    denied: 'No se permitió usar la cámara. Use el lector.',
    none: 'No se encontró una cámara. Use el lector.',
    failed: 'No se pudo encender la cámara. Use el lector.',
    decoderFailed: 'No se pudo leer con la cámara. Use el lector.',
  },
});
