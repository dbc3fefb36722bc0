import { RICH_TEXT_TAGS } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSS_CORPUS } from '@app/domain/testing';
import { createTestApp, type TestContext } from '../helpers.ts';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn('admin')).cookie;
});
afterAll(() => t.close());

/** Everything that could run, load or cover the page, in any spelling the sanitizer might leave. */
const ACTIVE = [
  /<script/i,
  /\son[a-z]+\s*=/i,
  /javascript:/i,
  /vbscript:/i,
  /data:text/i,
  /data:image\/svg/i,
  /srcdoc/i,
  /formaction/i,
  /srcset/i,
  /xlink:href/i,
  /expression\(/i,
  /url\(/i,
  /position\s*:/i,
  /z-index/i,
  /evil\.example/i,
  /@import/i,
  /http-equiv/i,
];
const ALLOWED_TAGS = new Set<string>(RICH_TEXT_TAGS);

describe('changelog XSS corpus', () => {
  it('has at least 30 payloads, each with a harmless marker', () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(XSS_CORPUS.map((p) => p.marker)).size).toBe(XSS_CORPUS.length);
  });

  it.each(XSS_CORPUS)('stores $name without active content, keeping its harmless text', async (payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/changelog',
      headers: { cookie: admin },
      payload: {
        content: { changeTitle: `XSS ${payload.marker}`, changeDate: 'today', changeText: payload.html },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const stored: string = response.json().changeText;
    for (const pattern of ACTIVE) expect(stored, `${pattern} in ${stored}`).not.toMatch(pattern);
    for (const [, tag] of stored.matchAll(/<([a-z][a-z0-9-]*)/gi))
      expect(ALLOWED_TAGS).toContain(tag!.toLowerCase());
    for (const [, src] of stored.matchAll(/<iframe[^>]*\ssrc="([^"]*)"/gi)) {
      expect(src).toMatch(/^https:\/\/(www\.youtube\.com\/embed\/|player\.vimeo\.com\/video\/)/);
    }
    for (const [, classes] of stored.matchAll(/class="([^"]*)"/gi)) {
      for (const name of classes!.split(' ')) expect(name).toMatch(/^ql-/);
    }
    expect(stored).toContain(payload.marker);
  });

  it('keeps what the editor produces', async () => {
    const html = [
      '<h1>Heading</h1>',
      '<p class="ql-align-center ql-indent-2"><strong>bold</strong> <em>it</em> <u>u</u> <s>s</s></p>',
      '<p><span class="ql-size-huge ql-font-serif" style="color: rgb(230, 0, 0); background-color: #ffff00; font-size: 18px;">big</span></p>',
      '<ol><li data-list="bullet">one</li><li data-list="ordered" class="ql-indent-1">two</li></ol>',
      '<p><a href="https://example.com/a?b=1" rel="noopener noreferrer" target="_blank">web</a> <a href="mailto:a@example.com" rel="noopener noreferrer" target="_blank">mail</a> <a href="tel:+123" rel="noopener noreferrer" target="_blank">tel</a></p>',
      '<p><img src="https://example.com/x.png"><img src="/uploads/abcDEF_-123.png"><img src="data:image/png;base64,iVBORw0KGgo="></p>',
      '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube.com/embed/dQw4w9WgXcQ?showinfo=0"></iframe>',
      '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://player.vimeo.com/video/76979871"></iframe>',
      '<video src="/uploads/abcDEF_-123.mp4" controls="true"></video>',
      '<blockquote>quote</blockquote>',
      '<div class="ql-code-block-container" spellcheck="false"><div class="ql-code-block">const a = 1;</div></div>',
      '<p>line<br></p>',
    ].join('');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/changelog',
      headers: { cookie: admin },
      payload: { content: { changeTitle: 'Editor output', changeDate: 'today', changeText: html } },
    });
    // Same markup, written in the sanitizer's normal form (compact styles, self-closing void tags).
    const normal = html
      .replace(
        'color: rgb(230, 0, 0); background-color: #ffff00; font-size: 18px;',
        'color:rgb(230, 0, 0);background-color:#ffff00;font-size:18px',
      )
      .replace(/<(img[^>]*|br)>/g, '<$1 />');
    expect(response.json().changeText).toBe(normal);
  });

  it('keeps pasted data images, a large one included, and rewrites video links to their players', async () => {
    // A 1 MB screenshot pasted into the editor arrives as a base64 data image.
    const big = `data:image/png;base64,${Buffer.alloc(1024 * 1024, 7).toString('base64')}`;
    const html = [
      `<p><img src="${big}"></p>`,
      '<p><img src="data:image/jpeg;name=shot.jpg;base64,/9j/4AAQSkZJRg=="></p>',
      '<iframe class="ql-video" src="https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42"></iframe>',
      '<iframe src="https://youtu.be/dQw4w9WgXcQ"></iframe>',
      '<iframe src="https://vimeo.com/76979871/8272103f6e"></iframe>',
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe>',
    ].join('');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/changelog',
      headers: { cookie: admin },
      payload: { content: { changeTitle: 'Media', changeDate: 'today', changeText: html } },
    });
    expect(response.statusCode).toBe(201);
    const stored: string = response.json().changeText;
    expect(stored).toContain(`<img src="${big}" />`);
    expect(stored).toContain('<img src="data:image/jpeg;name=shot.jpg;base64,/9j/4AAQSkZJRg==" />');
    const frames = [...stored.matchAll(/<iframe([^>]*)><\/iframe>/g)].map((match) => match[1]);
    const frame = (src: string) =>
      ` class="ql-video" frameborder="0" allowfullscreen="true" src="${src.replaceAll('&', '&amp;')}"`;
    expect(frames).toEqual([
      frame('https://www.youtube.com/embed/dQw4w9WgXcQ?showinfo=0&start=42'),
      frame('https://www.youtube.com/embed/dQw4w9WgXcQ?showinfo=0'),
      frame('https://player.vimeo.com/video/76979871?h=8272103f6e'),
      frame('https://www.youtube.com/embed/dQw4w9WgXcQ?showinfo=0'),
    ]);
  });

  it('drops data images that could run script and frames to anything but the two players', async () => {
    const html = [
      '<p>kept</p>',
      '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
      '<img src="data:text/html,<script>alert(1)</script>">',
      '<iframe src="https://evil.example/watch?v=dQw4w9WgXcQ"></iframe>',
      '<iframe src="https://www.youtube.com/redirect?q=https://evil.example/"></iframe>',
      '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
      '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    ].join('');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/changelog',
      headers: { cookie: admin },
      payload: { content: { changeTitle: 'Refused media', changeDate: 'today', changeText: html } },
    });
    expect(response.json().changeText).toBe('<p>kept</p>');
  });

  it('turns unsafe links into blank links, as the editor does', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/changelog',
      headers: { cookie: admin },
      payload: {
        content: {
          changeTitle: 'Blank link',
          changeDate: 'today',
          changeText: '<p><a href="javascript:alert(1)">x</a></p>',
        },
      },
    });
    expect(response.json().changeText).toBe(
      '<p><a href="about:blank" rel="noopener noreferrer" target="_blank">x</a></p>',
    );
  });
});
