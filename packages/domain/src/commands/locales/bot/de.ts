import type { BotTexts } from './types.ts';

export const DE: BotTexts = {
  queued: {
    here: 'Dein Auftrag steht in der Warteschlange. Ich pinge dich hier, sobald er fertig ist.',
    dm: 'Dein Auftrag steht in der Warteschlange. Ich schicke dir eine Direktnachricht, sobald er fertig ist.',
  },
  place: (position) => (position === 0 ? 'als Nächstes dran' : `auf Platz ${position + 1} der Warteschlange`),
  youAre: (place) => `Du bist ${place}`,
  wait: (seconds) => {
    if (seconds < 60) return `etwa ${Math.max(5, Math.ceil(seconds / 5) * 5)} Sekunden`;
    const minutes = Math.round(seconds / 60);
    return `etwa ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'}`;
  },
  amount: (count, currency) =>
    `${count} ${currency === 'credits' ? (count === 1 ? 'Credit' : 'Credits') : count === 1 ? 'Hypercredit' : 'Hypercredits'}`,
  and: ' und ',
  free: 'kostenlos',
  cost: (price) => `Kosten: ${price}`,
  mode: { fast: 'Fast-Modus', relax: 'Relax-Modus', turbo: 'Turbo-Modus' },
  autoRelaxed:
    'Deine Credits sind aufgebraucht, deshalb läuft dieser Auftrag kostenlos im Relax-Modus (deine Einstellung).',
  running: (progress) => `Läuft…${progress ? ` ${Math.round(progress * 100)} %` : ''}`,
  done: 'Fertig',
  refundBy: (timestamp) => `Wird automatisch erstattet, falls nicht bis ${timestamp} fertig.`,
  failedRefunded: 'Er konnte nicht fertiggestellt werden und wurde erstattet.',
  cancelledRefunded: 'Er wurde abgebrochen und erstattet.',
  externalAppsOff:
    'Dieser Server hat externe Apps deaktiviert, daher zeigt Discord meine Antworten hier nur dir. Auch dein Ergebnis siehst nur du.',
  notHere: (command) =>
    `/${command} geht hier nicht; versuche es in einem Serverkanal oder in einer DM mit mir.`,
  unknownCommand: (command) => `Es gibt kein /${command}; tippe /help für die Liste.`,
  ready: (mention, command, prompt) =>
    `${mention} dein /${command} ist fertig${prompt ? `: **${prompt}**` : '.'}`,
  failed: (mention, command, reason) => `${mention} dein /${command} ist fehlgeschlagen: ${reason}`,
  refunded: (price) => `${price} erstattet.`,
  generatorFailed: 'der Generator ist gescheitert.',
  wasCancelled: 'er wurde abgebrochen.',
  card: { prompt: 'Eingabe', cost: 'Kosten', image: (index) => `Bild ${index}` },
  resultButtons: {
    love: 'Gefällt mir',
    edit: 'Bearbeiten & neu erstellen',
    reroll: 'Neu würfeln',
    delete: 'Löschen',
    vary: 'Variieren',
    gif: 'GIF',
  },
  somethingWrong:
    'Bei uns ist etwas schiefgelaufen; es wurde nichts berechnet. Bitte versuche es noch einmal.',
  notEnough: (cost, balance, url) =>
    `Nicht genug Credits: Das kostet ${cost} und du hast ${balance}. Mehr gibt es unter ${url}`,
  buttonGone: 'Diese Schaltfläche funktioniert nicht mehr.',
  notSomethingICanDo: 'Das kann ich leider nicht.',
  upload: {
    files: (count) => (count === 1 ? 'Deine Datei' : `Deine ${count} Dateien`),
    hint: (types, mib) => `${types}; je bis zu ${mib} MiB.`,
    wrongType: (file, types) => `${file} ist keine dieser Dateiarten: ${types}. Es wurde nichts berechnet.`,
    tooBig: (file, mib) => `${file} ist größer als ${mib} MiB. Es wurde nichts berechnet.`,
    wrongCount: (count) =>
      `Dafür braucht es genau ${count} ${count === 1 ? 'Datei' : 'Dateien'}. Es wurde nichts berechnet.`,
    notANumber: (field) => `${field} muss eine Zahl sein. Es wurde nichts berechnet.`,
  },
  help: {
    title: '**Befehle**',
    guides: 'Anleitungen',
    optional: 'optional',
    noSuch: (command, url) => `Es gibt kein /${command}. Tippe /help für die Liste. Anleitungen: ${url}`,
  },
  info: {
    mode: (lane, change) => `Modus: ${lane}${change ? ` (ändern mit ${change})` : ''}`,
    spent: (fast, turbo) => `In diesem Zeitraum ausgegeben: fast ${fast} · turbo ${turbo}`,
    relaxJobs: (period, today) => `Relax-Aufträge in diesem Zeitraum: ${period}${today ? ` · ${today}` : ''}`,
    relaxToday: (today, cap) => `heute ${today} von ${cap}`,
    title: '**Dein Konto**',
    freePlan: (url) => `Tarif: Kostenlos · Tarife: ${url}`,
    plan: (name, details) => `Tarif: ${name}${details}`,
    grants: (yearly, price) => `Jedes ${yearly ? 'Jahr' : 'Monat'} enthält er ${price}.`,
    balances: (credits, hypercredits) => `Credits: ${credits} · Hypercredits: ${hypercredits}`,
    unlimited: 'Unbegrenzt',
    noJobs: 'Laufende Aufträge: keine.',
    jobsTitle: '**Laufende Aufträge**',
    runningJob: (what, progress) => `• ${what}: läuft${progress ? ` ${Math.round(progress * 100)} %` : ''}`,
    waitingJob: (what, place) => `• ${what}: ${place}`,
    more: (url) => `…und weitere im Studio: ${url}`,
    defaults: (aspect, weight, privately) =>
      `Standardwerte: ${aspect} · LoRA-Gewichtung ${weight} · neue Werke ${privately ? 'privat' : 'öffentlich'} (ändern mit /settings)`,
    standardWeight: 'Standard',
  },
};
