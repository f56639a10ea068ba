import type { AppModule } from '../module.ts';
import { registerSystemRoutes } from './system.routes.ts';

export const systemModule: AppModule = {
  name: 'system',
  register: registerSystemRoutes,
};
