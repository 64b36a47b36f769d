/**
 * Whether Splikz can reach its server: false while the device says it is offline, or since a request
 * failed for want of a network (the device may think it is online behind a dead link or a captive
 * portal), until a request gets through again.
 */
let unreachable = false;
const listeners = new Set<() => void>();
const RECHECK_MS = 5000;
let recheck: ReturnType<typeof setInterval> | undefined;

/** While unreachable, asks the server every few seconds, so the notice goes by itself. */
function watchForReturn() {
  if (recheck) return;
  recheck = setInterval(() => {
    fetch('/api/health', { cache: 'no-store' }).then(
      (response) => {
        if (response.ok) reportNetworkSuccess();
      },
      () => {},
    );
  }, RECHECK_MS);
}

function changed() {
  for (const listener of listeners) listener();
}

export function reportNetworkFailure() {
  if (unreachable) return;
  unreachable = true;
  watchForReturn();
  changed();
}

export function reportNetworkSuccess() {
  clearInterval(recheck);
  recheck = undefined;
  if (!unreachable) return;
  unreachable = false;
  changed();
}

export function subscribeToConnectivity(onChange: () => void) {
  listeners.add(onChange);
  const online = () => {
    // The device is back: let the next request decide.
    unreachable = false;
    onChange();
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', online);
    window.removeEventListener('offline', onChange);
  };
}

export const isConnected = () => navigator.onLine && !unreachable;
