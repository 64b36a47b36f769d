import type { PlaceKind } from '@common/schemas/places.ts';
import { secondaryButtonClass } from '@web/ui/styles.ts';
import { Church, UtensilsCrossed } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlacesDialog } from './PlacesDialog.tsx';
import { PLACES_TEXTS } from './texts.ts';

/** 'Find Local Churches' on /prayer, 'Find Local Restaurants' on /food: opens the search dialog. */
export function FindPlacesButton({ kind }: { kind: PlaceKind }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const Icon = kind === 'churches' ? Church : UtensilsCrossed;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={`${secondaryButtonClass} shrink-0 self-start`}
      >
        <Icon aria-hidden className="h-4 w-4" />
        {t(PLACES_TEXTS[kind].title)}
      </button>
      {open ? <PlacesDialog kind={kind} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
