import { LINK_CARD_DESCRIPTION_MAX, LINK_CARD_TITLE_MAX } from '@common/schemas/linkCards.ts';
import { describe, expect, it } from 'vitest';
import { readCard } from './readCard.ts';

const PAGE = 'https://kitchen.example/posts/sourdough';

describe('readCard', () => {
  it('prefers Open Graph, then Twitter, then the title and meta description', () => {
    const og = readCard(
      `<head><title>Page title</title>
       <meta name="description" content="Meta words">
       <meta property="og:title" content="OG &amp; title">
       <meta name="twitter:title" content="Twitter title">
       <meta property="og:image" content="/img/bread.jpg">
       <meta property="og:site_name" content="Parish Kitchen"></head>`,
      PAGE,
    );
    expect(og).toEqual({
      title: 'OG & title',
      description: 'Meta words',
      site: 'Parish Kitchen',
      imageUrl: 'https://kitchen.example/img/bread.jpg',
    });
    const twitter = readCard(
      '<meta name="twitter:title" content="Tw"><meta name="twitter:image" content="https://cdn.example/a.png">',
      PAGE,
    );
    expect(twitter).toEqual({
      title: 'Tw',
      description: '',
      site: 'kitchen.example',
      imageUrl: 'https://cdn.example/a.png',
    });
  });

  it('gives no card for a page without a title', () => {
    expect(readCard('<p>Hello</p><meta name="description" content="Only this">', PAGE)).toBeNull();
    expect(readCard('', PAGE)).toBeNull();
    expect(readCard('<title>   \n  </title>', PAGE)).toBeNull();
  });

  it('keeps hostile text plain, on one line and within its limits, and only web images', () => {
    const long = 'é'.repeat(5000);
    const card = readCard(
      `<meta property="og:title" content="<script>alert(1)</script>\u0000 two\n\nlines">
       <meta property="og:description" content="${long}">
       <meta property="og:image" content="javascript:alert(1)">`,
      PAGE,
    )!;
    expect(card.title).toBe('<script>alert(1)</script> two lines');
    expect([...card.description]).toHaveLength(LINK_CARD_DESCRIPTION_MAX);
    expect(card.description.endsWith('…')).toBe(true);
    expect(card.imageUrl).toBeNull();
    const emoji = readCard(`<title>${'👍'.repeat(LINK_CARD_TITLE_MAX + 5)}</title>`, PAGE)!;
    expect([...emoji.title]).toHaveLength(LINK_CARD_TITLE_MAX);
    expect(
      readCard('<title>x</title><meta property="og:image" content="data:image/png;base64,AAAA">', PAGE)!
        .imageUrl,
    ).toBeNull();
  });
});
