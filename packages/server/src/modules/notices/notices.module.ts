import type { AppModule } from '../module.ts';
import { registerNoticesRoutes } from './notices.routes.ts';
import { createNoticesService } from './notices.service.ts';

/** System notices: staff publish them, clients list, open and mark them read. */
export const noticesModule: AppModule = {
  name: 'notices',
  register(app, deps) {
    registerNoticesRoutes(app, deps, createNoticesService(deps));
  },
};
