import type { BotTexts } from './types.ts';

export const PT_BR: BotTexts = {
  queued: {
    here: 'Seu pedido está na fila. Vou te mencionar aqui quando estiver pronto.',
    dm: 'Seu pedido está na fila. Vou te mandar uma mensagem direta quando estiver pronto.',
  },
  place: (position) => (position === 0 ? 'o próximo da fila' : `na posição ${position + 1} da fila`),
  youAre: (place) => `Você é ${place}`,
  wait: (seconds) => {
    if (seconds < 60) return `cerca de ${Math.max(5, Math.ceil(seconds / 5) * 5)} segundos`;
    const minutes = Math.round(seconds / 60);
    return `cerca de ${minutes} minuto${minutes === 1 ? '' : 's'}`;
  },
  amount: (count, currency) =>
    `${count} ${currency === 'credits' ? 'crédito' : 'hipercrédito'}${count === 1 ? '' : 's'}`,
  and: ' e ',
  free: 'grátis',
  cost: (price) => `custo: ${price}`,
  mode: { fast: 'modo fast', relax: 'modo relax', turbo: 'modo turbo' },
  autoRelaxed: 'Seus créditos acabaram, então esta tarefa roda de graça no modo relax (sua configuração).',
  running: (progress) => `Em andamento…${progress ? ` ${Math.round(progress * 100)}%` : ''}`,
  done: 'Pronto',
  refundBy: (timestamp) => `Reembolsado automaticamente se não terminar até ${timestamp}.`,
  failedRefunded: 'Não foi possível concluir, e o valor foi reembolsado.',
  cancelledRefunded: 'Foi cancelado e reembolsado.',
  externalAppsOff:
    'Este servidor desativou apps externos, então o Discord mostra minhas respostas aqui só para você. Seu resultado também ficará visível só para você.',
  notHere: (command) =>
    `/${command} não pode ser usado aqui; tente em um canal de servidor ou em uma DM comigo.`,
  unknownCommand: (command) => `Não existe /${command}; digite /help para ver a lista.`,
  ready: (mention, command, prompt) =>
    `${mention} seu /${command} está pronto${prompt ? `: **${prompt}**` : '.'}`,
  failed: (mention, command, reason) => `${mention} seu /${command} falhou: ${reason}`,
  refunded: (price) => `${price} reembolsados.`,
  generatorFailed: 'o gerador falhou.',
  wasCancelled: 'foi cancelado.',
  card: { prompt: 'Instrução', cost: 'Custo', image: (index) => `Imagem ${index}` },
  resultButtons: {
    love: 'Amei',
    edit: 'Editar e gerar de novo',
    reroll: 'Gerar outra vez',
    delete: 'Apagar',
    vary: 'Variar',
    gif: 'GIF',
  },
  somethingWrong: 'Algo deu errado do nosso lado; nada foi cobrado. Tente de novo.',
  notEnough: (cost, balance, url) =>
    `Créditos insuficientes: isto custa ${cost} e você tem ${balance}. Consiga mais em ${url}`,
  buttonGone: 'Esse botão não funciona mais.',
  notSomethingICanDo: 'Isso não é algo que eu consiga fazer.',
  upload: {
    files: (count) => (count === 1 ? 'Seu arquivo' : `Seus ${count} arquivos`),
    hint: (types, mib) => `${types}; até ${mib} MiB cada.`,
    wrongType: (file, types) => `${file} não é de nenhum destes tipos: ${types}. Nada foi cobrado.`,
    tooBig: (file, mib) => `${file} tem mais de ${mib} MiB. Nada foi cobrado.`,
    wrongCount: (count) =>
      `São necessários exatamente ${count} arquivo${count === 1 ? '' : 's'}. Nada foi cobrado.`,
    notANumber: (field) => `${field} precisa ser um número. Nada foi cobrado.`,
  },
  help: {
    title: '**Comandos**',
    guides: 'Guias',
    optional: 'opcional',
    noSuch: (command, url) => `Não existe /${command}. Digite /help para ver a lista. Guias: ${url}`,
  },
  info: {
    mode: (lane, change) => `Modo: ${lane}${change ? ` (mude com ${change})` : ''}`,
    spent: (fast, turbo) => `Gasto neste período: fast ${fast} · turbo ${turbo}`,
    relaxJobs: (period, today) => `Tarefas relax neste período: ${period}${today ? ` · ${today}` : ''}`,
    relaxToday: (today, cap) => `hoje ${today} de ${cap}`,
    title: '**Sua conta**',
    freePlan: (url) => `Plano: Grátis · planos: ${url}`,
    plan: (name, details) => `Plano: ${name}${details}`,
    grants: (yearly, price) => `Todo ${yearly ? 'ano' : 'mês'} ele dá ${price}.`,
    balances: (credits, hypercredits) => `Créditos: ${credits} · Hipercréditos: ${hypercredits}`,
    unlimited: 'Ilimitados',
    noJobs: 'Tarefas em andamento: nenhuma.',
    jobsTitle: '**Tarefas em andamento**',
    runningJob: (what, progress) =>
      `• ${what}: em andamento${progress ? ` ${Math.round(progress * 100)}%` : ''}`,
    waitingJob: (what, place) => `• ${what}: ${place}`,
    more: (url) => `…e mais no estúdio: ${url}`,
    defaults: (aspect, weight, privately) =>
      `Padrões: ${aspect} · peso da LoRA ${weight} · novas criações ${privately ? 'privadas' : 'públicas'} (mude com /settings)`,
    standardWeight: 'padrão',
  },
};
