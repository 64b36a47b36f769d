import { ERRORS, type ErrorCode } from '@common/errors.ts';
import { renderTemplate } from '@common/errorTemplates.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { errorText } from './errors.ts';
import { i18n } from './i18n.ts';

const error = (code: ErrorCode, params?: Record<string, string | number>) => ({
  code,
  // What the server sends: the English, rendered from the same template.
  message: renderTemplate(ERRORS[code], params),
  ...(params ? { params } : {}),
});

describe('errors in the language shown, by code and params', () => {
  afterAll(async () => {
    await i18n.changeLanguage('en-US');
  });

  it('are the English message in English', async () => {
    await i18n.changeLanguage('en-US');
    expect(errorText(error('video_too_long', { max: 10, seconds: '12.5' }))).toBe(
      'Videos can be at most 10 seconds long. This one is 12.5 seconds.',
    );
  });

  it('translate a code with its params, a plural one by count', async () => {
    await i18n.loadLanguages(['de-DE', 'fr-FR']);
    await i18n.changeLanguage('de-DE');
    expect(errorText(error('video_too_long', { max: 10, seconds: '12.5' }))).toBe(
      'Videos dürfen höchstens 10 Sekunden lang sein. Dieses ist 12.5 Sekunden lang.',
    );
    expect(errorText(error('upload_quota_files', { uploaded: 200, limit: 200 }))).toBe(
      'Du hast heute 200 Dateien hochgeladen; das Limit liegt bei 200 Dateien pro Tag. Bitte versuche es später erneut.',
    );
    await i18n.changeLanguage('fr-FR');
    expect(errorText(error('invalid_email_or_password'))).toBe('Adresse e-mail ou mot de passe incorrect.');
    expect(errorText(error('rate_limited', { count: 1 }))).toBe(
      'Trop de tentatives. Patientez 1 seconde puis réessayez.',
    );
    expect(errorText(error('rate_limited', { count: 30 }))).toBe(
      'Trop de tentatives. Patientez 30 secondes puis réessayez.',
    );
    expect(errorText(error('place_not_found', { query: 'Zzyzx, CA' }))).toBe(
      'Nous n’avons pas trouvé « Zzyzx, CA » sur la carte. Essayez un nom de ville ou un code postal.',
    );
  });

  it('show the server’s message for a code no catalogue has', async () => {
    await i18n.changeLanguage('fr-FR');
    expect(errorText({ code: 'something_new', message: 'Something new went wrong.' })).toBe(
      'Something new went wrong.',
    );
  });
});
