import type { BotTexts } from './types.ts';

export const ES_ES: BotTexts = {
  queued: {
    here: 'Tu solicitud está en cola. Te mencionaré aquí cuando esté lista.',
    dm: 'Tu solicitud está en cola. Te enviaré un mensaje directo cuando esté lista.',
  },
  place: (position) => (position === 0 ? 'el siguiente' : `en la posición ${position + 1} de la cola`),
  youAre: (place) => `Estás ${place}`,
  wait: (seconds) => {
    if (seconds < 60) return `unos ${Math.max(5, Math.ceil(seconds / 5) * 5)} segundos`;
    const minutes = Math.round(seconds / 60);
    return `unos ${minutes} minuto${minutes === 1 ? '' : 's'}`;
  },
  amount: (count, currency) =>
    `${count} ${currency === 'credits' ? 'crédito' : 'hipercrédito'}${count === 1 ? '' : 's'}`,
  and: ' y ',
  free: 'gratis',
  cost: (price) => `coste: ${price}`,
  mode: { fast: 'modo fast', relax: 'modo relax', turbo: 'modo turbo' },
  autoRelaxed: 'Te has quedado sin créditos, así que esta tarea se ejecuta gratis en modo relax (tu ajuste).',
  running: (progress) => `En marcha…${progress ? ` ${Math.round(progress * 100)} %` : ''}`,
  done: 'Hecho',
  refundBy: (timestamp) => `Se reembolsa automáticamente si no termina antes de las ${timestamp}.`,
  failedRefunded: 'No se pudo terminar y se ha reembolsado.',
  cancelledRefunded: 'Se ha cancelado y reembolsado.',
  externalAppsOff:
    'Este servidor ha desactivado las aplicaciones externas, así que Discord solo te muestra mis respuestas a ti. Tu resultado también será visible solo para ti.',
  notHere: (command) =>
    `/${command} no se puede usar aquí; pruébalo en un canal de servidor o en un MD conmigo.`,
  unknownCommand: (command) => `No existe /${command}; escribe /help para ver la lista.`,
  ready: (mention, command, prompt) =>
    `${mention} tu /${command} está listo${prompt ? `: **${prompt}**` : '.'}`,
  failed: (mention, command, reason) => `${mention} tu /${command} ha fallado: ${reason}`,
  refunded: (price) => `${price} reembolsados.`,
  generatorFailed: 'el generador ha fallado.',
  wasCancelled: 'se ha cancelado.',
  card: { prompt: 'Indicación', cost: 'Coste', image: (index) => `Imagen ${index}` },
  resultButtons: {
    love: 'Me encanta',
    edit: 'Editar y regenerar',
    reroll: 'Repetir',
    delete: 'Eliminar',
    vary: 'Variar',
    gif: 'GIF',
  },
  somethingWrong: 'Algo ha fallado por nuestra parte; no se ha cobrado nada. Vuelve a intentarlo.',
  notEnough: (cost, balance, url) =>
    `No tienes suficientes créditos: esto cuesta ${cost} y tienes ${balance}. Consigue más en ${url}`,
  buttonGone: 'Ese botón ya no funciona.',
  notSomethingICanDo: 'Eso no es algo que pueda hacer.',
  upload: {
    files: (count) => (count === 1 ? 'Tu archivo' : `Tus ${count} archivos`),
    hint: (types, mib) => `${types}; hasta ${mib} MiB cada uno.`,
    wrongType: (file, types) => `${file} no es de ninguno de estos tipos: ${types}. No se ha cobrado nada.`,
    tooBig: (file, mib) => `${file} ocupa más de ${mib} MiB. No se ha cobrado nada.`,
    wrongCount: (count) =>
      `Hacen falta exactamente ${count} archivo${count === 1 ? '' : 's'}. No se ha cobrado nada.`,
    notANumber: (field) => `${field} debe ser un número. No se ha cobrado nada.`,
  },
  help: {
    title: '**Comandos**',
    guides: 'Guías',
    optional: 'opcional',
    noSuch: (command, url) => `No existe /${command}. Escribe /help para ver la lista. Guías: ${url}`,
  },
  info: {
    mode: (lane, change) => `Modo: ${lane}${change ? ` (cámbialo con ${change})` : ''}`,
    spent: (fast, turbo) => `Gastado en este periodo: fast ${fast} · turbo ${turbo}`,
    relaxJobs: (period, today) => `Tareas relax en este periodo: ${period}${today ? ` · ${today}` : ''}`,
    relaxToday: (today, cap) => `hoy ${today} de ${cap}`,
    title: '**Tu cuenta**',
    freePlan: (url) => `Plan: Gratis · planes: ${url}`,
    plan: (name, details) => `Plan: ${name}${details}`,
    grants: (yearly, price) => `Cada ${yearly ? 'año' : 'mes'} te da ${price}.`,
    balances: (credits, hypercredits) => `Créditos: ${credits} · Hipercréditos: ${hypercredits}`,
    unlimited: 'Ilimitados',
    noJobs: 'Trabajos en curso: ninguno.',
    jobsTitle: '**Trabajos en curso**',
    runningJob: (what, progress) =>
      `• ${what}: en marcha${progress ? ` ${Math.round(progress * 100)} %` : ''}`,
    waitingJob: (what, place) => `• ${what}: ${place}`,
    more: (url) => `…y más en el estudio: ${url}`,
    defaults: (aspect, weight, privately) =>
      `Predeterminados: ${aspect} · peso LoRA ${weight} · creaciones nuevas ${privately ? 'privadas' : 'públicas'} (cámbialo con /settings)`,
    standardWeight: 'estándar',
  },
};
