import {
  FONT_SIZES_PX,
  isSafeImageSrc,
  isUploadedMediaSrc,
  sanitizeLinkUrl,
  toVideoEmbedUrl,
  BLANK_LINK,
} from '@app/domain';
import Quill from 'quill';
import type { QuillOptions } from 'quill';

/**
 * The changelog editor's configuration (SPEC §2, §5 and §9), registered once when the editor's
 * lazy chunk loads.
 */

/** Quill snow's palette: 35 colours in five rows of seven. */
export const PALETTE = [
  '#000000',
  '#e60000',
  '#ff9900',
  '#ffff00',
  '#008a00',
  '#0066cc',
  '#9933ff',
  '#ffffff',
  '#facccc',
  '#ffebcc',
  '#ffffcc',
  '#cce8cc',
  '#cce0f5',
  '#ebd6ff',
  '#bbbbbb',
  '#f06666',
  '#ffc266',
  '#ffff66',
  '#66b966',
  '#66a3e0',
  '#c285ff',
  '#888888',
  '#a10000',
  '#b26b00',
  '#b2b200',
  '#006100',
  '#0047b2',
  '#6b24b2',
  '#444444',
  '#5c0000',
  '#663d00',
  '#666600',
  '#003700',
  '#002966',
  '#3d1466',
];

export const SIZES = ['small', false, 'large', 'huge'];
export const FONTS = [false, 'serif', 'monospace'];
export const ALIGNMENTS = [false, 'center', 'right', 'justify'];
export const IMAGE_TYPES = ['image/png', 'image/gif', 'image/jpeg', 'image/bmp', 'image/x-icon'];
export const HISTORY = { delay: 1000, maxStack: 100, userOnly: true };
/**
 * SPEC §9's code highlight interval. Quill's syntax module needs highlight.js, which the product
 * does not ship, so code blocks are plain; the interval applies once it is enabled.
 */
export const CODE_HIGHLIGHT_INTERVAL_MS = 1000;

export const DEFAULT_TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'link'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['clean'],
];

export const EXTENDED_TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  [{ size: SIZES }, { fontsize: [false, ...FONT_SIZES_PX] }, { font: FONTS }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ color: PALETTE }, { background: PALETTE }],
  [{ align: ALIGNMENTS }],
  [{ list: 'ordered' }, { list: 'bullet' }, { indent: '-1' }, { indent: '+1' }],
  ['blockquote', 'code-block'],
  // One way to add a picture: `media` uploads it (or a video) to the product; Quill's own `image`
  // button would embed the file as base64 in the entry.
  ['link', 'video', 'media'],
  ['clean'],
];

interface ParchmentModule {
  StyleAttributor: new (name: string, key: string, options: object) => unknown;
  Scope: { INLINE: number };
}
interface EmbedClass {
  new (...args: never[]): { domNode: HTMLElement };
  create(value: unknown): HTMLElement;
  sanitize?(url: string): string;
}

let registered = false;

/** Registers the product's formats: px font sizes, safe links, images and videos, uploaded video. */
export function registerEditorFormats() {
  if (registered) return;
  registered = true;
  const { StyleAttributor, Scope } = Quill.import('parchment') as unknown as ParchmentModule;
  const FontSize = new StyleAttributor('fontsize', 'font-size', {
    scope: Scope.INLINE,
    whitelist: [...FONT_SIZES_PX],
  });

  const Link = Quill.import('formats/link') as EmbedClass & { PROTOCOL_WHITELIST: string[] };
  class SafeLink extends Link {
    static override PROTOCOL_WHITELIST = ['http', 'https', 'mailto', 'tel'];
    static override sanitize(url: string) {
      return sanitizeLinkUrl(url);
    }
  }

  const Image = Quill.import('formats/image') as EmbedClass;
  class SafeImage extends Image {
    static override sanitize(url: string) {
      return isSafeImageSrc(url) || isUploadedMediaSrc(url) ? url : '//:0';
    }
  }

  const Video = Quill.import('formats/video') as EmbedClass;
  class EmbedVideo extends Video {
    static override sanitize(url: string) {
      return toVideoEmbedUrl(url) ?? BLANK_LINK;
    }
  }

  const BlockEmbed = Quill.import('blots/block/embed') as EmbedClass;
  /** A video file uploaded to the product, shown with the browser's own player. */
  class UploadedVideo extends BlockEmbed {
    static blotName = 'uploaded-video';
    static tagName = 'VIDEO';
    static override create(value: unknown) {
      const node = super.create(value);
      const src = String(value);
      if (isUploadedMediaSrc(src)) node.setAttribute('src', src);
      node.setAttribute('controls', 'true');
      return node;
    }
    static value(node: HTMLElement) {
      return node.getAttribute('src');
    }
  }

  Quill.register(
    {
      'formats/fontsize': FontSize,
      'formats/link': SafeLink,
      'formats/image': SafeImage,
      'formats/video': EmbedVideo,
      'formats/uploaded-video': UploadedVideo,
    } as unknown as Record<string, never>,
    true,
  );
  const icons = Quill.import('ui/icons') as Record<string, string>;
  icons.media =
    '<svg viewBox="0 0 18 18" aria-hidden="true"><rect class="ql-stroke" x="2" y="4" width="10" height="10" rx="1"/><polygon class="ql-fill" points="12 7 16 5 16 13 12 11"/><line class="ql-stroke" x1="5" x2="9" y1="9" y2="9"/><line class="ql-stroke" x1="7" x2="7" y1="7" y2="11"/></svg>';
}

export function editorOptions(extended: boolean, handlers: Record<string, () => void>): QuillOptions {
  return {
    theme: 'snow',
    placeholder: 'What changed?',
    modules: {
      toolbar: { container: extended ? EXTENDED_TOOLBAR : DEFAULT_TOOLBAR, handlers },
      history: HISTORY,
      uploader: { mimetypes: IMAGE_TYPES },
    },
  };
}
