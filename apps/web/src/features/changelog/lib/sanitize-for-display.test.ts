import { describe, expect, it } from 'vitest';
import { XSS_CORPUS } from '@app/domain/testing';
import { sanitizeForDisplay } from './sanitize-for-display.ts';

describe('sanitizeForDisplay', () => {
  it.each(XSS_CORPUS)('leaves nothing active of $name and keeps its harmless text', ({ html, marker }) => {
    const container = document.createElement('div');
    container.innerHTML = sanitizeForDisplay(html);
    expect(container.textContent).toContain(marker);
    for (const element of container.querySelectorAll('*')) {
      expect([
        'script',
        'svg',
        'math',
        'style',
        'form',
        'object',
        'embed',
        'meta',
        'base',
        'link',
      ]).not.toContain(element.localName);
      for (const attribute of element.getAttributeNames())
        expect(attribute).not.toMatch(/^on|srcdoc|formaction/);
      const url = element.getAttribute('href') ?? element.getAttribute('src') ?? '';
      expect(url).not.toMatch(/^\s*(javascript|vbscript|data:text|data:image\/svg)/i);
    }
    for (const frame of container.querySelectorAll('iframe')) {
      expect(frame.src).toMatch(/^https:\/\/(www\.youtube\.com\/embed|player\.vimeo\.com\/video)\//);
    }
  });

  it('keeps what the editor produces', () => {
    const html =
      '<h2 class="ql-align-center">Hi</h2><ol><li data-list="bullet">a</li></ol>' +
      '<p><a href="https://example.com/" rel="noopener noreferrer" target="_blank">x</a>' +
      '<span class="ql-size-large" style="color: rgb(230, 0, 0);">r</span></p>' +
      '<iframe class="ql-video" src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>';
    const container = document.createElement('div');
    container.innerHTML = sanitizeForDisplay(html);
    expect(container.querySelector('h2.ql-align-center')).not.toBeNull();
    expect(container.querySelector('li[data-list="bullet"]')).not.toBeNull();
    expect(container.querySelector('a')?.getAttribute('href')).toBe('https://example.com/');
    expect(container.querySelector('span.ql-size-large')?.getAttribute('style')).toContain('color');
    expect(container.querySelector('iframe.ql-video')).not.toBeNull();
  });

  it('shows raster data images and the two video players, a link to either rewritten to its player', () => {
    const container = document.createElement('div');
    container.innerHTML = sanitizeForDisplay(
      '<p><img src="data:image/png;base64,iVBORw0KGgo="><img src="data:image/gif;base64,R0lGODlh"></p>' +
        '<iframe src="https://youtu.be/dQw4w9WgXcQ?t=1m"></iframe>' +
        '<iframe src="https://vimeo.com/76979871"></iframe>',
    );
    expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      'data:image/png;base64,iVBORw0KGgo=',
      'data:image/gif;base64,R0lGODlh',
    ]);
    expect([...container.querySelectorAll('iframe')].map((frame) => frame.getAttribute('src'))).toEqual([
      'https://www.youtube.com/embed/dQw4w9WgXcQ?showinfo=0&start=60',
      'https://player.vimeo.com/video/76979871',
    ]);
    for (const frame of container.querySelectorAll('iframe')) expect(frame.className).toBe('ql-video');
  });

  it('drops script-capable data images and frames to any other place', () => {
    const html = sanitizeForDisplay(
      '<p>kept</p><img src="data:image/svg+xml;base64,PHN2Zz4="><img src="data:text/html;base64,PHA+">' +
        '<iframe src="https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ"></iframe>' +
        '<iframe src="data:text/html;base64,PHA+"></iframe><iframe srcdoc="<p>x</p>"></iframe>',
    );
    expect(html).toBe('<p>kept</p>');
  });

  it('turns an unsafe link into a blank link', () => {
    expect(sanitizeForDisplay('<a href="javascript:alert(1)">x</a>')).toContain('href="about:blank"');
  });
});
