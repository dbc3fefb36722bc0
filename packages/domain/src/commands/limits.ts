/** The numbers behind every command. Guides and the bot read them from here and nowhere else. */
export const LIMITS = {
  /** /video makes one clip of this length. */
  videoClipSeconds: 3,
  /** /batchvideo and /rawbatchvideo make this many varied clips. */
  batchVideoClips: 2,
  movie: { seconds: 12, scenes: 4, musicTrack: true },
  /** /make answers with a grid of images. */
  imageGrid: { columns: 2, rows: 2 },
  /** The generative fill commands add this many pixels on each side they grow. */
  fillPixels: 256,
  /** Result actions: zoom out by a factor in this range; pan grows the image by this share of its side. */
  zoom: { min: 1, max: 2 },
  panShare: 0.5,
  /** The longest side an upscale may make; a larger result is refused before anything is charged. */
  upscaleMaxSide: 4096,
  /** Denoising strength: 0.1 changes about 10%, 0.9 makes an almost entirely new image. */
  denoise: { min: 0.1, max: 0.9 },
  lora: {
    /** /loracreate takes exactly this many images. */
    createImages: 8,
    /** /loracreatefromzip takes a ZIP holding this many images. */
    zipImages: { min: 8, max: 40 },
    zipImageFormats: ['png', 'jpg'] as const,
    trainingMinutes: 15,
    /** How long one image made with a LoRA takes, roughly. */
    secondsPerImage: 60,
    weight: { min: 0.1, max: 1, default: 0.85 },
  },
  /** How many voice flags /speak knows. */
  voiceFlags: 19,
} as const;

/** Seconds of one movie scene. */
export const MOVIE_SCENE_SECONDS = LIMITS.movie.seconds / LIMITS.movie.scenes;
