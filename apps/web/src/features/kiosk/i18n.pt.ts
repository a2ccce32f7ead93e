import { addCatalogue } from '../../lib/i18n';
import type { kioskEn } from './i18n.en';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** Portuguese (Brazil) of the kiosk screens (issue 29 §1), keys of i18n.en.ts. */
const kioskPt: Shape<typeof kioskEn> = {
  kiosk: {
    emergency: {
      heading: 'Siga as instruções da equipe da escola',
      drill: 'Isto é um simulado.',
      paused:
        'O registro de entrada está pausado no momento. Ninguém pode registrar entrada neste totem até que isso termine.',
      Lockdown:
        'BLOQUEIO DE EMERGÊNCIA. Afaste-se de portas e janelas, fique fora de vista e em silêncio. Se você estiver fora do prédio, afaste-se do local e não tente entrar.',
      Secure:
        'PRÉDIO PROTEGIDO. As portas externas estão trancadas e ninguém pode entrar nem sair por enquanto. Aguarde aqui com calma; a equipe da escola avisará quando terminar.',
      Shelter: 'ABRIGO. Afaste-se das janelas e siga a equipe da escola até a área segura do prédio.',
      Evacuate:
        'EVACUAÇÃO. Saia do prédio com calma pela saída mais próxima e siga a equipe da escola até o ponto de encontro. Não use os elevadores.',
    },
    language: 'Idioma',
    welcome: 'Boas-vindas',
    chooseAction: 'Toque em um botão para começar.',
    back: 'Voltar',
    cancel: 'Recomeçar',
    next: 'Próximo',
    done: 'Pronto',
    loading: 'Um momento…',
    loadFailed:
      'Este totem não consegue se comunicar com o sistema da secretaria. Por favor, dirija-se à secretaria da escola.',
    retry: 'Tentar novamente',
    serverFallback: 'Não conseguimos concluir isso aqui. Por favor, dirija-se à secretaria da escola.',
    banner: {
      title: 'Antes de registrar sua entrada',
      yes: 'Sim',
      no: 'Não',
      question: 'Pergunta {{n}} de {{count}}',
      defaultQuestion1:
        'Nos últimos 14 dias, você teve contato próximo com alguém diagnosticado com uma doença contagiosa, como a COVID-19?',
      defaultQuestion2:
        'Nos últimos 30 dias, você viajou para algum país que as autoridades de saúde consideram de alto risco?',
    },
    // issue 28 §3: arrival with a visitor pass
    pass: {
      welcome: 'Boas-vindas, {{name}}',
      visiting: 'Você veio ver {{host}} em {{building}}.',
      expected: 'Você é esperado(a) em {{building}}.',
      checkIn: 'Registrar entrada',
    },
    identify: {
      titleVisitor: 'Registrar entrada como visitante',
      titleBadge: 'Registrar entrada com seu crachá',
      titleCheckOut: 'Registrar saída',
      scanHint: 'Passe sua carteira de motorista ou seu crachá no leitor, ou digite seu nome abaixo.',
      scanBadgeHint: 'Posicione seu crachá SafeVisitor sob o leitor.',
      scanning: 'Lendo seu cartão…',
      useCamera: 'Usar a câmera',
      hideCamera: 'Ocultar a câmera',
      orType: 'Ou digite seu nome e sua data de nascimento',
      firstName: 'Nome',
      lastName: 'Sobrenome',
      dob: 'Data de nascimento',
      dobHint: 'Mês / dia / ano, por exemplo 04/23/1985',
      dobPlaceholder: 'mm/dd/aaaa',
      dobInvalid: 'Digite sua data de nascimento como mês/dia/ano.',
      required: 'Por favor, preencha este campo.',
      nameCharacters: 'Um nome só pode conter letras, espaços, apóstrofos, hifens e pontos.',
      nameNoLetters: 'Um nome deve conter pelo menos uma letra.',
      notFound: 'Não encontramos você. Confira o que digitou ou dirija-se à secretaria da escola.',
      badgeRefused:
        'Este crachá não pode ser usado para registrar entrada hoje: {{reason}} Por favor, dirija-se à secretaria da escola.',
      choose: 'Qual destes é você?',
    },
    details: {
      title: 'Sobre sua visita',
      reason: 'Motivo da visita',
      personVisiting: 'Quem você vai visitar?',
      hostNoMatch: 'Não está na lista? Tudo bem: usaremos o nome que você digitou.',
    },
    photo: {
      title: 'Sua foto',
      hint: 'Olhe para a câmera e toque em “Tirar foto”.',
      take: 'Tirar foto',
      retake: 'Tirar de novo',
      use: 'Usar esta foto',
      starting: 'Ligando a câmera…',
      failed: 'A câmera não está funcionando. Por favor, dirija-se à secretaria da escola.',
      alt: 'Sua foto',
    },
    submitting: 'Enviando seu registro de entrada para a secretaria…',
    checking: 'Registrando sua entrada. Isso leva alguns segundos…',
    checkOut: {
      submit: 'Registrar saída',
      working: 'Registrando sua saída…',
      none: 'Você não tem entrada registrada neste prédio. Por favor, dirija-se à secretaria da escola.',
    },
    thankYou: {
      title: 'Obrigado',
      checkedIn: 'Sua entrada foi registrada. Pegue seu crachá na impressora e use-o em um lugar visível.',
      checkedInNoBadge: 'Sua entrada foi registrada. Por favor, retire seu crachá na secretaria da escola.',
      arrival:
        'A secretaria recebeu seu registro de entrada. Por favor, aguarde aqui: alguém vai atender você em breve.',
      checkedOut: 'Sua saída foi registrada. Tenha um bom dia!',
      queued:
        'Não conseguimos nos comunicar com o sistema da secretaria, então este totem guardou sua solicitação e vai enviá-la assim que a conexão voltar. Sua entrada ainda não foi registrada: por favor, dirija-se à secretaria da escola.',
      queuedCheckOut:
        'Não conseguimos nos comunicar com o sistema da secretaria. Sua saída ficou salva neste totem e será enviada assim que a conexão voltar.',
    },
    // issue 29 §3 (WCAG 2.2.1): a timed return to the start screen the visitor can stop
    autoReturn: {
      countdown: 'Voltando à tela inicial em {{seconds}} s.',
      stay: 'Ficar nesta tela',
      stayed: 'Esta tela fica até você voltar ao início.',
      back: 'Voltar à tela inicial',
    },
    problem: {
      title: 'Por favor, dirija-se à secretaria da escola',
      body: 'Não conseguimos concluir seu registro de entrada aqui. Por favor, vá até a secretaria da escola: a equipe já foi avisada de que você está aqui.',
      healthBody:
        'Obrigado por nos informar. Por favor, não avance mais pelo prédio: vá até a secretaria da escola, e a equipe vai ajudar você.',
      startOver: 'Voltar à tela inicial',
    },
    offline: {
      banner: 'Sem conexão com o sistema da secretaria.',
      waiting_one: '{{count}} solicitação está aguardando neste totem e será enviada quando a conexão voltar.',
      waiting_other: '{{count}} solicitações estão aguardando neste totem e serão enviadas quando a conexão voltar.',
      sending: 'A conexão voltou: enviando as solicitações em espera…',
    },
    student: {
      titleDropoff: 'Entrada de alunos',
      titlePickup: 'Saída de alunos',
      chooseTitle: 'O que você gostaria de fazer?',
      choosePickup: 'Buscar um aluno',
      chooseDropoff: 'Registrar a chegada atrasada de um aluno',
      studentId: 'Número de matrícula',
      lastName: 'Sobrenome do aluno',
      entryHint: 'Passe a carteirinha do aluno no leitor, ou digite o número de matrícula e o sobrenome.',
      check: 'Verificar',
      found: 'Olá, {{name}}.',
      guardianTitle: 'Quem vai buscar o aluno?',
      guardianHint: 'O adulto que vai buscar o aluno digita o próprio nome e a própria data de nascimento.',
      reasonTitle: 'Escolha um motivo',
      photoTitle: 'Foto',
      submitting: 'Enviando…',
      doneDropoff: 'Sua entrada foi registrada. Pegue seu comprovante de atraso na impressora e vá para a aula.',
      doneDropoffWindow:
        'Sua entrada foi registrada. Seu comprovante de atraso está pronto para imprimir: imprima-o pela janela que se abriu e depois vá para a aula.',
      doneDropoffPrinterDown:
        'Sua entrada foi registrada. A impressora não respondeu, então seu comprovante de atraso abriu em uma janela: imprima-o ali ou peça-o na secretaria, e depois vá para a aula.',
      doneDropoffNoSlip:
        'Sua entrada foi registrada. Peça seu comprovante de atraso na secretaria e depois vá para a aula.',
      donePickup: 'A saída do aluno foi registrada. Por favor, aguarde o aluno na secretaria da escola.',
      // issue 22: the one-time code, and the front office when the adult cannot be verified here
      codeSentSms: 'Enviamos um código para o seu telefone {{hint}}.',
      codeSentEmail: 'Enviamos um código para o seu e-mail {{hint}}.',
      codeHint: 'Digite os 6 dígitos. O código vale por {{minutes}} minutos.',
      codeLabel: 'Código',
      codeConfirm: 'Confirmar',
      codeWrong: 'Este código não está correto. Por favor, tente novamente.',
      codeTriesLeft_one: 'Resta {{count}} tentativa.',
      codeTriesLeft_other: 'Restam {{count}} tentativas.',
      officeTitle: 'Por favor, dirija-se à secretaria da escola',
      officeBody: 'Por favor, dirija-se à secretaria da escola para buscar {{name}}.',
      officeHelp: 'A equipe da secretaria vai ajudar você.',
      reloading: 'Recomeçando em alguns segundos…',
      unableToProcess: 'Não foi possível processar a solicitação.',
      checkInformation: 'Por favor, confira as informações e tente novamente.',
      noResults: 'Nenhum resultado encontrado.',
    },
    labels: {
      visitor: 'VISITANTE TEMPORÁRIO',
      checkIn: 'ENTRADA COM CRACHÁ SAFEVISITOR',
      checkOut: 'Saída de visitantes e voluntários',
      pickup: 'BUSCAR UM ALUNO',
      studentCheckIn: 'ENTRADA DE ALUNOS',
      studentCheckOut: 'SAÍDA DE ALUNOS',
    },
  },
};
addCatalogue('pt', kioskPt);

