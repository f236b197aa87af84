import { describe, expect, it } from 'vitest';
import { trailerEmbedUrl, youtubeVideoId } from './trailer-embed.ts';

const embed = (id: string) => `https://www.youtube.com/embed/${id}?autoplay=1&rel=0`;

describe('trailerEmbedUrl', () => {
  it.each([
    'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    'https://youtube.com/watch?v=aqz-KE-bpKQ&t=42s',
    'https://m.youtube.com/watch?feature=share&v=aqz-KE-bpKQ',
    'http://www.youtube.com/watch?v=aqz-KE-bpKQ',
    'https://youtu.be/aqz-KE-bpKQ',
    'https://youtu.be/aqz-KE-bpKQ?si=abcdef',
    'https://www.youtube.com/embed/aqz-KE-bpKQ',
    'https://www.youtube.com/embed/aqz-KE-bpKQ?start=10',
    'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
    'https://www.youtube.com/shorts/aqz-KE-bpKQ',
    '  https://youtu.be/aqz-KE-bpKQ  ',
  ])('turns %s into the embed address with autoplay on and related videos off', (link) => {
    expect(trailerEmbedUrl(link)).toBe(embed('aqz-KE-bpKQ'));
  });

  it('keeps ids that use - and _', () => {
    expect(trailerEmbedUrl('https://youtu.be/Y-rmzh0PI3c')).toBe(embed('Y-rmzh0PI3c'));
    expect(trailerEmbedUrl('https://youtu.be/a_b-c_d-e_f')).toBe(embed('a_b-c_d-e_f'));
  });

  it('uses other web links as given', () => {
    expect(trailerEmbedUrl('https://player.vimeo.com/video/1084537')).toBe(
      'https://player.vimeo.com/video/1084537',
    );
    expect(trailerEmbedUrl('https://example.com/trailers/sintel.mp4')).toBe(
      'https://example.com/trailers/sintel.mp4',
    );
  });

  it('does not invent an id from a YouTube link whose id is not 11 characters', () => {
    expect(youtubeVideoId('https://www.youtube.com/watch?v=short')).toBeNull();
    expect(youtubeVideoId('https://youtu.be/aqz-KE-bpKQX')).toBeNull();
    expect(youtubeVideoId('https://www.youtube.com/channel/UCSMOQeBJ2RAnuFungnQOxLg')).toBeNull();
    // Such a link is still a web link, so it is used as given.
    expect(trailerEmbedUrl('https://www.youtube.com/watch?v=short')).toBe(
      'https://www.youtube.com/watch?v=short',
    );
  });

  it('does not treat look-alike hosts as YouTube', () => {
    expect(youtubeVideoId('https://youtube.com.evil.example/watch?v=aqz-KE-bpKQ')).toBeNull();
    expect(youtubeVideoId('https://notyoutube.com/watch?v=aqz-KE-bpKQ')).toBeNull();
  });

  it('gives null when there is no trailer or the link is not a web address', () => {
    expect(trailerEmbedUrl(null)).toBeNull();
    expect(trailerEmbedUrl(undefined)).toBeNull();
    expect(trailerEmbedUrl('')).toBeNull();
    expect(trailerEmbedUrl('   ')).toBeNull();
    expect(trailerEmbedUrl('not a url')).toBeNull();
    expect(trailerEmbedUrl('javascript:alert(1)')).toBeNull();
    expect(trailerEmbedUrl('data:text/html,<script>alert(1)</script>')).toBeNull();
  });
});
