import { MEDIA_MESSAGES, videoTooLongMessage } from '@common/schemas/media.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';
import { translateSentence } from './sentences.ts';

describe('the server’s sentences in the language shown', () => {
  beforeAll(async () => {
    await i18n.loadLanguages('fr-FR');
    await i18n.changeLanguage('fr-FR');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en-US');
  });

  it('translates a fixed sentence by its key', () => {
    expect(translateSentence('Invalid email or password.')).toBe('Adresse e-mail ou mot de passe incorrect.');
  });

  it('translates a sentence built from values, keeping the values', () => {
    expect(translateSentence(videoTooLongMessage(12.46))).toBe(
      'Les vidéos peuvent durer au maximum 10 secondes. Celle-ci dure 12.5 secondes.',
    );
    expect(translateSentence(MEDIA_MESSAGES.photoTooLarge)).toBe(
      'Les photos peuvent peser au maximum 10 Mo.',
    );
    expect(
      translateSentence('We could not find "Zzyzx, CA" on the map. Try a city name or a ZIP code.'),
    ).toBe('Nous n’avons pas trouvé « Zzyzx, CA » sur la carte. Essayez un nom de ville ou un code postal.');
  });

  it('leaves a sentence it does not know as the server wrote it', () => {
    expect(translateSentence('Something new went wrong.')).toBe('Something new went wrong.');
    expect(translateSentence('Videos can be at most 10 seconds long.')).toBe(
      'Videos can be at most 10 seconds long.',
    );
  });
});
