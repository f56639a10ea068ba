import { apiRoutes, type PasswordCounts } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { RequestContext } from '../../http/context.ts';
import { registerRoute } from '../../http/register.ts';
import type { AccountService } from './account.service.ts';
import type { LoginService, Meta } from './login.service.ts';

const meta = (ctx: RequestContext): Meta => ({ ip: ctx.ip, userAgent: ctx.userAgent });
const counts = (b: PasswordCounts): PasswordCounts => ({
  length: b.length,
  alpha_capitals: b.alpha_capitals,
  numbers: b.numbers,
  special_chars: b.special_chars,
});
const done = { success: true as const };

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  login: LoginService,
  account: AccountService,
) {
  registerRoute(app, deps, apiRoutes.login, async ({ body }, ctx) => {
    const { length, alpha_capitals, numbers, special_chars } = body;
    const hasCounts =
      length !== undefined &&
      alpha_capitals !== undefined &&
      numbers !== undefined &&
      special_chars !== undefined;
    const answer = await login.login(
      {
        login: body.login,
        password: body.password,
        code: body.secret_code ?? body.otp_code,
        newPassword:
          body.new_password === undefined
            ? undefined
            : {
                digest: body.new_password,
                counts: hasCounts ? { length, alpha_capitals, numbers, special_chars } : zeroCounts,
              },
      },
      meta(ctx),
    );
    return { ...done, ...answer };
  });

  registerRoute(app, deps, apiRoutes.refreshToken, async (_input, ctx, req) => ({
    ...done,
    token: await login.refresh(req, meta(ctx)),
  }));

  registerRoute(app, deps, apiRoutes.logout, async (_input, ctx) => {
    await login.logout(ctx.principal, meta(ctx));
    return done;
  });

  registerRoute(app, deps, apiRoutes.getSecret, async ({ body }, ctx) => ({
    ...done,
    ...(await login.getSecret(ctx.principal, body.password, meta(ctx))),
  }));

  registerRoute(app, deps, apiRoutes.renewPasswordInfo, async ({ params }) => ({
    ...done,
    ...(await account.renewalInfo(params.token)),
  }));

  registerRoute(app, deps, apiRoutes.renewPassword, async ({ params, body }, ctx) => {
    await account.renewPassword(params.token, { digest: body.new_password, counts: counts(body) }, meta(ctx));
    return done;
  });

  registerRoute(app, deps, apiRoutes.changePassword, async ({ body }, ctx) => {
    await account.changePassword(
      ctx.principal,
      body.old_password,
      { digest: body.new_password, counts: counts(body) },
      meta(ctx),
    );
    return done;
  });

  registerRoute(app, deps, apiRoutes.changeEmail, async ({ body }, ctx) => ({
    ...done,
    ...(await account.changeEmail(ctx.principal, body.password, body.email, meta(ctx))),
  }));

  registerRoute(app, deps, apiRoutes.resendEmailConfirmation, async (_input, ctx) => {
    await account.resendConfirmation(ctx.principal);
    return done;
  });

  registerRoute(app, deps, apiRoutes.confirmEmail, async ({ params }, ctx) => ({
    ...done,
    ...(await account.confirmEmail(params.token, meta(ctx))),
  }));
}

/** A new password sent without its counts fails the policy check with a clear message. */
const zeroCounts: PasswordCounts = { length: 0, alpha_capitals: 0, numbers: 0, special_chars: 0 };
