import type { BotTexts } from './types.ts';

export const FR: BotTexts = {
  queued: {
    here: 'Votre demande est en file d’attente. Je vous mentionnerai ici quand elle sera prête.',
    dm: 'Votre demande est en file d’attente. Je vous enverrai un message privé quand elle sera prête.',
  },
  place: (position) => (position === 0 ? 'le prochain' : `en position ${position + 1} dans la file`),
  youAre: (place) => `Vous êtes ${place}`,
  wait: (seconds) => {
    if (seconds < 60) return `environ ${Math.max(5, Math.ceil(seconds / 5) * 5)} secondes`;
    const minutes = Math.round(seconds / 60);
    return `environ ${minutes} minute${minutes === 1 ? '' : 's'}`;
  },
  amount: (count, currency) =>
    `${count} ${currency === 'credits' ? 'crédit' : 'hypercrédit'}${count > 1 ? 's' : ''}`,
  and: ' et ',
  free: 'gratuit',
  cost: (price) => `coût : ${price}`,
  mode: { fast: 'mode fast', relax: 'mode relax', turbo: 'mode turbo' },
  autoRelaxed: 'Vous n’avez plus de crédits : cette tâche passe gratuitement en mode relax (votre réglage).',
  running: (progress) => `En cours…${progress ? ` ${Math.round(progress * 100)} %` : ''}`,
  done: 'Terminé',
  refundBy: (timestamp) => `Remboursé automatiquement si ce n’est pas fini à ${timestamp}.`,
  failedRefunded: 'Elle n’a pas pu être terminée et a été remboursée.',
  cancelledRefunded: 'Elle a été annulée et remboursée.',
  externalAppsOff:
    'Ce serveur a désactivé les applications externes : Discord ne montre mes réponses ici qu’à vous. Votre résultat ne sera visible que par vous.',
  notHere: (command) =>
    `/${command} ne peut pas être utilisée ici ; essayez dans un salon de serveur ou en message privé avec moi.`,
  unknownCommand: (command) => `La commande /${command} n’existe pas ; tapez /help pour la liste.`,
  ready: (mention, command, prompt) =>
    `${mention} votre /${command} est prêt${prompt ? ` : **${prompt}**` : '.'}`,
  failed: (mention, command, reason) => `${mention} votre /${command} a échoué : ${reason}`,
  refunded: (price) => `${price} remboursé(s).`,
  generatorFailed: 'le générateur a échoué.',
  wasCancelled: 'elle a été annulée.',
  card: { prompt: 'Consigne', cost: 'Coût', image: (index) => `Image ${index}` },
  resultButtons: {
    love: 'J’adore',
    edit: 'Modifier et régénérer',
    reroll: 'Relancer',
    delete: 'Supprimer',
    vary: 'Varier',
    gif: 'GIF',
  },
  somethingWrong: 'Un problème est survenu de notre côté ; rien n’a été facturé. Veuillez réessayer.',
  notEnough: (cost, balance, url) =>
    `Crédits insuffisants : cela coûte ${cost} et vous avez ${balance}. Rechargez sur ${url}`,
  buttonGone: 'Ce bouton ne fonctionne plus.',
  notSomethingICanDo: 'Je ne sais pas faire cela.',
  upload: {
    files: (count) => (count === 1 ? 'Votre fichier' : `Vos ${count} fichiers`),
    hint: (types, mib) => `${types} ; jusqu’à ${mib} Mio chacun.`,
    wrongType: (file, types) => `${file} n’est pas de l’un de ces types : ${types}. Rien n’a été facturé.`,
    tooBig: (file, mib) => `${file} dépasse ${mib} Mio. Rien n’a été facturé.`,
    wrongCount: (count) =>
      `Il faut exactement ${count} fichier${count === 1 ? '' : 's'}. Rien n’a été facturé.`,
    notANumber: (field) => `${field} doit être un nombre. Rien n’a été facturé.`,
  },
  help: {
    title: '**Commandes**',
    guides: 'Guides',
    optional: 'facultatif',
    noSuch: (command, url) =>
      `La commande /${command} n’existe pas. Tapez /help pour la liste. Guides : ${url}`,
  },
  info: {
    mode: (lane, change) => `Mode : ${lane}${change ? ` (changer avec ${change})` : ''}`,
    spent: (fast, turbo) => `Dépensé sur la période : fast ${fast} · turbo ${turbo}`,
    relaxJobs: (period, today) => `Tâches relax sur la période : ${period}${today ? ` · ${today}` : ''}`,
    relaxToday: (today, cap) => `aujourd’hui ${today} sur ${cap}`,
    title: '**Votre compte**',
    freePlan: (url) => `Formule : Gratuite · formules : ${url}`,
    plan: (name, details) => `Formule : ${name}${details}`,
    grants: (yearly, price) => `Chaque ${yearly ? 'année' : 'mois'}, elle donne ${price}.`,
    balances: (credits, hypercredits) => `Crédits : ${credits} · Hypercrédits : ${hypercredits}`,
    unlimited: 'Illimités',
    noJobs: 'Tâches en cours : aucune.',
    jobsTitle: '**Tâches en cours**',
    runningJob: (what, progress) =>
      `• ${what} : en cours${progress ? ` ${Math.round(progress * 100)} %` : ''}`,
    waitingJob: (what, place) => `• ${what} : ${place}`,
    more: (url) => `…et d’autres dans le studio : ${url}`,
    defaults: (aspect, weight, privately) =>
      `Réglages : ${aspect} · poids LoRA ${weight} · nouvelles créations ${privately ? 'privées' : 'publiques'} (à changer avec /settings)`,
    standardWeight: 'standard',
  },
};
