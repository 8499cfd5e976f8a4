import type { BrowserContext, CDPSession, Page } from '@playwright/test';

interface PushMessagingEvent {
  eventName: string;
  eventMetadata: Array<{ key: string; value: string }>;
}

const COMPLETED = 'Push event completed';
const DISPATCHED = 'Push event dispatched';
/** How long a push is given to reach the worker before it is sent again (a busy machine starts a worker slowly). */
const DISPATCH_WAIT_MS = 10_000;
const ATTEMPTS = 3;
/** How long the worker's handler is given once the push reached it. */
const COMPLETION_WAIT_MS = 20_000;

/**
 * Pushes to the page's service worker the way DevTools does (CDP `ServiceWorker.deliverPushMessage`), and
 * follows each push through Chromium's own push-messaging log (DevTools' Background Services): dispatched
 * to the worker, then completed with a status ('Success' once the handler's `waitUntil` work resolved,
 * i.e. its notification is shown).
 */
export class PushDelivery {
  private readonly events: PushMessagingEvent[] = [];
  private readonly sends: string[] = [];

  private constructor(
    private readonly cdp: CDPSession,
    private readonly origin: string,
    private readonly registrationId: string,
  ) {
    cdp.on('BackgroundService.backgroundServiceEventReceived', ({ backgroundServiceEvent }) => this.events.push(backgroundServiceEvent));
  }

  static async open(context: BrowserContext, page: Page): Promise<PushDelivery> {
    const cdp = await context.newCDPSession(page);
    const origin = new URL(page.url()).origin;
    // Listened for before Enable: the registrations it reports can arrive before its own answer.
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('BackgroundService.startObserving', { service: 'pushMessaging' });
    await cdp.send('BackgroundService.setRecording', { shouldRecord: true, service: 'pushMessaging' });
    return new PushDelivery(cdp, origin, await registrationId);
  }

  /**
   * Sends `data` and resolves with the status Chromium gave the push event's completion. A push that never
   * reached the worker is sent again (up to three sends): that loss is DevTools' delivery, not the app's
   * handler, which has then not run at all.
   */
  async deliver(data: string): Promise<string | undefined> {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const seen = this.events.length;
      this.sends.push(new Date().toISOString());
      await this.cdp.send('ServiceWorker.deliverPushMessage', { origin: this.origin, registrationId: this.registrationId, data });
      if (!(await this.logged([DISPATCHED, COMPLETED], seen, DISPATCH_WAIT_MS))) continue;
      const completed = await this.logged([COMPLETED], seen, COMPLETION_WAIT_MS);
      return completed?.eventMetadata.find((m) => m.key === 'Status')?.value;
    }
    return undefined;
  }

  /** The first of `names` Chromium logged after the first `seen` entries, waited for up to `ms`. */
  private async logged(names: string[], seen: number, ms: number): Promise<PushMessagingEvent | undefined> {
    for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
      const found = this.events.slice(seen).find((e) => names.includes(e.eventName));
      if (found) return found;
    }
    return undefined;
  }

  /** What was sent and what Chromium logged, for a failure message. */
  describe(): string {
    const logged = this.events.map((e) => `${e.eventName} (${e.eventMetadata.filter((m) => m.key !== 'Payload').map((m) => `${m.key}: ${m.value}`).join(', ')})`);
    return `registration ${this.registrationId}; sent at ${this.sends.join(', ')}; Chromium's push log: ${logged.join('; ') || 'nothing'}`;
  }
}
