import { LIMITS } from '../limits.ts';
import type { CommandCatalog } from './types.ts';

const { lora, fillPixels: px, videoClipSeconds: clip, batchVideoClips: clips, movie } = LIMITS;
const training = Array.from({ length: lora.createImages }, (_, index) => index + 1);

export const ES_ES: CommandCatalog = {
  commandNames: {
    fast: 'rapido',
    relax: 'relajado',
    turbo: 'turbo',
    make: 'crear',
    describe: 'describir',
    blend: 'mezclar',
    Change: 'transformar',
    adjust: 'ajustar',
    filltall: 'rellenaralto',
    fillwide: 'rellenarancho',
    fillboth: 'rellenartodo',
    video: 'vídeo',
    batchvideo: 'lotevídeo',
    rawbatchvideo: 'lotevídeobruto',
    movie: 'película',
    speak: 'hablar',
    music: 'música',
    sfx: 'efectosonido',
    lipsync: 'sincronizarlabios',
    loracreate: 'crearlora',
    loracreatefromzip: 'crearlorazip',
    myloras: 'misloras',
    remlora: 'borrarlora',
    help: 'ayuda',
    info: 'info',
    show: 'mostrar',
    settings: 'ajustes',
    'Report creation': 'Denunciar creación',
  },
  optionNames: {
    prompt: 'indicación',
    image: 'imagen',
    first: 'primera',
    second: 'segunda',
    denoise: 'intensidad',
    text: 'texto',
    style: 'estilo',
    description: 'descripción',
    audio: 'audio',
    name: 'nombre',
    ...Object.fromEntries(training.map((n) => [`image${n}`, `imagen${n}`])),
    zip: 'zip',
    command: 'comando',
    job: 'trabajo',
  },
  texts: {
    'Run your next jobs in fast mode: they spend their price in credits.':
      'Tus próximas tareas en modo fast: cuestan su precio en créditos.',
    'Run your next jobs in relax mode: no credits, on the GPUs’ free time.':
      'Tus próximas tareas en modo relax: sin créditos, en el tiempo libre de las GPU.',
    'Run your next jobs in turbo mode: twice the price, ahead of fast work.':
      'Tus próximas tareas en modo turbo: el doble de precio, antes que el trabajo fast.',
    'Turn a text prompt into a 2×2 grid of images.':
      'Convierte una indicación de texto en una cuadrícula de 2×2 imágenes.',
    'What to draw; weighting and flags go in here too.':
      'Qué dibujar; los pesos y las opciones también van aquí.',
    'Upload an image and get a prompt that describes it.':
      'Sube una imagen y recibe una indicación que la describe.',
    'The image to describe.': 'La imagen que se describirá.',
    'Mix two images into a new one.': 'Mezcla dos imágenes en una nueva.',
    'The first image.': 'La primera imagen.',
    'The second image.': 'La segunda imagen.',
    'Redraw your image to follow a new prompt.': 'Vuelve a dibujar tu imagen según una nueva indicación.',
    'The image to change.': 'La imagen que se transformará.',
    'What the image should become.': 'En qué debe convertirse la imagen.',
    'How much may change: 0.1 keeps almost everything, 0.9 makes an almost new image.':
      'Cuánto puede cambiar: 0.1 conserva casi todo, 0.9 crea una imagen casi nueva.',
    'Make small corrections to an image while keeping its look.':
      'Hace pequeñas correcciones a una imagen sin perder su estilo.',
    'The image to adjust.': 'La imagen que se ajustará.',
    'The correction you want.': 'La corrección que quieres.',
    [`Extend an image above and below with generative fill (${px} px per side).`]: `Amplía una imagen por arriba y por abajo con relleno generativo (${px} px por lado).`,
    'The image to extend.': 'La imagen que se ampliará.',
    'What the new area should show.': 'Qué debe mostrar la nueva zona.',
    [`Extend an image to the left and right with generative fill (${px} px per side).`]: `Amplía una imagen a izquierda y derecha con relleno generativo (${px} px por lado).`,
    [`Extend an image on all four sides with generative fill (${px} px per side).`]: `Amplía una imagen por los cuatro lados con relleno generativo (${px} px por lado).`,
    [`Make a ${clip}-second video clip from a prompt, or from your own image.`]: `Crea un clip de vídeo de ${clip} segundos a partir de una indicación o de tu imagen.`,
    'The scene and what moves in it.': 'La escena y lo que se mueve en ella.',
    'Optional first frame to start the clip from.': 'Primer fotograma opcional con el que empieza el clip.',
    [`Make ${clips} varied clips from one prompt, to pick the best.`]: `Crea ${clips} clips distintos a partir de una indicación, para elegir el mejor.`,
    'Raw access to the video model: more movement, less fidelity.':
      'Acceso directo al modelo de vídeo: más movimiento, menos fidelidad.',
    'Sent to the model as you type it.': 'Se envía al modelo tal como la escribes.',
    [`Make a ${movie.seconds}-second movie of ${movie.scenes} scenes with a music track.`]: `Crea una película de ${movie.seconds} segundos en ${movie.scenes} escenas con música.`,
    'The story, from first scene to last.': 'La historia, de la primera escena a la última.',
    'Turn text into speech; a voice flag picks the voice.':
      'Convierte texto en voz; una opción de voz elige la voz.',
    'What to say, plus a voice flag.': 'Qué decir, más una opción de voz.',
    'Compose music from a description of its style.':
      'Compone música a partir de una descripción de su estilo.',
    'Genre, mood, instruments, tempo.': 'Género, ambiente, instrumentos, tempo.',
    'Make a sound effect from a text description.': 'Crea un efecto de sonido a partir de una descripción.',
    'The sound you want.': 'El sonido que quieres.',
    'Make a face in your image speak or sing along to your audio.':
      'Hace que una cara de tu imagen hable o cante al ritmo de tu audio.',
    'A portrait with one clearly visible face.': 'Un retrato con una sola cara bien visible.',
    'The speech or song to sync to.': 'La voz o la canción que se sincronizará.',
    [`Train your own LoRA image model from ${lora.createImages} images.`]: `Entrena tu propio modelo de imagen LoRA con ${lora.createImages} imágenes.`,
    'A short name; you type it exactly after -lora.':
      'Un nombre corto; lo escribes tal cual después de -lora.',
    ...Object.fromEntries(
      training.map((n) => [
        `Training image ${n} of ${lora.createImages}.`,
        `Imagen de entrenamiento ${n} de ${lora.createImages}.`,
      ]),
    ),
    [`Train a LoRA from a ZIP of ${lora.zipImages.min}-${lora.zipImages.max} png or jpg images.`]: `Entrena una LoRA con un ZIP de ${lora.zipImages.min} a ${lora.zipImages.max} imágenes png o jpg.`,
    [`A ZIP of ${lora.zipImages.min}-${lora.zipImages.max} png or jpg images.`]: `Un ZIP de ${lora.zipImages.min} a ${lora.zipImages.max} imágenes png o jpg.`,
    'List the LoRA models you have trained.': 'Muestra los modelos LoRA que has entrenado.',
    'Delete one of your LoRA models.': 'Borra uno de tus modelos LoRA.',
    'The exact name of the model to delete.': 'El nombre exacto del modelo que se borrará.',
    'Show the commands and a link to these guides.': 'Muestra los comandos y un enlace a las guías.',
    'A command to explain.': 'Un comando que explicar.',
    'Your plan, balances, jobs in progress and defaults.':
      'Tu plan, saldos, trabajos en curso y valores predeterminados.',
    'Bring back a result by its job id, with its buttons.':
      'Recupera un resultado por su ID de trabajo, con sus botones.',
    'The job id, as the studio shows it.': 'El ID del trabajo, tal como lo muestra el estudio.',
    'Choose your default aspect, privacy and LoRA weight.':
      'Elige tu formato predeterminado, la privacidad y el peso de LoRA.',
  },
};
