import { storageFor } from '../../adapters/storage/storage.ts';
import type { AppModule } from '../module.ts';
import { registerMessagesRoutes } from './messages.routes.ts';
import { createMessagesService } from './messages.service.ts';

/** Messages with support: cases, threads, attachments, unread counts and the staff console side. */
export const messagesModule: AppModule = {
  name: 'messages',
  async register(app, deps) {
    // One store per process, shared by every module: S3 when configured, else the data folder.
    const storage = storageFor(deps.config);
    await registerMessagesRoutes(app, deps, createMessagesService(deps, storage));
  },
};
