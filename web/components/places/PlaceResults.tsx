import type { PlaceKind, PlacesResult } from '@common/schemas/places.ts';
import { ApiError } from '@web/api/client.ts';
import { Spinner } from '@web/components/Spinner.tsx';
import { ExternalLink, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { emptyText, formatDistance, listLabel, PLACES_TEXTS, PLACES_UI } from './texts.ts';

// Stands in a translated sentence for an element the sentence holds (split on it, then put back).
const SLOT = '\uE000';

/** `sentence` with `node` where its SLOT is. */
function withSlot(sentence: string, node: ReactNode) {
  const at = sentence.indexOf(SLOT);
  if (at < 0) return sentence;
  return (
    <>
      {sentence.slice(0, at)}
      {node}
      {sentence.slice(at + SLOT.length)}
    </>
  );
}

/** The dialog's lower half: what the search found, or why there is nothing to show yet. */
export function PlaceResults({
  kind,
  near,
  result,
  loading,
  error,
  onRetry,
}: {
  kind: PlaceKind;
  /** What the member searched near, as they typed it ('your location' for the device). */
  near: string;
  result: PlacesResult | undefined;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <div className="py-8">
        <Spinner label={t(PLACES_TEXTS[kind].searching)} />
      </div>
    );
  }
  if (error) {
    // 'Not found' and bad input do not change by asking again; a busy or unreachable service may.
    const status = error instanceof ApiError ? error.status : 0;
    const retryable = status === 0 || status === 429 || status >= 500;
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-2 rounded-lg bg-red-50 px-3 py-3 text-sm text-red-700"
      >
        <p>{error.message}</p>
        {retryable ? (
          <button type="button" onClick={onRetry} className="font-semibold underline hover:text-red-900">
            {t(PLACES_UI.tryAgain)}
          </button>
        ) : null}
      </div>
    );
  }
  if (!result) return null;
  const count = result.places.length;
  if (count === 0) {
    return (
      <p role="status" className="py-6 text-center text-slate-600">
        {emptyText(kind, near)}
      </p>
    );
  }
  return (
    <div className="flex min-h-0 flex-col gap-2">
      <p role="status" className="text-sm text-slate-500">
        {withSlot(
          kind === 'churches'
            ? t('{{count}} churches near {{place}}, nearest first', { count, place: SLOT })
            : t('{{count}} restaurants near {{place}}, nearest first', { count, place: SLOT }),
          <span className="font-medium text-slate-700">{result.center.label}</span>,
        )}
      </p>
      <ol aria-label={listLabel(kind, near)} className="flex flex-col gap-2">
        {result.places.map((place) => (
          <li key={place.id} className="rounded-xl border border-slate-200 p-3">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <h3 className="font-semibold break-words text-slate-900">{place.name}</h3>
                {place.detail ? <p className="text-xs text-slate-500">{place.detail}</p> : null}
              </div>
              <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-sm font-medium text-brand-700">
                {formatDistance(place.distance_km)}
              </span>
            </div>
            {place.address ? (
              <p className="mt-1 flex items-start gap-1 text-sm text-slate-600">
                <MapPin aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
                <span className="break-words">{place.address}</span>
              </p>
            ) : null}
            <a
              href={place.osm_url}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:text-brand-700 hover:underline"
            >
              {t(PLACES_UI.openInOsm)}
              <span className="sr-only"> {t('({{name}}, opens in a new tab)', { name: place.name })}</span>
              <ExternalLink aria-hidden className="h-3.5 w-3.5" />
            </a>
          </li>
        ))}
      </ol>
    </div>
  );
}
