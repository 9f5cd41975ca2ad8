/* The notifications module's public face (issue 33): the hook other features call to notify players, and the
   scheduler and push sender the app starts. */
export { type EnqueueOptions, enqueueNotifications, planEvent } from './enqueue.ts';
export { type PushMessage, PushSender } from './push.ts';
export type { NotificationPayloads } from './render.ts';
export { NotificationScheduler } from './scheduler.ts';
