import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { AuthGuard } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { createLocalContentScreen, type ContentScreen } from './content-screen.ts';
import { createHttpContentScreen } from './http-content-screen.ts';
import { createLocalStyleGenerator } from './share-style.ts';
import { createSharingRepo } from './sharing.repo.ts';
import { sharingRoutes } from './sharing.routes.ts';
import { createSharingService, type SharingService } from './sharing.service.ts';

type SharingDeps = Parameters<typeof createSharingService>[0];
export type { ContentScreen, ScreenResult } from './content-screen.ts';
export { screenedNote } from './screened-note.ts';

/**
 * The screen of notes a stranger will read: CONTENT_SCREEN_URL's service when set, else the shop's
 * own. Gift-link notes and "top me up" request notes (issue 31) go through the same one.
 */
export const noteScreen = (config: Config): ContentScreen =>
  config.sharing.contentScreenUrl
    ? createHttpContentScreen({ url: config.sharing.contentScreenUrl })
    : createLocalContentScreen();

/**
 * Gift links and share types (issue 15): notes screened by CONTENT_SCREEN_URL's service when set,
 * else by the shop's own screen; each type's style made here.
 */
export async function registerSharingModule(
  app: FastifyInstance,
  deps: Pick<
    SharingDeps,
    'findOrder' | 'orderView' | 'findDeliveredCard' | 'readPins' | 'accountName'
  > & { config: Config; database: Database; clock: Clock; guard: AuthGuard },
): Promise<SharingService> {
  const { config, database, guard, ...rest } = deps;
  const sharing = createSharingService({
    ...rest,
    repo: createSharingRepo(database.db),
    config: { publicUrl: config.publicUrl, ...config.sharing },
    screen: noteScreen(config),
    styles: createLocalStyleGenerator(),
  });
  await app.register(sharingRoutes(sharing, guard));
  return sharing;
}
