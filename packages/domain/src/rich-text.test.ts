import { describe, expect, it } from 'vitest';
import {
  filterRichTextClasses,
  isAllowedImageSrc,
  isAllowedVideoSrc,
  filterRichTextStyle,
  isDecodableTitle,
  isSafeImageSrc,
  isVideoEmbedUrl,
  sanitizeLinkUrl,
  toVideoEmbedUrl,
  tryDecodeURIComponent,
} from './rich-text.ts';

describe('rich-text policy', () => {
  it('knows which titles decode as URI text', () => {
    expect(isDecodableTitle('Release 3.1')).toBe(true);
    expect(isDecodableTitle('a%20b')).toBe(true);
    expect(isDecodableTitle('Up 100%')).toBe(false);
    expect(isDecodableTitle('%E0%A4%A')).toBe(false);
    expect(tryDecodeURIComponent('a%20b')).toBe('a b');
    expect(tryDecodeURIComponent('50%')).toBeNull();
  });

  it('keeps http, https, mailto and tel links and blanks the rest', () => {
    for (const url of ['https://a.example/x', 'http://a.example', 'mailto:a@b.c', 'tel:+1', '/changelog'])
      expect(sanitizeLinkUrl(url)).toBe(url);
    for (const url of [
      'javascript:alert(1)',
      ' JaVaScRiPt:x',
      'java\tscript:x',
      'data:text/html,x',
      'vbscript:x',
      'sms:1',
    ])
      expect(sanitizeLinkUrl(url)).toBe('about:blank');
  });

  it('allows http, https and raster data images only', () => {
    expect(isSafeImageSrc('https://a.example/x.png')).toBe(true);
    expect(isSafeImageSrc('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(isSafeImageSrc('data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(isSafeImageSrc('javascript:alert(1)')).toBe(false);
  });

  it('rewrites YouTube and Vimeo links to embeds and allows only those frames', () => {
    expect(toVideoEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(
      'https://www.youtube.com/embed/dQw4w9WgXcQ?showinfo=0',
    );
    expect(toVideoEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe(
      'https://www.youtube.com/embed/dQw4w9WgXcQ?showinfo=0',
    );
    expect(toVideoEmbedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(toVideoEmbedUrl('https://evil.example/watch?v=1')).toBeNull();
    expect(isVideoEmbedUrl('https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ')).toBe(false);
  });

  it('rewrites every usual form of a YouTube or Vimeo link to the one embed address', () => {
    const youtube = 'https://www.youtube.com/embed/dQw4w9WgXcQ?showinfo=0';
    for (const url of [
      'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'www.youtube.com/watch?v=dQw4w9WgXcQ',
      '//www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ?origin=https://evil.example',
    ])
      expect(toVideoEmbedUrl(url), url).toBe(youtube);
    expect(toVideoEmbedUrl('https://youtu.be/dQw4w9WgXcQ?t=1m30s')).toBe(`${youtube}&start=90`);
    expect(toVideoEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42')).toBe(`${youtube}&start=42`);
    expect(toVideoEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=soon')).toBe(youtube);

    for (const url of [
      'https://vimeo.com/76979871',
      'http://www.vimeo.com/76979871',
      'https://vimeo.com/channels/staffpicks/76979871',
      'https://player.vimeo.com/video/76979871?autoplay=1&title=https://x',
    ])
      expect(toVideoEmbedUrl(url), url).toBe('https://player.vimeo.com/video/76979871');
    expect(toVideoEmbedUrl('https://vimeo.com/76979871/8272103f6e')).toBe(
      'https://player.vimeo.com/video/76979871?h=8272103f6e',
    );
  });

  it('rewrites nothing that is not one of the two video sites into a frame', () => {
    for (const url of [
      'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
      'data:text/html,<script>alert(1)</script>',
      'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ',
      'https://evilyoutube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com@evil.example/watch?v=dQw4w9WgXcQ',
      'https://user:pw@www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=dQw4w"onload="alert(1)',
      'https://www.youtube.com/watch?v=%22%3E%3Cscript%3E',
      'https://www.youtube.com/redirect?q=https://evil.example',
      'https://www.youtube.com/embed/dQw4w9WgXcQ/../../../redirect',
      'https://vimeo.com/76979871/not-a-hash"x',
      'https://vimeo.com/user/evil',
      'ftp://vimeo.com/76979871',
      'https://evil.example/watch?v=1',
    ])
      expect(toVideoEmbedUrl(url), url).toBeNull();
  });

  it('takes raster data images with parameters and refuses every other data type', () => {
    expect(isSafeImageSrc('data:image/jpeg;name=shot.jpg;base64,/9j/4AAQ')).toBe(true);
    expect(isSafeImageSrc('DATA:IMAGE/GIF;BASE64,R0lGODlh')).toBe(true);
    expect(isSafeImageSrc('data:image/webp;base64,UklGR\nlAAAA')).toBe(true);
    for (const src of [
      'data:text/html;base64,PHNjcmlwdD4=',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'data:image/png,<script>',
      'data:image/png;base64,AAAA"onerror="alert(1)',
      'data:image/png;charset=<x>;base64,AAAA',
      'data:application/xhtml+xml;base64,PHg+',
      ' data:text/html;base64,PHg+',
    ])
      expect(isSafeImageSrc(src), src).toBe(false);
  });

  it("keeps only the editor's classes and safe colour and size styles", () => {
    expect(filterRichTextClasses('ql-align-center evil ql-indent-9 ql-indent-8')).toBe(
      'ql-align-center ql-indent-8',
    );
    expect(
      filterRichTextStyle('color: #e60000; position: fixed; background-color: url(x); font-size: 18px'),
    ).toBe('color: #e60000; font-size: 18px');
    expect(filterRichTextStyle('color: expression(alert(1))')).toBe('');
  });

  it('lets images load from safe sources and uploads, videos from uploads and http(s) only', () => {
    for (const src of ['https://a.example/i.png', '/uploads/abc.png', 'data:image/png;base64,AAAA'])
      expect(isAllowedImageSrc(src), src).toBe(true);
    for (const src of ['javascript:x', 'data:image/svg+xml;base64,AAAA', 'ftp://a.example/i.png'])
      expect(isAllowedImageSrc(src), src).toBe(false);
    for (const src of ['https://a.example/v.mp4', '/uploads/abc.mp4'])
      expect(isAllowedVideoSrc(src), src).toBe(true);
    for (const src of ['data:image/png;base64,AAAA', 'javascript:x'])
      expect(isAllowedVideoSrc(src), src).toBe(false);
  });
});
