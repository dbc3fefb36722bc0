import { LIMITS } from '../limits.ts';
import type { CommandCatalog } from './types.ts';

const { lora, fillPixels: px, videoClipSeconds: clip, batchVideoClips: clips, movie } = LIMITS;
const training = Array.from({ length: lora.createImages }, (_, index) => index + 1);

export const DE: CommandCatalog = {
  commandNames: {
    fast: 'schnell',
    relax: 'entspannt',
    turbo: 'turbo',
    make: 'erstellen',
    describe: 'beschreiben',
    blend: 'mischen',
    Change: 'verändern',
    adjust: 'anpassen',
    filltall: 'füllenhoch',
    fillwide: 'füllenbreit',
    fillboth: 'füllenrundum',
    video: 'video',
    batchvideo: 'videoserie',
    rawbatchvideo: 'rohvideoserie',
    movie: 'film',
    speak: 'sprechen',
    music: 'musik',
    sfx: 'geräusch',
    lipsync: 'lippensync',
    loracreate: 'loraerstellen',
    loracreatefromzip: 'loraauszip',
    myloras: 'meineloras',
    remlora: 'loralöschen',
    help: 'hilfe',
    info: 'info',
    show: 'zeigen',
    settings: 'einstellungen',
    'Report creation': 'Werk melden',
  },
  optionNames: {
    prompt: 'eingabe',
    image: 'bild',
    first: 'erstes',
    second: 'zweites',
    denoise: 'stärke',
    text: 'text',
    style: 'stil',
    description: 'beschreibung',
    audio: 'audio',
    name: 'name',
    ...Object.fromEntries(training.map((n) => [`image${n}`, `bild${n}`])),
    zip: 'zip',
    command: 'befehl',
    job: 'auftrag',
  },
  texts: {
    'Run your next jobs in fast mode: they spend their price in credits.':
      'Deine nächsten Aufträge im Fast-Modus: Sie kosten ihren Preis in Credits.',
    'Run your next jobs in relax mode: no credits, on the GPUs’ free time.':
      'Deine nächsten Aufträge im Relax-Modus: ohne Credits, in der freien Zeit der GPUs.',
    'Run your next jobs in turbo mode: twice the price, ahead of fast work.':
      'Deine nächsten Aufträge im Turbo-Modus: doppelter Preis, vor der Fast-Arbeit.',
    'Turn a text prompt into a 2×2 grid of images.':
      'Macht aus einer Texteingabe ein 2×2-Raster von Bildern.',
    'What to draw; weighting and flags go in here too.':
      'Was gezeichnet werden soll; Gewichtung und Flags kommen auch hierher.',
    'Upload an image and get a prompt that describes it.':
      'Lade ein Bild hoch und erhalte eine Eingabe, die es beschreibt.',
    'The image to describe.': 'Das Bild, das beschrieben werden soll.',
    'Mix two images into a new one.': 'Mischt zwei Bilder zu einem neuen.',
    'The first image.': 'Das erste Bild.',
    'The second image.': 'Das zweite Bild.',
    'Redraw your image to follow a new prompt.': 'Zeichnet dein Bild nach einer neuen Eingabe neu.',
    'The image to change.': 'Das Bild, das verändert werden soll.',
    'What the image should become.': 'Was aus dem Bild werden soll.',
    'How much may change: 0.1 keeps almost everything, 0.9 makes an almost new image.':
      'Wie viel sich ändern darf: 0.1 behält fast alles, 0.9 ergibt ein fast neues Bild.',
    'Make small corrections to an image while keeping its look.':
      'Kleine Korrekturen an einem Bild, ohne seinen Stil zu verlieren.',
    'The image to adjust.': 'Das Bild, das angepasst werden soll.',
    'The correction you want.': 'Die gewünschte Korrektur.',
    [`Extend an image above and below with generative fill (${px} px per side).`]: `Erweitert ein Bild oben und unten mit generativer Füllung (${px} px pro Seite).`,
    'The image to extend.': 'Das Bild, das erweitert werden soll.',
    'What the new area should show.': 'Was der neue Bereich zeigen soll.',
    [`Extend an image to the left and right with generative fill (${px} px per side).`]: `Erweitert ein Bild links und rechts mit generativer Füllung (${px} px pro Seite).`,
    [`Extend an image on all four sides with generative fill (${px} px per side).`]: `Erweitert ein Bild an allen vier Seiten mit generativer Füllung (${px} px pro Seite).`,
    [`Make a ${clip}-second video clip from a prompt, or from your own image.`]: `Erstellt einen ${clip}-Sekunden-Videoclip aus einer Eingabe oder deinem eigenen Bild.`,
    'The scene and what moves in it.': 'Die Szene und was sich darin bewegt.',
    'Optional first frame to start the clip from.': 'Optionales erstes Bild, mit dem der Clip beginnt.',
    [`Make ${clips} varied clips from one prompt, to pick the best.`]: `Erstellt ${clips} verschiedene Clips aus einer Eingabe, damit du den besten wählst.`,
    'Raw access to the video model: more movement, less fidelity.':
      'Direkter Zugriff auf das Videomodell: mehr Bewegung, weniger Genauigkeit.',
    'Sent to the model as you type it.': 'Geht so an das Modell, wie du sie schreibst.',
    [`Make a ${movie.seconds}-second movie of ${movie.scenes} scenes with a music track.`]: `Erstellt einen ${movie.seconds}-Sekunden-Film aus ${movie.scenes} Szenen mit Musik.`,
    'The story, from first scene to last.': 'Die Geschichte, von der ersten bis zur letzten Szene.',
    'Turn text into speech; a voice flag picks the voice.':
      'Macht aus Text Sprache; ein Stimmen-Flag wählt die Stimme.',
    'What to say, plus a voice flag.': 'Was gesagt werden soll, dazu ein Stimmen-Flag.',
    'Compose music from a description of its style.': 'Komponiert Musik nach einer Beschreibung ihres Stils.',
    'Genre, mood, instruments, tempo.': 'Genre, Stimmung, Instrumente, Tempo.',
    'Make a sound effect from a text description.': 'Erstellt einen Soundeffekt aus einer Textbeschreibung.',
    'The sound you want.': 'Das gewünschte Geräusch.',
    'Make a face in your image speak or sing along to your audio.':
      'Lässt ein Gesicht in deinem Bild zu deinem Audio sprechen oder singen.',
    'A portrait with one clearly visible face.': 'Ein Porträt mit einem deutlich sichtbaren Gesicht.',
    'The speech or song to sync to.': 'Die Sprache oder das Lied, zu dem synchronisiert wird.',
    [`Train your own LoRA image model from ${lora.createImages} images.`]: `Trainiere dein eigenes LoRA-Bildmodell aus ${lora.createImages} Bildern.`,
    'A short name; you type it exactly after -lora.':
      'Ein kurzer Name; du schreibst ihn genau so nach -lora.',
    ...Object.fromEntries(
      training.map((n) => [
        `Training image ${n} of ${lora.createImages}.`,
        `Trainingsbild ${n} von ${lora.createImages}.`,
      ]),
    ),
    [`Train a LoRA from a ZIP of ${lora.zipImages.min}-${lora.zipImages.max} png or jpg images.`]: `Trainiere eine LoRA aus einem ZIP mit ${lora.zipImages.min}-${lora.zipImages.max} png- oder jpg-Bildern.`,
    [`A ZIP of ${lora.zipImages.min}-${lora.zipImages.max} png or jpg images.`]: `Ein ZIP mit ${lora.zipImages.min}-${lora.zipImages.max} png- oder jpg-Bildern.`,
    'List the LoRA models you have trained.': 'Listet die LoRA-Modelle auf, die du trainiert hast.',
    'Delete one of your LoRA models.': 'Löscht eines deiner LoRA-Modelle.',
    'The exact name of the model to delete.': 'Der genaue Name des Modells, das gelöscht werden soll.',
    'Show the commands and a link to these guides.': 'Zeigt die Befehle und einen Link zu den Anleitungen.',
    'A command to explain.': 'Ein Befehl, der erklärt werden soll.',
    'Your plan, balances, jobs in progress and defaults.':
      'Dein Tarif, Guthaben, laufende Aufträge und Standardwerte.',
    'Bring back a result by its job id, with its buttons.':
      'Holt ein Ergebnis über seine Auftrags-ID zurück, mit seinen Schaltflächen.',
    'The job id, as the studio shows it.': 'Die Auftrags-ID, wie das Studio sie anzeigt.',
    'Choose your default aspect, privacy and LoRA weight.':
      'Wähle dein Standardformat, deine Privatsphäre und die LoRA-Gewichtung.',
  },
};
