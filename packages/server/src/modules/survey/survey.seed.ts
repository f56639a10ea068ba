import type { AppDeps } from '../../deps.ts';
import { service } from '../../deps.ts';
import type { DemoSeedContext } from '../module.ts';

/**
 * One demo survey, defined by the demo admin and left inactive: staff switch it on in the console
 * (an active survey would greet every demo login, journeys included).
 */
export async function seedDemoSurvey(deps: AppDeps, ctx: DemoSeedContext): Promise<void> {
  const adminId = ctx.ids.adminUserId;
  if (!adminId) return;
  const principal = await service(deps, 'sessions').principalFor(adminId, 'seed', null);
  await service(deps, 'survey').create(principal, {
    title: 'How are we doing?',
    active: false,
    questions: [
      {
        text: 'How satisfied are you with the portal overall?',
        type: 'rating',
        required: true,
        options: [],
      },
      {
        text: 'Which areas do you use most?',
        type: 'multi',
        required: false,
        options: ['Payments', 'Currency exchange', 'Statements', 'Virtual accounts'],
      },
      { text: 'What should we improve first?', type: 'text', required: false, options: [] },
    ],
  });
}
