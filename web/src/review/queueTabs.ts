/** What the queue shows: guests' photos, or their guestbook messages (?show=messages). */
export type ReviewKind = 'PHOTOS' | 'MESSAGES';

export const KINDS: readonly ReviewKind[] = ['PHOTOS', 'MESSAGES'];

/**
 * The texts that name what a tab reviews: French and Spanish agree them with photos (feminine) or messages
 * (masculine), so each tab has its own.
 */
export const TEXTS = {
  PHOTOS: {
    tab: 'review.photosTab',
    intro: 'review.intro',
    filter: 'review.tabs',
    hiddenTab: 'review.hiddenTab',
    emptyHidden: 'review.emptyHidden',
    selectAll: 'review.selectAllPhotos',
    selected: 'review.selectedPhotos',
    approved: 'review.approved',
    hidden: 'review.hidden',
    selectOne: 'review.select',
    approveOne: 'review.approveOne',
    hideOne: 'review.hideOne',
  },
  MESSAGES: {
    tab: 'review.messagesTab',
    intro: 'review.messagesIntro',
    filter: 'review.messageTabs',
    hiddenTab: 'review.hiddenMessagesTab',
    emptyHidden: 'review.emptyHiddenMessages',
    selectAll: 'review.selectAllMessages',
    selected: 'review.selectedMessages',
    approved: 'review.messagesApproved',
    hidden: 'review.messagesHidden',
    selectOne: 'review.selectMessage',
    approveOne: 'review.approveMessage',
    hideOne: 'review.hideMessage',
  },
} as const;

/**
 * The tab a key moves to in a horizontal tab list, as the WAI-ARIA tabs pattern has it: the arrows to the
 * next or previous tab, round the ends; Home and End to the first and last. Undefined for any other key.
 */
export function tabAfterKey<T>(tabs: readonly T[], current: T, key: string): T | undefined {
  const at = tabs.indexOf(current);
  switch (key) {
    case 'ArrowRight':
      return tabs[(at + 1) % tabs.length];
    case 'ArrowLeft':
      return tabs[(at - 1 + tabs.length) % tabs.length];
    case 'Home':
      return tabs[0];
    case 'End':
      return tabs[tabs.length - 1];
    default:
      return undefined;
  }
}
