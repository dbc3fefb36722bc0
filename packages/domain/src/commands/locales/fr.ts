import { LIMITS } from '../limits.ts';
import type { CommandCatalog } from './types.ts';

const { lora, fillPixels: px, videoClipSeconds: clip, batchVideoClips: clips, movie } = LIMITS;
const training = Array.from({ length: lora.createImages }, (_, index) => index + 1);

export const FR: CommandCatalog = {
  commandNames: {
    fast: 'rapide',
    relax: 'détente',
    turbo: 'turbo',
    make: 'créer',
    describe: 'décrire',
    blend: 'fusionner',
    Change: 'transformer',
    adjust: 'retoucher',
    filltall: 'remplirhauteur',
    fillwide: 'remplirlargeur',
    fillboth: 'remplirtout',
    video: 'vidéo',
    batchvideo: 'lotvidéo',
    rawbatchvideo: 'lotvidéobrut',
    movie: 'film',
    speak: 'parler',
    music: 'musique',
    sfx: 'bruitage',
    lipsync: 'synchrolabiale',
    loracreate: 'créerlora',
    loracreatefromzip: 'créerlorazip',
    myloras: 'mesloras',
    remlora: 'supprimerlora',
    help: 'aide',
    info: 'info',
    show: 'afficher',
    settings: 'réglages',
    'Report creation': 'Signaler la création',
  },
  optionNames: {
    prompt: 'consigne',
    image: 'image',
    first: 'première',
    second: 'seconde',
    denoise: 'intensité',
    text: 'texte',
    style: 'style',
    description: 'description',
    audio: 'audio',
    name: 'nom',
    ...Object.fromEntries(training.map((n) => [`image${n}`, `image${n}`])),
    zip: 'zip',
    command: 'commande',
    job: 'tâche',
  },
  texts: {
    'Run your next jobs in fast mode: they spend their price in credits.':
      'Vos prochaines tâches en mode fast : elles coûtent leur prix en crédits.',
    'Run your next jobs in relax mode: no credits, on the GPUs’ free time.':
      'Vos prochaines tâches en mode relax : sans crédits, sur le temps libre des GPU.',
    'Run your next jobs in turbo mode: twice the price, ahead of fast work.':
      'Vos prochaines tâches en mode turbo : le double du prix, avant le travail fast.',
    'Turn a text prompt into a 2×2 grid of images.':
      'Transforme une consigne écrite en une grille de 2×2 images.',
    'What to draw; weighting and flags go in here too.':
      'Ce qu’il faut dessiner ; pondérations et options se mettent ici aussi.',
    'Upload an image and get a prompt that describes it.':
      'Envoyez une image et recevez une consigne qui la décrit.',
    'The image to describe.': 'L’image à décrire.',
    'Mix two images into a new one.': 'Mélange deux images en une nouvelle.',
    'The first image.': 'La première image.',
    'The second image.': 'La seconde image.',
    'Redraw your image to follow a new prompt.': 'Redessine votre image selon une nouvelle consigne.',
    'The image to change.': 'L’image à transformer.',
    'What the image should become.': 'Ce que l’image doit devenir.',
    'How much may change: 0.1 keeps almost everything, 0.9 makes an almost new image.':
      'Ampleur du changement : 0.1 garde presque tout, 0.9 donne une image presque neuve.',
    'Make small corrections to an image while keeping its look.':
      'Apporte de petites corrections à une image en gardant son style.',
    'The image to adjust.': 'L’image à retoucher.',
    'The correction you want.': 'La correction souhaitée.',
    [`Extend an image above and below with generative fill (${px} px per side).`]: `Agrandit une image en haut et en bas par remplissage génératif (${px} px par côté).`,
    'The image to extend.': 'L’image à agrandir.',
    'What the new area should show.': 'Ce que la nouvelle zone doit montrer.',
    [`Extend an image to the left and right with generative fill (${px} px per side).`]: `Agrandit une image à gauche et à droite par remplissage génératif (${px} px par côté).`,
    [`Extend an image on all four sides with generative fill (${px} px per side).`]: `Agrandit une image sur les quatre côtés par remplissage génératif (${px} px par côté).`,
    [`Make a ${clip}-second video clip from a prompt, or from your own image.`]: `Crée un clip vidéo de ${clip} secondes à partir d’une consigne ou de votre image.`,
    'The scene and what moves in it.': 'La scène et ce qui y bouge.',
    'Optional first frame to start the clip from.':
      'Première image facultative par laquelle le clip commence.',
    [`Make ${clips} varied clips from one prompt, to pick the best.`]: `Crée ${clips} clips variés à partir d’une consigne, pour choisir le meilleur.`,
    'Raw access to the video model: more movement, less fidelity.':
      'Accès brut au modèle vidéo : plus de mouvement, moins de fidélité.',
    'Sent to the model as you type it.': 'Envoyée au modèle telle que vous l’écrivez.',
    [`Make a ${movie.seconds}-second movie of ${movie.scenes} scenes with a music track.`]: `Crée un film de ${movie.seconds} secondes en ${movie.scenes} scènes avec une musique.`,
    'The story, from first scene to last.': 'L’histoire, de la première à la dernière scène.',
    'Turn text into speech; a voice flag picks the voice.':
      'Transforme un texte en parole ; une option de voix choisit la voix.',
    'What to say, plus a voice flag.': 'Ce qu’il faut dire, avec une option de voix.',
    'Compose music from a description of its style.':
      'Compose de la musique d’après la description de son style.',
    'Genre, mood, instruments, tempo.': 'Genre, ambiance, instruments, tempo.',
    'Make a sound effect from a text description.': 'Crée un effet sonore à partir d’une description.',
    'The sound you want.': 'Le son souhaité.',
    'Make a face in your image speak or sing along to your audio.':
      'Fait parler ou chanter un visage de votre image sur votre audio.',
    'A portrait with one clearly visible face.': 'Un portrait avec un seul visage bien visible.',
    'The speech or song to sync to.': 'La voix ou la chanson à synchroniser.',
    [`Train your own LoRA image model from ${lora.createImages} images.`]: `Entraînez votre propre modèle d’images LoRA à partir de ${lora.createImages} images.`,
    'A short name; you type it exactly after -lora.': 'Un nom court ; vous le tapez tel quel après -lora.',
    ...Object.fromEntries(
      training.map((n) => [
        `Training image ${n} of ${lora.createImages}.`,
        `Image d’entraînement ${n} sur ${lora.createImages}.`,
      ]),
    ),
    [`Train a LoRA from a ZIP of ${lora.zipImages.min}-${lora.zipImages.max} png or jpg images.`]: `Entraîne une LoRA à partir d’un ZIP de ${lora.zipImages.min} à ${lora.zipImages.max} images png ou jpg.`,
    [`A ZIP of ${lora.zipImages.min}-${lora.zipImages.max} png or jpg images.`]: `Un ZIP de ${lora.zipImages.min} à ${lora.zipImages.max} images png ou jpg.`,
    'List the LoRA models you have trained.': 'Liste les modèles LoRA que vous avez entraînés.',
    'Delete one of your LoRA models.': 'Supprime l’un de vos modèles LoRA.',
    'The exact name of the model to delete.': 'Le nom exact du modèle à supprimer.',
    'Show the commands and a link to these guides.': 'Affiche les commandes et un lien vers les guides.',
    'A command to explain.': 'Une commande à expliquer.',
    'Your plan, balances, jobs in progress and defaults.':
      'Votre formule, vos soldes, vos tâches en cours et vos réglages.',
    'Bring back a result by its job id, with its buttons.':
      'Réaffiche un résultat à partir de son identifiant de tâche, avec ses boutons.',
    'The job id, as the studio shows it.': 'L’identifiant de la tâche, tel que le studio l’affiche.',
    'Choose your default aspect, privacy and LoRA weight.':
      'Choisissez votre format par défaut, votre confidentialité et le poids LoRA.',
  },
};
