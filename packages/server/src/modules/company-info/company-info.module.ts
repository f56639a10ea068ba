import type { AppModule } from '../module.ts';
import { registerCompanyInfoRoutes } from './company-info.routes.ts';
import { type CompanyInfoService, createCompanyInfoService } from './company-info.service.ts';
import { seedCompanyInfo } from './company-info.seed.ts';

declare module '../../deps.ts' {
  interface ServiceRegistry {
    /** List of Contacts, provider contacts, Features and Alerts of a client company. */
    companyInfo: CompanyInfoService;
  }
}

export const companyInfoModule: AppModule = {
  name: 'company-info',
  register(app, deps) {
    deps.services.companyInfo = createCompanyInfoService(deps);
    registerCompanyInfoRoutes(app, deps);
  },
  seed: seedCompanyInfo,
};
