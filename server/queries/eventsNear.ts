import { SHARED } from '@server/cache/declared.ts';
import { sharedValue } from '@server/cache/shared.ts';
import type { DB } from '@server/db/types.ts';
import type { Kysely } from 'kysely';

// 'Near me' (issue 26): the box around a point that the event lists filter by, and whether it holds
// few enough events to be read first (queries/events.ts listEvents).

/** Below this many events in a 'Near me' box, the box is read first rather than walked by time. */
const SPARSE_BOX = 1000;

/**
 * Whether few events (under SPARSE_BOX) have a place in the box around a point, for points within
 * about a kilometre (cache/declared.ts sparseBoxes): the answer only chooses how a list is read, never
 * what it holds. Counting takes about 0.3 ms.
 */
const sparseBoxes = sharedValue<boolean>(SHARED.sparseBoxes);

export async function isSparse(
  db: Kysely<DB>,
  point: { lat: number; lng: number; km: number },
): Promise<boolean> {
  const known = sparseBoxes(db);
  const key = `${point.lat.toFixed(2)},${point.lng.toFixed(2)},${point.km}`;
  return known.get(
    key,
    await known.version(),
    async () => (await eventsInBox(db, boxAround(point))) < SPARSE_BOX,
  );
}

/** How many events (up to SPARSE_BOX) have a place in the box: one walk of events_point_idx's keys. */
async function eventsInBox(db: Kysely<DB>, box: ReturnType<typeof boxAround>): Promise<number> {
  const row = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('events')
        .select('lat')
        .where('lat', '>=', box.minLat)
        .where('lat', '<=', box.maxLat)
        .where('lng', '>=', box.minLng)
        .where('lng', '<=', box.maxLng)
        .limit(SPARSE_BOX)
        .as('boxed'),
    )
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A box around a point that holds every place within `km` (refined by distance afterwards). */
export function boxAround(point: { lat: number; lng: number; km: number }) {
  const dLat = point.km / 111;
  const dLng = point.km / (111 * Math.max(0.01, Math.cos((point.lat * Math.PI) / 180)));
  return {
    minLat: point.lat - dLat,
    maxLat: point.lat + dLat,
    minLng: point.lng - dLng,
    maxLng: point.lng + dLng,
  };
}
