// Headers every answer may carry, decided in one place (routes/pages/webApp.ts sets them).

/** Uploads are members' bytes: opened directly they run nothing; <img> and <video> still show them. */
export const MEDIA_CSP = "default-src 'none'; sandbox";
export const HSTS = 'max-age=31536000; includeSubDomains';