/** The kiosk shell, page titles and camera strings the kiosk shows, in Portuguese (Brazil). */
addCatalogue('pt', {
  titles: { kiosk: 'Totem', kioskThankYou: 'Obrigado', kioskProblem: 'Dirija-se à secretaria da escola' },
  // the kiosk sign-in page (/safe/kiosk/login) shows the language switch too
  auth: {
    email: 'E-mail',
    password: 'Senha',
    signIn: 'Entrar',
    kioskHeading: 'Acesso ao totem',
    kioskHint: 'Entre com a conta de totem deste prédio para iniciar o registro de entrada.',
    kioskAdminRedirect: 'Os administradores usam o totem com uma conta de totem.',
    kioskSignInFailed: 'O totem não conseguiu entrar. Tente novamente.',
  },
  shell: {
    kioskLabel: 'Totem de registro de entrada',
    kioskLogout: 'Desconectar o totem',
    kioskLogoutHint: 'Somente para a equipe: digite a senha da conta deste totem para desconectá-lo.',
    kioskLogoutConfirm: 'Desconectar o totem',
    kioskLogoutPasswordRequired: 'Digite a senha da conta do totem para desconectá-lo.',
    kioskLogoutWrong: 'Esta não é a senha da conta do totem. O totem continua conectado.',
    kioskLogoutLocked: 'Muitas senhas incorretas. Aguarde alguns minutos e tente novamente.',
    kioskLogoutFailed: 'Não foi possível desconectar o totem. Tente novamente.',
    loading: 'Carregando',
  },
  camera: {
    starting: 'Ligando a câmera…',
    pointAt: 'Posicione o crachá, ou o código de barras do verso da carteira de motorista, dentro do quadro.',
    preview: 'Imagem da câmera',
    denied: 'O uso da câmera não foi permitido. Use o leitor.',
    none: 'Nenhuma câmera foi encontrada. Use o leitor.',
    failed: 'Não foi possível ligar a câmera. Use o leitor.',
    decoderFailed: 'Não foi possível ler com a câmera. Use o leitor.',
  },
});
