import { currentLocale } from '@web/i18n/i18n.ts';

/** Number formats of the language shown, made again only when it changes. */
let formats: { locale: string; tenths: Intl.NumberFormat; upToTenths: Intl.NumberFormat } | undefined;
function formatsFor(locale: string) {
  if (formats?.locale !== locale) {
    formats = {
      locale,
      tenths: new Intl.NumberFormat(locale, {
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
        useGrouping: false,
      }),
      upToTenths: new Intl.NumberFormat(locale, { maximumFractionDigits: 1, useGrouping: false }),
    };
  }
  return formats;
}

/**
 * Seconds to one decimal in the language shown: 12.5 → '12.5' (English), '12,5' (German). Rounded
 * as toFixed(1) rounds, so a clip reads the same length in every language.
 */
export const formatTenths = (seconds: number): string =>
  formatsFor(currentLocale()).tenths.format(Number(seconds.toFixed(1)));

/** The same without a trailing '.0': 10 → '10', 10.25 → '10.3'. */
export const formatUpToTenths = (seconds: number): string =>
  formatsFor(currentLocale()).upToTenths.format(Number(seconds.toFixed(1)));
