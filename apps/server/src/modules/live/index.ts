/* The live module's public face: the channel its events travel on between instances. */
export { LIVE_CHANNEL } from './hub.ts';
