import type { PlaceKind } from '@common/schemas/places.ts';
import { type PlaceSearch, usePlaces } from '@web/queries/places.ts';
import { Dialog, DialogHeader } from '@web/ui/Dialog.tsx';
import { FieldLabel } from '@web/ui/Field.tsx';
import { buttonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { LocateFixed, Search } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlaceResults } from './PlaceResults.tsx';
import { PLACES_TEXTS, PLACES_UI } from './texts.ts';

// About 100 m: enough to find what is near, without handing out where the member stands exactly.
const roundCoordinate = (value: number) => Math.round(value * 1000) / 1000;

/**
 * 'Find Local Churches' / 'Find Local Restaurants': search by a city or ZIP, or by the device location.
 * The lookup goes through our server (DESIGN section 6), never from the browser to OpenStreetMap.
 */
export function PlacesDialog({ kind, onClose }: { kind: PlaceKind; onClose: () => void }) {
  const { t } = useTranslation();
  const texts = PLACES_TEXTS[kind];
  const ids = { input: useId(), hint: useId() };
  const [text, setText] = useState('');
  const [search, setSearch] = useState<PlaceSearch | null>(null);
  const [near, setNear] = useState('');
  // A catalogue key (PLACES_UI), shown as t(hint).
  const [hint, setHint] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const places = usePlaces(search);
  const input = useRef<HTMLInputElement>(null);

  // After Dialog's showModal (a child's effect runs first), which would focus the Close button.
  useEffect(() => {
    input.current?.focus();
  }, []);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const q = text.trim();
    if (q.length < 2) {
      setHint(PLACES_UI.needed);
      return;
    }
    setHint(null);
    setNear(q);
    setSearch({ kind, q });
  }

  function searchNearMe() {
    if (!('geolocation' in navigator)) {
      setHint(PLACES_UI.noGeolocation);
      return;
    }
    setHint(null);
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setNear(t(PLACES_UI.yourLocation));
        setSearch({
          kind,
          lat: roundCoordinate(position.coords.latitude),
          lng: roundCoordinate(position.coords.longitude),
        });
      },
      (error) => {
        setLocating(false);
        setHint(
          error.code === error.PERMISSION_DENIED ? PLACES_UI.locationDenied : PLACES_UI.locationUnavailable,
        );
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
    );
  }

  return (
    <Dialog
      onClose={onClose}
      className="flex max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] max-w-xl flex-col rounded-2xl bg-white"
    >
      <div className="flex flex-col gap-4 overflow-y-auto p-5 sm:p-6">
        <DialogHeader size="lg" title={t(texts.title)} description={t(texts.intro)} onClose={onClose} />

        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
          <FieldLabel htmlFor={ids.input}>{t(PLACES_UI.searchLabel)}</FieldLabel>
          <div className="flex gap-2">
            <input
              ref={input}
              id={ids.input}
              type="text"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={t(PLACES_UI.searchPlaceholder)}
              maxLength={100}
              autoComplete="address-level2"
              enterKeyHint="search"
              aria-describedby={hint ? ids.hint : undefined}
              aria-invalid={hint === PLACES_UI.needed ? true : undefined}
              className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
            />
            <button type="submit" className={buttonClass}>
              <Search aria-hidden className="h-4 w-4" />
              <span>{t(PLACES_UI.search)}</span>
            </button>
          </div>
          <button
            type="button"
            onClick={searchNearMe}
            disabled={locating}
            className={`${secondaryButtonClass} self-start`}
          >
            <LocateFixed aria-hidden className="h-4 w-4" />
            {locating ? t(PLACES_UI.locating) : t(PLACES_UI.useLocation)}
          </button>
          {hint ? (
            <p id={ids.hint} role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
              {t(hint)}
            </p>
          ) : null}
        </form>

        {search ? (
          <PlaceResults
            kind={kind}
            near={near}
            result={places.data}
            loading={places.isFetching}
            error={places.error}
            onRetry={() => void places.refetch()}
          />
        ) : null}

        <p className="text-xs text-slate-400">
          <a
            href="https://www.openstreetmap.org/copyright"
            target="_blank"
            rel="noopener noreferrer"
            className="hover:underline"
          >
            {t(PLACES_UI.attribution)}
          </a>
        </p>
      </div>
    </Dialog>
  );
}
