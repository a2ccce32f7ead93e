import { addCatalogue } from '../../../lib/i18n';

/** Portuguese of the public pre-request page (issue 27 §3, issue 29 §1), keys of i18n.en.ts. */
addCatalogue('pt', {
  reunifyPublic: {
    title: 'Reencontro de alunos com as famílias',
    intro:
      '{{building}} ({{district}}) está reunindo os alunos com suas famílias. Diga quem você é e quais crianças vai buscar. A equipe vai conferir seu documento com foto antes de entregar qualquer criança.',
    adultFirst: 'Seu nome',
    adultLast: 'Seu sobrenome',
    phone: 'Celular (opcional)',
    child: 'Criança {{n}}',
    childFirst: 'Nome',
    childLast: 'Sobrenome',
    addChild: 'Adicionar outra criança',
    removeChild: 'Remover',
    submit: 'Enviar meu pedido',
    done: 'Recebemos seu pedido. Traga um documento com foto para a área de reencontro; a equipe vai chamar seu nome.',
    closed: 'Este link de reencontro não está mais aberto. Entre em contato com a escola.',
    rateLimited: 'Muitos pedidos vindos da sua conexão. Aguarde 10 minutos e tente novamente.',
    failed: 'Algo deu errado. Verifique sua conexão e tente novamente.',
    loading: 'Carregando…',
    required: 'Obrigatório',
  },
});
