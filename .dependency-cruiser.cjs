/**
 * Module boundaries, checked on every `npm run lint` (docs/decisions.md, "Code health: module
 * boundaries"). Paths are relative to the repository root.
 */
const MODULES = '^packages/server/src/modules/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-foreign-repo',
      severity: 'error',
      comment:
        "A server module uses another module only through that module's service (service(deps, 'name') " +
        'or its *.service.ts / *.module.ts / index.ts), never its *.repo.ts: the repo is where its tables ' +
        'and queries live, and they are its own.',
      from: { path: `${MODULES}([^/]+)/` },
      to: {
        path: `${MODULES}[^/]+/.*\\.repo\\.ts$`,
        pathNot: `${MODULES}$1/`,
      },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circles in the workspace packages: one side should depend on the other, not both.',
      from: { path: '^packages/' },
      to: { circular: true },
    },
    {
      name: 'web-shared-not-to-features',
      severity: 'error',
      comment: 'packages/web/src/shared is used by features; it must not import from them.',
      from: { path: '^packages/web/src/shared/' },
      to: { path: '^packages/web/src/features/' },
    },
    {
      name: 'web-feature-internals',
      severity: 'error',
      comment:
        "A web feature uses another feature only through that feature's index.ts (what it offers to " +
        'others) or its api.ts (queries and mutations); its components, hooks, forms and pages are its ' +
        'own. A piece two features need belongs in packages/web/src/shared.',
      from: { path: '^packages/web/src/features/([^/]+)/' },
      to: {
        path: '^packages/web/src/features/[^/]+/',
        pathNot: [
          '^packages/web/src/features/$1/',
          '^packages/web/src/features/[^/]+/(index|api|[a-z-]+[.]api)[.]ts$',
        ],
      },
    },
    {
      name: 'web-features-not-upward',
      severity: 'error',
      comment:
        'Features are used by the app shell (packages/web/src/app), never the other way round: what a ' +
        'feature needs from the shell (route names, the password digest) lives in packages/web/src/shared.',
      from: { path: '^packages/web/src/(features|shared)/' },
      to: { path: '^packages/web/src/app/' },
    },
    {
      name: 'domain-not-to-server-or-web',
      severity: 'error',
      comment: 'packages/domain is shared by server and browser; it imports neither.',
      from: { path: '^packages/domain/' },
      to: { path: '^packages/(server|web)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|build|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
