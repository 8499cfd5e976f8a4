/**
 * A status machine written as the status a record starts in plus one table of named actions: each
 * action says which statuses it may be taken from and which status it leaves behind. Everything else
 * (the transitions, what a status offers, whether it is final) is read from that table, so web, server
 * and signalling cannot drift apart.
 * Pure TypeScript: no Node or DOM imports.
 */

export interface StatusAction<S extends string> {
  readonly from: readonly S[];
  readonly to: S;
}

export class StatusMachine<S extends string, Actions extends Readonly<Record<string, StatusAction<S>>>> {
  constructor(
    readonly statuses: readonly S[],
    readonly initial: S,
    readonly actions: Actions,
  ) {}

  /** Whether the action may be taken in this status. */
  can(status: S, action: keyof Actions & string): boolean {
    return this.actions[action].from.includes(status);
  }

  /** The actions a record in this status offers, in table order. */
  actionsFrom(status: S): Array<keyof Actions & string> {
    return (Object.keys(this.actions) as Array<keyof Actions & string>).filter((action) => this.can(status, action));
  }

  /** The other statuses one action away, in table order (an action that keeps the status, such as a reschedule, moves nowhere). */
  nextStatuses(status: S): S[] {
    const targets = this.actionsFrom(status).map((action) => this.actions[action].to);
    return [...new Set(targets)].filter((to) => to !== status);
  }

  /** Whether some action changes the status from one to the other. */
  canTransition(from: S, to: S): boolean {
    return this.nextStatuses(from).includes(to);
  }

  /** Nothing can be done to a record in this status any more. */
  isFinal(status: S): boolean {
    return this.actionsFrom(status).length === 0;
  }
}
