import type { Context, ParameterizedContext } from 'koa';
import type { Knex } from 'knex';
import type { Config } from './config';
import type { Actor } from './policies/actor';
import type { RealtimeEvents } from './services/realtime';

export interface AppState {
  actor: Actor;
  requestId: string;
}

/** What every request can reach: set once on app.context by createApp. */
export interface AppDeps {
  config: Config;
  knex: Knex;
  realtime: RealtimeEvents;
  mediaMode: () => 'sfu' | 'p2p';
}

export type AppContext = ParameterizedContext<AppState, Context & { deps: AppDeps }>;
