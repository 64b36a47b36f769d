import { useTranslation } from 'react-i18next';

/**
 * A recipe's shape while its code or its data loads, about as tall as a short recipe, so little moves
 * when it comes. Small and apart from the card: the feed shows it before the card's chunk is there.
 */
export function RecipeSkeleton() {
  const { t } = useTranslation();
  const bar = 'animate-pulse rounded bg-orange-100';
  return (
    <div role="status" aria-label={t('Loading recipe...')} className="flex min-h-72 flex-col gap-3 py-2">
      <div className={`${bar} h-6 w-2/3`} />
      <div className={`${bar} h-4 w-1/2`} />
      <div className={`${bar} h-9 w-full max-w-sm`} />
      <div className={`${bar} h-4 w-5/6`} />
      <div className={`${bar} h-4 w-4/6`} />
      <div className={`${bar} h-4 w-3/4`} />
    </div>
  );
}
