/** The viewer's IANA time zone, as the browser reports it: lists by date and the event form use it. */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
