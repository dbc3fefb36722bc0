import { LIMITS } from '../limits.ts';
import type { CommandCatalog } from './types.ts';

const { lora, fillPixels: px, videoClipSeconds: clip, batchVideoClips: clips, movie } = LIMITS;
const training = Array.from({ length: lora.createImages }, (_, index) => index + 1);

export const PT_BR: CommandCatalog = {
  commandNames: {
    fast: 'rapido',
    relax: 'relaxado',
    turbo: 'turbo',
    make: 'criar',
    describe: 'descrever',
    blend: 'misturar',
    Change: 'transformar',
    adjust: 'ajustar',
    filltall: 'preencheralto',
    fillwide: 'preencherlargo',
    fillboth: 'preenchertudo',
    video: 'vídeo',
    batchvideo: 'lotevídeo',
    rawbatchvideo: 'lotevídeobruto',
    movie: 'filme',
    speak: 'falar',
    music: 'música',
    sfx: 'efeitosonoro',
    lipsync: 'sincronialabial',
    loracreate: 'criarlora',
    loracreatefromzip: 'criarlorazip',
    myloras: 'meusloras',
    remlora: 'apagarlora',
    help: 'ajuda',
    info: 'info',
    show: 'mostrar',
    settings: 'configurações',
    'Report creation': 'Denunciar criação',
  },
  optionNames: {
    prompt: 'instrução',
    image: 'imagem',
    first: 'primeira',
    second: 'segunda',
    denoise: 'intensidade',
    text: 'texto',
    style: 'estilo',
    description: 'descrição',
    audio: 'áudio',
    name: 'nome',
    ...Object.fromEntries(training.map((n) => [`image${n}`, `imagem${n}`])),
    zip: 'zip',
    command: 'comando',
    job: 'tarefa',
  },
  texts: {
    'Run your next jobs in fast mode: they spend their price in credits.':
      'Suas próximas tarefas no modo fast: custam o preço em créditos.',
    'Run your next jobs in relax mode: no credits, on the GPUs’ free time.':
      'Suas próximas tarefas no modo relax: sem créditos, no tempo livre das GPUs.',
    'Run your next jobs in turbo mode: twice the price, ahead of fast work.':
      'Suas próximas tarefas no modo turbo: o dobro do preço, à frente do trabalho fast.',
    'Turn a text prompt into a 2×2 grid of images.':
      'Transforma uma instrução em texto em uma grade de 2×2 imagens.',
    'What to draw; weighting and flags go in here too.': 'O que desenhar; pesos e opções também vão aqui.',
    'Upload an image and get a prompt that describes it.':
      'Envie uma imagem e receba uma instrução que a descreve.',
    'The image to describe.': 'A imagem a descrever.',
    'Mix two images into a new one.': 'Mistura duas imagens em uma nova.',
    'The first image.': 'A primeira imagem.',
    'The second image.': 'A segunda imagem.',
    'Redraw your image to follow a new prompt.': 'Redesenha sua imagem de acordo com uma nova instrução.',
    'The image to change.': 'A imagem a transformar.',
    'What the image should become.': 'O que a imagem deve se tornar.',
    'How much may change: 0.1 keeps almost everything, 0.9 makes an almost new image.':
      'Quanto pode mudar: 0.1 mantém quase tudo, 0.9 cria uma imagem quase nova.',
    'Make small corrections to an image while keeping its look.':
      'Faz pequenas correções em uma imagem mantendo o seu estilo.',
    'The image to adjust.': 'A imagem a ajustar.',
    'The correction you want.': 'A correção que você quer.',
    [`Extend an image above and below with generative fill (${px} px per side).`]: `Amplia uma imagem para cima e para baixo com preenchimento generativo (${px} px por lado).`,
    'The image to extend.': 'A imagem a ampliar.',
    'What the new area should show.': 'O que a nova área deve mostrar.',
    [`Extend an image to the left and right with generative fill (${px} px per side).`]: `Amplia uma imagem para a esquerda e a direita com preenchimento generativo (${px} px por lado).`,
    [`Extend an image on all four sides with generative fill (${px} px per side).`]: `Amplia uma imagem nos quatro lados com preenchimento generativo (${px} px por lado).`,
    [`Make a ${clip}-second video clip from a prompt, or from your own image.`]: `Cria um clipe de vídeo de ${clip} segundos a partir de uma instrução ou da sua imagem.`,
    'The scene and what moves in it.': 'A cena e o que se move nela.',
    'Optional first frame to start the clip from.': 'Primeiro quadro opcional com que o clipe começa.',
    [`Make ${clips} varied clips from one prompt, to pick the best.`]: `Cria ${clips} clipes variados a partir de uma instrução, para escolher o melhor.`,
    'Raw access to the video model: more movement, less fidelity.':
      'Acesso direto ao modelo de vídeo: mais movimento, menos fidelidade.',
    'Sent to the model as you type it.': 'Enviada ao modelo exatamente como você escreve.',
    [`Make a ${movie.seconds}-second movie of ${movie.scenes} scenes with a music track.`]: `Cria um filme de ${movie.seconds} segundos em ${movie.scenes} cenas com trilha sonora.`,
    'The story, from first scene to last.': 'A história, da primeira à última cena.',
    'Turn text into speech; a voice flag picks the voice.':
      'Transforma texto em fala; uma opção de voz escolhe a voz.',
    'What to say, plus a voice flag.': 'O que dizer, mais uma opção de voz.',
    'Compose music from a description of its style.':
      'Compõe música a partir de uma descrição do seu estilo.',
    'Genre, mood, instruments, tempo.': 'Gênero, clima, instrumentos, andamento.',
    'Make a sound effect from a text description.':
      'Cria um efeito sonoro a partir de uma descrição em texto.',
    'The sound you want.': 'O som que você quer.',
    'Make a face in your image speak or sing along to your audio.':
      'Faz um rosto da sua imagem falar ou cantar junto com o seu áudio.',
    'A portrait with one clearly visible face.': 'Um retrato com um único rosto bem visível.',
    'The speech or song to sync to.': 'A fala ou a música a sincronizar.',
    [`Train your own LoRA image model from ${lora.createImages} images.`]: `Treine seu próprio modelo de imagem LoRA com ${lora.createImages} imagens.`,
    'A short name; you type it exactly after -lora.':
      'Um nome curto; você o digita exatamente depois de -lora.',
    ...Object.fromEntries(
      training.map((n) => [
        `Training image ${n} of ${lora.createImages}.`,
        `Imagem de treino ${n} de ${lora.createImages}.`,
      ]),
    ),
    [`Train a LoRA from a ZIP of ${lora.zipImages.min}-${lora.zipImages.max} png or jpg images.`]: `Treina uma LoRA com um ZIP de ${lora.zipImages.min} a ${lora.zipImages.max} imagens png ou jpg.`,
    [`A ZIP of ${lora.zipImages.min}-${lora.zipImages.max} png or jpg images.`]: `Um ZIP de ${lora.zipImages.min} a ${lora.zipImages.max} imagens png ou jpg.`,
    'List the LoRA models you have trained.': 'Lista os modelos LoRA que você treinou.',
    'Delete one of your LoRA models.': 'Apaga um dos seus modelos LoRA.',
    'The exact name of the model to delete.': 'O nome exato do modelo a apagar.',
    'Show the commands and a link to these guides.': 'Mostra os comandos e um link para os guias.',
    'A command to explain.': 'Um comando a explicar.',
    'Your plan, balances, jobs in progress and defaults.':
      'Seu plano, saldos, tarefas em andamento e padrões.',
    'Bring back a result by its job id, with its buttons.':
      'Traz de volta um resultado pelo ID da tarefa, com seus botões.',
    'The job id, as the studio shows it.': 'O ID da tarefa, como o estúdio o mostra.',
    'Choose your default aspect, privacy and LoRA weight.':
      'Escolha seu formato padrão, a privacidade e o peso da LoRA.',
  },
};
