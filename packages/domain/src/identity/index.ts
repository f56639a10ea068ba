export * from './auth.api.ts';
export * from './groups.api.ts';
export * from './identity.api.ts';
export * from './identity.errors.ts';
export * from './menu.ts';
export * from './password-policy.ts';
export * from './security-history.ts';
export * from './users.api.ts';
