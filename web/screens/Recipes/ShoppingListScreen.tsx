import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@web/api/client.ts';
import { Spinner } from '@web/components/Spinner.tsx';
import { useDocumentTitle } from '@web/components/useDocumentTitle.ts';
import { isConnected, subscribeToConnectivity } from '@web/pwa/connectivity.ts';
import {
  useClearShoppingList,
  useRemoveShoppingItem,
  useSendPendingTicks,
  useShoppingList,
  useTickShoppingItem,
} from '@web/queries/recipes.ts';
import { sessionKeys, useKnownSession } from '@web/queries/session.ts';
import { BackLink } from '@web/ui/BackLink.tsx';
import { ConfirmDialog } from '@web/ui/ConfirmDialog.tsx';
import { EmptyState } from '@web/ui/EmptyState.tsx';
import { cardClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { ShoppingCart, WifiOff } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { AddShoppingItemForm } from './components/AddShoppingItemForm.tsx';
import { ShoppingItemRow } from './components/ShoppingItemRow.tsx';

const isNetworkError = (error: Error) => error instanceof ApiError && error.status === 0;

/**
 * /recipes/shopping (issue 28): the member's shopping list, filled from recipes ('Add to shopping
 * list') and by hand. It works with no network in the installed app: the list kept on the device shows,
 * ticks are kept and sent when the network is back (web/pwa/shoppingListStore.ts). Opened with no
 * network at all, it shows without the header (web/App.tsx OFFLINE_SCREENS).
 */
export default function ShoppingListScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('Shopping list'));
  const queryClient = useQueryClient();
  const list = useShoppingList();
  const tick = useTickShoppingItem();
  const remove = useRemoveShoppingItem();
  const clear = useClearShoppingList();
  const [confirming, setConfirming] = useState(false);
  const online = useSyncExternalStore(subscribeToConnectivity, isConnected, () => true);
  const signedIn = Boolean(useKnownSession());
  useSendPendingTicks();
  // Opened offline: once the network is back, the session loads and the screen comes with its header.
  useEffect(() => {
    if (online && !signedIn) void queryClient.invalidateQueries({ queryKey: sessionKeys.me });
  }, [online, signedIn, queryClient]);

  const items = list.data?.items ?? [];
  const ticked = items.filter((item) => item.checked).length;
  const fail = (error: Error) => toast.error(error.message);

  return (
    <main className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6">
      <div className="flex items-start gap-3">
        {signedIn ? <BackLink to="/recipes" label={t('Back to My recipes')} className="mt-0.5" /> : null}
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{t('Shopping list')}</h1>
          <p className="mt-1 text-slate-600">{t('Tick items off as you shop.')}</p>
        </div>
      </div>
      <div role="status" className="empty:hidden">
        {online ? null : (
          <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <WifiOff aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            {t('Offline — changes will sync when you are back online.')}
          </p>
        )}
      </div>
      <section aria-labelledby="shopping-add" className={`${cardClass} p-4`}>
        <h2 id="shopping-add" className="sr-only">
          {t('Add an item')}
        </h2>
        <AddShoppingItemForm disabled={!online} />
      </section>

      {list.isPending ? (
        <div className={`${cardClass} p-8`}>
          <Spinner label={t('Loading your shopping list...')} />
        </div>
      ) : !list.data ? (
        <div role="alert" className={`${cardClass} flex flex-col items-center gap-3 p-8 text-center`}>
          <p className="text-slate-700">{list.error?.message}</p>
          <button type="button" onClick={() => list.refetch()} className={secondaryButtonClass}>
            {t('Try again')}
          </button>
        </div>
      ) : items.length === 0 ? (
        <EmptyState icon={ShoppingCart} title={t('Your shopping list is empty')} />
      ) : (
        <section aria-labelledby="shopping-items" className="flex flex-col gap-3">
          <h2 id="shopping-items" className="sr-only">
            {t('Items')}
          </h2>
          <ul className={`${cardClass} divide-y divide-slate-100`}>
            {items.map((item) => (
              <ShoppingItemRow
                key={item.id}
                item={item}
                onTick={(checked) =>
                  tick.mutate(
                    { id: item.id, checked },
                    // With no network the tick waits on the device: only a refusal is news.
                    { onError: (error) => (isNetworkError(error) ? undefined : fail(error)) },
                  )
                }
                onRemove={() => remove.mutate(item.id, { onError: fail })}
                removeDisabled={!online}
              />
            ))}
          </ul>
          <div className="flex flex-wrap justify-end gap-2">
            <button
              type="button"
              onClick={() => clear.mutate('checked', { onError: fail })}
              disabled={!online || ticked === 0 || clear.isPending}
              className={secondaryButtonClass}
            >
              {t('Clear ticked')}
            </button>
            <button
              type="button"
              onClick={() => {
                clear.reset();
                setConfirming(true);
              }}
              disabled={!online}
              className={secondaryButtonClass}
            >
              {t('Clear all')}
            </button>
          </div>
        </section>
      )}
      {confirming ? (
        <ConfirmDialog
          title={t('Clear your shopping list?')}
          description={t('Every item on it will be removed.')}
          confirmLabel={t('Clear all')}
          pendingLabel={t('Clearing...')}
          pending={clear.isPending}
          error={clear.error?.message}
          onConfirm={() => clear.mutate('all', { onSuccess: () => setConfirming(false) })}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </main>
  );
}
