import { registerRightsLoader } from '../../shared/session/index.ts';
import { loadMyRights } from './api.ts';

// Imported once by the router: the side menu and `useRights` read GET /frusrs/rights from now on.
registerRightsLoader(loadMyRights);
