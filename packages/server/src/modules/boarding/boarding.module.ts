import { storageFor } from '../../adapters/storage/storage.ts';
import {
  SimulatedVerificationProvider,
  type VerificationProvider,
} from '../../adapters/verification/verification-provider.ts';
import { registerDocsRoutes } from '../boarding-docs/docs.routes.ts';
import { createDocsService } from '../boarding-docs/docs.service.ts';
import { registerFilesRoutes } from '../boarding-files/files.routes.ts';
import { createFilesService, FILE_CHECK_JOB } from '../boarding-files/files.service.ts';
import type { AppModule } from '../module.ts';
import { registerOperatorRoutes } from '../operator/operator.routes.ts';
import { createOperatorService } from '../operator/operator.service.ts';
import { registerVerificationRoutes } from '../verification/verification.routes.ts';
import { createVerificationService, VERIFICATION_POLL_JOB } from '../verification/verification.service.ts';
import { registerAccessRoutes } from './access.routes.ts';
import { type BoardingRecords, createAccessService } from './access.service.ts';
import { seedBoarding } from './boarding.seed.ts';
import { createContactsService } from './contacts.service.ts';
import { createFormsService } from './forms.service.ts';
import { registerFormsRoutes } from './forms.routes.ts';
import { createOverviewService, type OverviewService } from './overview.service.ts';

declare module '../../deps.ts' {
  interface ServiceRegistry {
    /** ID & facial verification provider (the simulator unless configured otherwise). */
    verificationProvider: VerificationProvider;
    /** The to-do and go-live checklist of a boarding record (dashboard widget of a live company). */
    boardingOverview: OverviewService;
    /** Contacts of a live company's boarding record, as company info edits them (caller's transaction). */
    boardingContacts: Pick<BoardingRecords, 'insertContact' | 'updateContact' | 'deleteContact'>;
  }
}

/**
 * Boarding, from the emailed link to go-live, and its operator console. One module registers the
 * sub-areas (boarding, boarding-files, boarding-docs, verification, operator) so they share one
 * storage and one verification provider.
 */
export const boardingModule: AppModule = {
  name: 'boarding',
  async register(app, deps) {
    // One store per process, shared by every module: S3 when configured, else the data folder.
    const storage = storageFor(deps.config);
    const provider = new SimulatedVerificationProvider(deps.db, deps.clock, deps.config.publicUrl);
    deps.services.verificationProvider = provider;

    const access = createAccessService(deps);
    const files = createFilesService(deps, storage, access.records);
    const forms = createFormsService(deps);
    const docs = createDocsService(deps, storage, files, access.records);
    const overview = createOverviewService(deps, files, docs);
    deps.services.boardingOverview = overview;
    const { insertContact, updateContact, deleteContact } = access.records;
    deps.services.boardingContacts = { insertContact, updateContact, deleteContact };
    const contacts = createContactsService(deps, docs);
    const verification = createVerificationService(deps, provider, access.records);
    const operator = createOperatorService(deps, { access, forms, files, docs, overview });

    deps.auth.set('boarding', (req) => access.resolveBoarding(req));
    deps.auth.set('verification', (req) => access.resolveVerification(req));
    deps.jobs.work<{ accountId: string; fileId: string }>(FILE_CHECK_JOB, (j) =>
      files.automatedCheck(j.accountId, j.fileId),
    );
    deps.jobs.work<{ accountId: string; personId: string }>(VERIFICATION_POLL_JOB, async (j) => {
      await verification.refresh(j.accountId, j.personId);
    });

    registerAccessRoutes(app, deps, { access, overview, contacts, verification });
    registerFormsRoutes(app, deps, { forms, docs });
    await registerFilesRoutes(app, deps, files);
    registerDocsRoutes(app, deps, docs);
    registerVerificationRoutes(app, deps, { verification, docs });
    registerOperatorRoutes(app, deps, { operator, files, docs, verification });
  },

  seed: seedBoarding,
};
