import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/index.ts';
import { ERROR_TEXT } from '@app/domain';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useUploadChangelogMediaMutation } from '../api/upload-media.ts';
import { editorOptions, registerEditorFormats } from './editor-config.ts';
import './changelog-editor.css';

registerEditorFormats();

/** The editor's HTML, or '' when it holds nothing. */
function currentHtml(quill: Quill): string {
  return quill.getLength() <= 1 && !quill.root.querySelector('img, iframe, video')
    ? ''
    : quill.root.innerHTML;
}

/** What each toolbar picker chooses, for its accessible name and tooltip. */
const PICKER_NAMES = [
  ['header', 'Heading'],
  ['size', 'Text size'],
  ['fontsize', 'Font size'],
  ['font', 'Font'],
] as const;

/**
 * Quill 2 in the snow theme. The content is uncontrolled: `initialHtml` is read when the editor
 * is created (and when the toolbar is switched), and every change is reported through onChange.
 */
export function RichTextEditor({
  initialHtml,
  onChange,
  extended,
  labelId,
}: {
  initialHtml: string;
  onChange: (html: string) => void;
  extended: boolean;
  labelId: string;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const htmlRef = useRef(initialHtml);
  const onChangeRef = useRef(onChange);
  const [uploadMedia] = useUploadChangelogMediaMutation();
  // The editor is built once per toolbar; its upload handler reads the current trigger.
  const uploadRef = useRef(uploadMedia);
  const [uploadState, setUploadState] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });

  useEffect(() => {
    onChangeRef.current = onChange;
    uploadRef.current = uploadMedia;
  }, [onChange, uploadMedia]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const host = document.createElement('div');
    container.append(host);
    // The toolbar's media handler is built before the editor it inserts into.
    const holder: { quill?: Quill } = {};
    // Where the writer was last, from their own clicks, keys and typing. Quill's toolbar focuses
    // the editor before calling a handler, which puts back the editor's saved selection (the start,
    // in an editor just rebuilt for another toolbar), and the file dialog then takes the focus: so
    // an upload lands here instead, or at the end of the entry before the writer has put the cursor
    // anywhere.
    let lastIndex: number | undefined;
    const insertionPoint = (editor: Quill) =>
      Math.min(lastIndex ?? editor.getLength() - 1, editor.getLength() - 1);

    const pickMedia = () => {
      const toolbar = container.querySelector('.ql-toolbar');
      let input = toolbar?.querySelector<HTMLInputElement>('input.ql-media-file');
      if (!input) {
        input = document.createElement('input');
        input.type = 'file';
        input.accept = 'image/*,video/*';
        input.className = 'ql-media-file';
        input.hidden = true;
        input.addEventListener('change', () => {
          const file = input!.files?.[0];
          input!.value = '';
          const editor = holder.quill;
          if (!file || !editor) return;
          const index = insertionPoint(editor);
          setUploadState({ busy: true, error: null });
          uploadRef
            .current(file)
            .unwrap()
            .then((url) => {
              // Video is chosen by the file's type; everything else is inserted as an image.
              const kind = file.type.startsWith('video/') ? 'uploaded-video' : 'image';
              const at = Math.min(index, editor.getLength() - 1);
              editor.insertEmbed(at, kind, url, 'user');
              editor.setSelection(at + 1, 0, 'user');
              setUploadState({ busy: false, error: null });
            })
            .catch((error: unknown) =>
              setUploadState({ busy: false, error: apiErrorMessage(error, ERROR_TEXT.somethingWentWrong) }),
            );
        });
        toolbar?.append(input);
      }
      input.click();
    };

    const quill = new Quill(host, editorOptions(extended, { media: pickMedia }));
    holder.quill = quill;
    quill.root.setAttribute('aria-labelledby', labelId);
    quill.root.setAttribute('aria-multiline', 'true');
    quill.root.setAttribute('role', 'textbox');
    for (const [picker, name] of PICKER_NAMES) {
      const label = container.querySelector(`.ql-picker.ql-${picker} .ql-picker-label`);
      label?.setAttribute('aria-label', name);
      label?.setAttribute('title', name);
    }
    const mediaButton = container.querySelector('button.ql-media');
    mediaButton?.setAttribute('aria-label', 'Upload image or video');
    mediaButton?.setAttribute('title', 'Upload image or video');
    if (htmlRef.current) quill.setContents(quill.clipboard.convert({ html: htmlRef.current }), 'silent');
    const editor = quill;
    editor.on('selection-change', (range, _old, source) => {
      if (range && source === 'user') lastIndex = range.index + range.length;
    });
    editor.on('text-change', (_delta, _old, source) => {
      const range = source === 'user' ? editor.getSelection() : null;
      if (range) lastIndex = range.index + range.length;
      htmlRef.current = currentHtml(editor);
      onChangeRef.current(htmlRef.current);
    });
    return () => {
      container.replaceChildren();
    };
  }, [extended, labelId]);

  return (
    <div className="changelog-editor">
      <div ref={containerRef} />
      {uploadState.busy && <p role="status">Uploading…</p>}
      {uploadState.error && <Alert>{uploadState.error}</Alert>}
    </div>
  );
}
