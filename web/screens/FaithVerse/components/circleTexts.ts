import type { CIRCLE_TEXTS } from '@common/schemas/circles.ts';
import { msg } from '@web/i18n/msg.ts';

/*
 * The catalogue keys of the CIRCLE_TEXTS the FaithVerse screens show (common/ cannot mark its texts
 * with msg()). Typed against CIRCLE_TEXTS: a change of wording there fails the type check until it is
 * made here too. Shown with t(CIRCLE_KEYS.…).
 */
export const CIRCLE_KEYS = {
  listHeading: msg('Join circles of faith, connect, and grow together'),
  startCircle: msg('Start a Circle'),
  noActive: msg('No active circles'),
  homeHeading: msg('FaithVerse • Live Circles'),
  liveNow: msg('Live now'),
  nothingLive: msg('Nothing live right now.'),
  requestToJoin: msg('Request to Join'),
  created: msg('Circle created!'),
  createdDescription: msg('Your faith circle is now live'),
  notFound: msg('Circle not found'),
  loadError: msg('Error loading circle'),
  connecting: msg('Connecting to stream...'),
  ended: msg('Circle ended'),
  endedDescription: msg('Media will be purged shortly.'),
  endedForGuests: msg('Circle Ended'),
  endedForGuestsDescription: msg('The host has ended this circle. Redirecting...'),
  chatFailed: msg('Chat failed'),
  cameraError: msg('Camera error'),
  /** The Janus server carrying the circle stopped answering: the circle ends (issue 29). */
  mediaServerStopped: msg('The media server stopped answering, so this circle has ended.'),
  screenError: msg('Screen share error'),
  endFailed: msg('Could not end circle'),
  full: msg('This circle is full. Try again when a guest leaves, or join another circle.'),
  hasEnded: msg('This circle has ended.'),
} as const satisfies { [K in keyof typeof CIRCLE_TEXTS]?: (typeof CIRCLE_TEXTS)[K] };
