import { describe, expect, it } from 'vitest';
import { languageFromHeader, translator } from './translate.ts';

describe('the server’s languages', () => {
  it.each([
    ['es-ES,es;q=0.9,en;q=0.8', 'es-ES'],
    ['es-MX', 'es-ES'],
    ['pt', 'pt-BR'],
    ['en;q=0.5, de-AT;q=0.9', 'de-DE'],
    ['fr-CA, fr;q=0.9', 'fr-FR'],
    ['ja, zh;q=0.8', null],
    ['', null],
    ['de;q=0', null],
    ['*', null],
    ['x'.repeat(5000), null],
  ])('reads %j as %j', (header, language) => {
    expect(languageFromHeader(header)).toBe(language);
  });

  it('writes English as it is and other languages from their catalogue', () => {
    expect(translator('en-US')('Confirm your email')).toBe('Confirm your email');
    const spanish = translator('es-ES')('Confirm your email');
    expect(spanish).not.toBe('Confirm your email');
    expect(spanish.length).toBeGreaterThan(0);
  });
});
