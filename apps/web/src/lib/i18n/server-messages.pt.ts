import { EMERGENCY_MESSAGES, KIOSK_MESSAGES, MESSAGES, PASS_MESSAGES } from '@sv/contracts';
import { PERSON_NAME_MESSAGES } from '@sv/domain';

/** The server's sentences a visitor can meet, in Portuguese (Brazil) (keys: the English sentences). */
export const serverMessagesPt: Readonly<Record<string, string>> = {
  // kiosk (packages/contracts KIOSK_MESSAGES; the seeOffice sentence has its own web string)
  [KIOSK_MESSAGES.studentNotFound]: 'Nenhum aluno desta escola tem este número de matrícula e este sobrenome.',
  [KIOSK_MESSAGES.tooManySignIns]:
    'Este totem teve muitos registros de entrada no último minuto. Aguarde um momento ou dirija-se à secretaria da escola.',
  [KIOSK_MESSAGES.tooManyHealth]:
    'A secretaria da escola já foi avisada. Aguarde um momento ou dirija-se à secretaria da escola.',
  [KIOSK_MESSAGES.tooManyTardies]:
    'Este totem teve muitos registros de entrada de alunos no último minuto. Aguarde um momento ou dirija-se à secretaria da escola.',
  [KIOSK_MESSAGES.tardyAlreadyRecorded]: 'Sua entrada já foi registrada hoje. Aqui está seu comprovante de novo.',
  [KIOSK_MESSAGES.codeWrong]: 'Este código não está correto. Tente novamente.',
  [KIOSK_MESSAGES.pickupPhotoRequired]: 'Esta escola exige uma foto para registrar a saída de um aluno.',
  [KIOSK_MESSAGES.hostNotFound]: 'Escolha na lista a pessoa que você vai visitar, ou digite o nome dela.',
  [KIOSK_MESSAGES.tooManyHostSearches]: 'Digite o nome da pessoa que você vai visitar.',
  // issue 27 §1: the kiosk during an emergency state
  [EMERGENCY_MESSAGES.kioskClosed]:
    'A escola está seguindo um procedimento de emergência, por isso este totem não está registrando a entrada de ninguém. Siga as instruções da equipe da escola.',
  // the kiosk service's refusals
  'This building requires a photo to sign in.': 'Este prédio exige uma foto para registrar a entrada.',
  'This school requires a photo to sign in.': 'Esta escola exige uma foto para registrar a entrada.',
  'The photo could not be found.': 'A foto não foi encontrada. Tire-a de novo.',
  'This code is not known here. Please start again.': 'Este código não é reconhecido aqui. Comece de novo.',
  'Scan your card or type your name and date of birth.':
    'Passe seu cartão no leitor ou digite seu nome e sua data de nascimento.',
  // a registration badge refused at the kiosk (the lookup's reason)
  [MESSAGES.registrationNotFound]: 'Este crachá não corresponde a um cadastro deste distrito.',
  [MESSAGES.registrationPending]: 'Este cadastro ainda não foi aprovado.',
  [MESSAGES.registrationDenied]: 'Este cadastro foi recusado.',
  [MESSAGES.registrationExpired]: 'Este cadastro venceu. Peça à secretaria que o renove.',
  [MESSAGES.registrationUnderReview]: 'Este cadastro está em análise.',
  [MESSAGES.registrationSuspended]:
    'Este cadastro está suspenso enquanto um alerta de prisão é analisado. Entre em contato com o escritório do distrito escolar.',
  [MESSAGES.registrationNotThisBuilding]: 'Este cadastro não é válido neste prédio.',
  // spec 002 §8 (student information system)
  [MESSAGES.skywardFailed]:
    'Não foi possível conectar ao servidor do Skyward. Tente mais tarde ou entre em contato com o seu administrador.',
  [MESSAGES.guardiansSisError]:
    'Não foi possível obter a lista de responsáveis autorizados a buscar o aluno. Tente novamente ou entre em contato com o seu administrador.',
  [MESSAGES.kioskUnableToProcess]: 'Não foi possível processar a solicitação.',
  [MESSAGES.kioskCheckInformation]: 'Confira as informações e tente novamente.',
  // the kiosk's own sign-in and log-out
  [MESSAGES.invalidCredentials]: 'O e-mail ou a senha estão incorretos.',
  [MESSAGES.tooManyAttempts]: 'Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.',
  [MESSAGES.kioskAccountsOnly]:
    'Somente contas de totem podem entrar aqui. Os administradores usam o totem com uma conta de totem.',
  [MESSAGES.sessionExpired]: 'Sua sessão terminou. Entre novamente.',
  [MESSAGES.kioskLogoutPasswordRequired]: 'Digite a senha da conta do totem para desconectá-lo.',
  [MESSAGES.kioskLogoutPasswordWrong]: 'Esta não é a senha da conta do totem. O totem continua conectado.',
  // the public form's photo, as the server refuses it
  'The photo must be a JPEG, PNG or WebP image.': 'A foto deve ser uma imagem JPEG, PNG ou WebP.',
  'The photo is larger than 10 MB.': 'A foto tem mais de 10 MB. Escolha uma menor.',
  // names typed at the kiosk or on a public form (the one person-name rule)
  [PERSON_NAME_MESSAGES.noLetters]: 'Um nome deve conter pelo menos uma letra.',
  [PERSON_NAME_MESSAGES.characters]: 'Um nome só pode conter letras, espaços, apóstrofos, hifens e pontos.',
  Required: 'Preencha este campo.',
  // issue 28 §3: a visitor pass the kiosk refuses
  [PASS_MESSAGES.invalid]: 'Não foi possível ler este passe. Por favor, dirija-se à secretaria da escola.',
  [PASS_MESSAGES.revoked]: 'Este passe foi cancelado. Por favor, dirija-se à secretaria da escola.',
  [PASS_MESSAGES.early]:
    'Este passe ainda não é válido. Volte no horário do seu convite ou dirija-se à secretaria da escola.',
  [PASS_MESSAGES.expired]: 'Este passe expirou. Por favor, dirija-se à secretaria da escola.',
  [PASS_MESSAGES.otherBuilding]: 'Este passe é para outro prédio. Por favor, dirija-se à secretaria da escola.',
  [PASS_MESSAGES.used]: 'Este passe já foi usado.',
};
