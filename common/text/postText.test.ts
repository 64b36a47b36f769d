import { describe, expect, it } from 'vitest';
import { hashtagsOf, isTag, mentionedUsernames, normalizeTag, splitText } from './postText.ts';

describe('hashtags', () => {
  it('reads tags of any script, case-folded, each once', () => {
    expect(hashtagsOf('Day one of the #Sourdough starter #sourdough #EasterVigil')).toEqual([
      'sourdough',
      'eastervigil',
    ]);
    expect(hashtagsOf('#café #Καλημέρα #日本語 #ñandú_2026')).toEqual([
      'café',
      'καλημέρα',
      '日本語',
      'ñandú_2026',
    ]);
    expect(hashtagsOf('(#prayer), #food! and #faith.')).toEqual(['prayer', 'food', 'faith']);
  });

  it('leaves out what is not a tag: inside words and links, digits alone, a lone #', () => {
    expect(hashtagsOf('C# and F#, page#section, a#b')).toEqual([]);
    expect(hashtagsOf('See https://example.com/post#comments and http://x.test/#/tags')).toEqual([]);
    expect(hashtagsOf('We are #1 and # alone')).toEqual([]);
    expect(hashtagsOf('##double')).toEqual([]);
    expect(hashtagsOf('mail me@host#tag')).toEqual([]);
  });

  it('splits a text into its runs, links and tags, keeping every character', () => {
    const text = 'Bread #Rye at https://bakery.example/rye. Yum #2';
    const parts = splitText(text);
    expect(parts).toEqual([
      { kind: 'text', text: 'Bread ' },
      { kind: 'tag', text: '#Rye', value: 'rye' },
      { kind: 'text', text: ' at ' },
      { kind: 'link', text: 'https://bakery.example/rye', value: 'https://bakery.example/rye' },
      { kind: 'text', text: '. Yum #2' },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe(text);
  });

  it('keeps tags to 100 characters and 30 a post', () => {
    expect(hashtagsOf(`#${'a'.repeat(100)}`)).toEqual(['a'.repeat(100)]);
    expect(hashtagsOf(`#${'a'.repeat(101)}`)).toEqual([]);
    const many = Array.from({ length: 40 }, (_, i) => `#tag${i}`).join(' ');
    expect(hashtagsOf(many)).toHaveLength(30);
  });

  it('says which names can be tags', () => {
    expect(isTag('sourdough')).toBe(true);
    expect(isTag('2026')).toBe(false);
    expect(isTag('two words')).toBe(false);
    expect(isTag('')).toBe(false);
    expect(normalizeTag('ÉASTER')).toBe('éaster');
  });

  it("reads mentions: a username after a space or a bracket, never an address or another server's handle", () => {
    const text = 'Hi @Ana, (@bob_1) mail ana@example.com or @cy@mastodon.social; @dee. #tag@eve a/@fay';
    const parts = splitText(text);
    expect(parts.filter((p) => p.kind === 'mention')).toEqual([
      { kind: 'mention', text: '@Ana', value: 'ana' },
      { kind: 'mention', text: '@bob_1', value: 'bob_1' },
      { kind: 'mention', text: '@dee', value: 'dee' },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(mentionedUsernames('@Ana @ana @bob https://example.com/@carl')).toEqual(['ana', 'bob']);
    expect(mentionedUsernames(`@${'a'.repeat(31)}`)).toEqual([]);
  });
});
