import type { PushSubscriptionInput } from '@common/schemas/push.ts';
import { api } from '@web/api/client.ts';

/**
 * This browser's web push subscription, through the service worker (web/sw.ts shows what arrives).
 * 'unsupported': no service worker or push here (an old browser, a dev build); 'blocked': the member
 * said no to notifications for Splikz in this browser.
 */
export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return null;
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing || !import.meta.env.PROD) return existing ?? null;
  // The app registers its worker once the first screen is idle (main.tsx): opened first, a screen that
  // needs it would otherwise find none yet and say this browser cannot get push. Development has none.
  const { registerServiceWorker } = await import('./registerServiceWorker.ts');
  return registerServiceWorker();
}

export async function pushState(): Promise<PushState> {
  const reg = await registration();
  if (!reg) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return (await reg.pushManager.getSubscription()) ? 'on' : 'off';
}

/** Asks the browser (its permission prompt), subscribes with the server's key and tells the server. */
export async function turnPushOn(): Promise<PushState> {
  const reg = await registration();
  if (!reg) return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return 'blocked';
  const { public_key } = await api<{ public_key: string }>('/api/push/key');
  const subscription = await reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: public_key,
  });
  await api('/api/push/subscription', {
    method: 'PUT',
    body: subscription.toJSON() as PushSubscriptionInput,
  });
  return 'on';
}

export async function turnPushOff(): Promise<PushState> {
  const reg = await registration();
  const subscription = await reg?.pushManager.getSubscription();
  if (subscription) {
    await api('/api/push/subscription', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return reg ? 'off' : 'unsupported';
}
