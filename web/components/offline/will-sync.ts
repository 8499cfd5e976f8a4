import { showToast } from '../toast';

export const WILL_SYNC = 'Will sync when online';

/** A change made offline was kept on the device: say so instead of claiming it was saved. */
export function showWillSyncToast(): void {
  showToast(WILL_SYNC, 'You are offline. The change is kept on this device and will be sent when you are back online.');
}
