import { EMERGENCY_MESSAGES, KIOSK_MESSAGES, MESSAGES, PASS_MESSAGES } from '@sv/contracts';
import { PERSON_NAME_MESSAGES } from '@sv/domain';

/**
 * The server's sentences a visitor can meet at the kiosk or on a public form, in Spanish (issue
 * 25, audit 002 U5; ADR 0034). The server answers in English, one sentence per situation, taken
 * from the contracts' constants; the web shows the chosen language by looking the sentence up
 * here. A sentence not listed is never shown in English to a Spanish speaker: the caller's own
 * Spanish fallback is (server-messages.unit.test.ts checks that every kiosk constant is listed).
 */
export const serverMessagesEs: Readonly<Record<string, string>> = {
  // kiosk (packages/contracts KIOSK_MESSAGES; the seeOffice sentence has its own web string)
  [KIOSK_MESSAGES.studentNotFound]: 'Ningún estudiante de esta escuela tiene este número y este apellido.',
  [KIOSK_MESSAGES.tooManySignIns]:
    'Este quiosco ha tenido muchos registros en el último minuto. Espere un momento o pase a la oficina principal.',
  [KIOSK_MESSAGES.tooManyHealth]:
    'La oficina principal ya está informada. Espere un momento o pase a la oficina principal.',
  [KIOSK_MESSAGES.tooManyTardies]:
    'Este quiosco ha tenido muchos registros de estudiantes en el último minuto. Espere un momento o pase a la oficina principal.',
  [KIOSK_MESSAGES.tardyAlreadyRecorded]: 'Ya se registró hoy. Aquí tiene su comprobante otra vez.',
  [KIOSK_MESSAGES.codeWrong]: 'Ese código no es correcto. Vuelva a intentarlo.',
  [KIOSK_MESSAGES.pickupPhotoRequired]: 'Esta escuela pide una foto para la salida de un estudiante.',
  [KIOSK_MESSAGES.hostNotFound]: 'Elija de la lista a la persona que visita, o escriba su nombre.',
  [KIOSK_MESSAGES.tooManyHostSearches]: 'Escriba el nombre de la persona que visita.',
  // issue 27 §1: the kiosk during an emergency state
  [EMERGENCY_MESSAGES.kioskClosed]:
    'La escuela está siguiendo un procedimiento de emergencia, por eso este quiosco no está registrando a nadie. Siga las instrucciones del personal de la escuela.',
  // the kiosk service's refusals
  'This building requires a photo to sign in.': 'Este edificio pide una foto para registrarse.',
  'This school requires a photo to sign in.': 'Esta escuela pide una foto para registrarse.',
  'The photo could not be found.': 'No se encontró la foto. Tómela otra vez.',
  'This code is not known here. Please start again.': 'Este código no se reconoce aquí. Empiece de nuevo.',
  'Scan your card or type your name and date of birth.':
    'Pase su tarjeta por el lector o escriba su nombre y fecha de nacimiento.',
  // a registration badge refused at the kiosk (the lookup's reason)
  [MESSAGES.registrationNotFound]: 'Esta credencial no es un registro de este distrito.',
  [MESSAGES.registrationPending]: 'Este registro todavía no ha sido aprobado.',
  [MESSAGES.registrationDenied]: 'Este registro fue rechazado.',
  [MESSAGES.registrationExpired]: 'Este registro ha vencido. Pida a la oficina que lo renueve.',
  [MESSAGES.registrationUnderReview]: 'Este registro está en revisión.',
  [MESSAGES.registrationSuspended]:
    'Este registro está suspendido mientras se revisa un aviso de arresto. Comuníquese con la oficina del distrito.',
  [MESSAGES.registrationNotThisBuilding]: 'Este registro no es válido en este edificio.',
  // spec 002 §8 (student information system)
  [MESSAGES.skywardFailed]:
    'No se pudo conectar con el servidor de Skyward. Inténtelo más tarde o comuníquese con su administrador.',
  [MESSAGES.guardiansSisError]:
    'No se pudo obtener la lista de tutores autorizados para recoger al estudiante. Inténtelo de nuevo o comuníquese con su administrador.',
  [MESSAGES.kioskUnableToProcess]: 'No se pudo procesar la solicitud.',
  [MESSAGES.kioskCheckInformation]: 'Revise la información y vuelva a intentarlo.',
  // the kiosk's own sign-in and log-out
  [MESSAGES.invalidCredentials]: 'El correo electrónico o la contraseña no son correctos.',
  [MESSAGES.tooManyAttempts]: 'Demasiados intentos de inicio de sesión. Espere unos minutos y vuelva a intentarlo.',
  [MESSAGES.kioskAccountsOnly]:
    'Aquí solo pueden iniciar sesión las cuentas de quiosco. Los administradores usan el quiosco con una cuenta de quiosco.',
  [MESSAGES.sessionExpired]: 'Su sesión terminó. Vuelva a iniciar sesión.',
  [MESSAGES.kioskLogoutPasswordRequired]: 'Escriba la contraseña de la cuenta del quiosco para cerrar su sesión.',
  [MESSAGES.kioskLogoutPasswordWrong]:
    'Esa no es la contraseña de la cuenta del quiosco. El quiosco sigue con la sesión iniciada.',
  // the public form's photo, as the server refuses it (issue 25, audit 001 U16: it stayed English)
  'The photo must be a JPEG, PNG or WebP image.': 'La foto debe ser una imagen JPEG, PNG o WebP.',
  'The photo is larger than 10 MB.': 'La foto pesa más de 10 MB. Elija una más pequeña.',
  // names typed at the kiosk or on a public form (the one person-name rule)
  [PERSON_NAME_MESSAGES.noLetters]: 'Un nombre debe tener al menos una letra.',
  [PERSON_NAME_MESSAGES.characters]: 'Un nombre solo puede tener letras, espacios, apóstrofos, guiones y puntos.',
  Required: 'Complete este campo.',
  // issue 28 §3: a visitor pass the kiosk refuses
  [PASS_MESSAGES.invalid]: 'No se pudo leer este pase. Pase a la oficina principal.',
  [PASS_MESSAGES.revoked]: 'Este pase fue cancelado. Pase a la oficina principal.',
  [PASS_MESSAGES.early]:
    'Este pase todavía no es válido. Vuelva a la hora de su invitación o pase a la oficina principal.',
  [PASS_MESSAGES.expired]: 'Este pase ha vencido. Pase a la oficina principal.',
  [PASS_MESSAGES.otherBuilding]: 'Este pase es para otro edificio. Pase a la oficina principal.',
  [PASS_MESSAGES.used]: 'Este pase ya se usó.',
};
