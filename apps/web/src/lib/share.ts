/**
 * The system's share sheet (Web Share API: WhatsApp, Telegram... on a phone) where the browser has one;
 * callers keep a copy button beside it for the browsers without (issue 33).
 */
export const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/** Opens the share sheet; a player who closes it has not failed (AbortError), anything else is thrown. */
export async function shareLink(data: { title: string; text: string; url: string }): Promise<void> {
  try {
    await navigator.share(data);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    throw error;
  }
}
