/** Background Sync tags shared by the page (register.ts) and the service worker. */
export const OUTBOX_TAG = 'radica-outbox';
export const PULL_TAG = 'radica-pull';
