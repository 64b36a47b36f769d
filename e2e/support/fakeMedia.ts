import config from '../../playwright.config.ts';

/**
 * Launch options for real WebRTC between pages of one Chromium: a fake camera and microphone, no
 * permission prompt, connections over the loopback interface. `test.use({ launchOptions: fakeMedia })`.
 */
export const fakeMedia = {
  ...config.use?.launchOptions,
  args: [
    ...(config.use?.launchOptions?.args ?? []),
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    '--allow-loopback-in-peer-connection',
  ],
};
